import { expect } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-violations';
import { signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/**
 * axe on every screen and on the states where menus, dialogs and players change the page
 * (docs/product/overview.md#accessibility): colour contrast needs a real rendering. Each state is scanned
 * once; Settings' tabs are scanned where their tests open them (settings-display.spec.ts,
 * settings-audio.spec.ts).
 */

test('the landing, sign-in and registration pages have no serious accessibility violation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Продолжить через Google' })).toBeDisabled();
  await expectNoSeriousViolations(page);

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('home, the user menu open, the upload results and Learn with its menu open and playing have no serious violation', async ({
  page,
}) => {
  // An upload and five axe runs: on a busy two-core machine, well past the default 30 s (52 s seen).
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page);
  await expect(page.getByText('Ваш словарь пока пуст')).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // The button is named by the name it shows first (label in name).
  await expect(page.getByRole('button', { name: 'Меню пользователя' })).toHaveAccessibleName(
    /^Марина Меню пользователя$/,
  );
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  // The upload's words are the ones Learn shows next. Screens are reached by the app's own links, not page
  // loads; the word card is scanned open in e2e/dictionary.spec.ts.
  await page
    .getByRole('region', { name: 'Разделы' })
    .getByRole('link', { name: /Загрузить слова/ })
    .click();
  await page
    .getByLabel('Пары слов, по одной на строку')
    .fill(['correr / бегать', 'correr / бежать', 'nadar', '123'].join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  // 'nadar' is kept without a translation; '123' has no Spanish and comes back into the box.
  await expect(page.getByRole('region', { name: /^Ошибки: 1$/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: /^Пропущенные дубликаты: 1$/ })).toBeVisible();
  await expect(page.getByText('перевод не указан', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Пары слов, по одной на строку')).toHaveValue('123');
  await expectNoSeriousViolations(page);

  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  await nav.getByRole('link', { name: 'Изучение' }).click();
  await expect(page.getByTestId('learn-counter')).toHaveText('1 из 2');
  await page.getByRole('button', { name: 'Меню' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  // Still in the accessibility tree with the menu open.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Изучение' })).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('button', { name: 'Воспроизвести все' }).click();
  await expect(page.getByRole('button', { name: 'Остановить' })).toBeVisible();
  await expectNoSeriousViolations(page);
});
