import { expect } from '@playwright/test';
import { watchScreens } from './screen-checks';
import { test, uniqueUser } from './support';

/**
 * Signing up, out and in through the forms, against the real server and its session cookie
 * (docs/product/auth.md), on a phone: each signed-out page is measured for sideways scroll on the way, and
 * none breaks its Content-Security-Policy. What each form checks and says, where a signed-out visitor is
 * sent, the auth-error page's texts, a new learner's home and the bar are tests/unit/client/
 * auth-pages-forms.test.tsx's and shell-navigation.test.tsx's; the server's answers are
 * tests/integration/auth.test.ts's.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('on a phone, a visitor registers, logs out and signs in again through the forms', async ({ page }) => {
  const expectSound = await watchScreens(page);
  const heading = page.getByRole('heading', { level: 1 });
  const user = uniqueUser();

  // From page to page by their links, as a visitor goes: one page load.
  await page.goto('/auth-error');
  await expectSound(heading, '/auth-error');
  await page.getByRole('link', { name: 'На главную' }).click();
  await expect(page).toHaveURL('/');
  await expectSound(page.getByRole('heading', { level: 1, name: 'Изучай испанский' }), '/');
  // A link shows the screen it leaves until the next one's code is in (src/client/app/app-routes.component.tsx):
  // each screen is known by its own heading.
  await page.getByRole('link', { name: 'Создать аккаунт' }).click();
  await expect(page).toHaveURL('/register');
  await expectSound(page.getByRole('heading', { level: 1, name: 'Регистрация' }), '/register');
  await page.getByLabel('Имя', { exact: true }).fill(user.firstName);
  await page.getByLabel('Фамилия').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Подтверждение пароля').fill(user.password);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // Signed in by the registration's own cookie.
  await expect(page.getByRole('heading', { level: 1, name: `Привет, ${user.firstName}!` })).toBeVisible();

  // On a phone the welcome toast lies over the header; whenever it is in the way, it is closed as a learner
  // closes it. Waiting for it to go could last the whole test: Radix pauses a toast's timer while it is
  // hovered or its window has no focus.
  await page.addLocatorHandler(
    page
      .getByRole('region', { name: /^Уведомления/ })
      .getByRole('listitem')
      .filter({ hasText: 'Регистрация успешна' }),
    async (toast) => toast.getByRole('button', { name: 'Закрыть' }).click(),
  );
  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  // The logout loads the landing page afresh, signed out.
  await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await expectSound(heading, '/ after the logout');

  await page.getByRole('link', { name: 'Создать аккаунт' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL('/login');
  await expectSound(page.getByRole('heading', { level: 1, name: 'Вход' }), '/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль').fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Привет, ${user.firstName}!` })).toBeVisible();
  await expectSound(heading, 'home');
});
