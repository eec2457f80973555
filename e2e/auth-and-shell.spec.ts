import { expect } from '@playwright/test';
import { expectNoSeriousViolations, registerThroughForm, uniqueUser, signInLearner, test } from './support';

test('register, see home, log out, log in again, meet the 404 page', async ({ page }) => {
  const user = uniqueUser();
  await registerThroughForm(page, user);

  await expect(page.getByText('Регистрация успешна', { exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  for (const item of ['Главная', 'Словарь', 'Изучение', 'Повторение', 'Аудиокниги', 'Настройки']) {
    await expect(nav.getByRole('link', { name: item })).toBeVisible();
  }
  await expect(nav.getByRole('link', { name: 'Главная' })).toHaveAttribute('aria-current', 'page');
  const sections = page.getByRole('region', { name: 'Разделы' });
  for (const card of ['Загрузить слова', 'Словарь', 'Изучение', 'Повторение', 'Настройки']) {
    await expect(sections.getByRole('heading', { name: card })).toBeVisible();
  }
  const progress = page.getByRole('region', { name: 'Ваш прогресс' });
  await expect(progress.getByText('Добавлено слов')).toBeVisible();
  await expect(progress.getByText('Никогда')).toBeVisible();
  await expect(page.getByText('Ваш словарь пока пуст')).toBeVisible();

  await page.getByRole('button', { name: 'Меню пользователя' }).click();
  await expect(page.getByRole('menu').getByText(user.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Выйти' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
  await expect(page).toHaveURL('/');

  await page.goto('/login');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль').fill(user.password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Привет, ${user.firstName}!` })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('signed out, a protected screen sends the visitor to /login', async ({ page }) => {
  await page.goto('/dictionary');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  // No provider is configured on the test server: both external buttons are offered but disabled.
  await expect(page.getByRole('button', { name: 'Продолжить через Google' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Продолжить через систему входа' })).toBeDisabled();
});

test('wrong password and mismatched confirmation are explained in Russian', async ({ page }) => {
  const user = uniqueUser();
  await page.goto('/register');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill('abcdef');
  await page.getByLabel('Подтверждение пароля').fill('abcdeg');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароли не совпадают', { exact: true })).toBeVisible();

  await page.getByLabel('Пароль', { exact: true }).fill('abc');
  await page.getByLabel('Подтверждение пароля').fill('abc');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByText('Пароль должен содержать минимум 6 символов', { exact: true })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль').fill('not-the-password');
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(page.getByText('Неверные учетные данные', { exact: true })).toBeVisible();
});

// That the Learn link also sorts the next Learn list by listens is tested with words in learn.spec.ts.
// That a book (/audiobook/5) lights up Audiobooks too is a unit test (tests/unit/client/shell-rules.test.ts):
// the player is full screen, without the bar.
test('navigation marks Audiobooks active in the library and leads to the full-screen Learn screen', async ({
  page,
}) => {
  await signInLearner(page);
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });

  await page.goto('/audiobooks');
  await expect(nav.getByRole('link', { name: 'Аудиокниги' })).toHaveAttribute('aria-current', 'page');

  await nav.getByRole('link', { name: 'Изучение' }).click();
  await expect(page).toHaveURL('/learn');
  await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeVisible();
});

test('auth-error page explains the reason and offers both ways out', async ({ page }) => {
  await page.goto('/auth-error?reason=no_user');
  await expect(page.getByRole('heading', { level: 1, name: 'Пользователь не найден' })).toBeVisible();
  await page.goto('/auth-error?reason=login_failed');
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка входа' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Попробовать снова' })).toBeVisible();
});

test('on a phone the navigation is a tab bar at the bottom and nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInLearner(page);
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  for (const path of ['/', '/dictionary', '/settings']) {
    await page.goto(path);
    await expect(nav.getByRole('link')).toHaveCount(6);
    const box = await nav.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThan(740 - 100);
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await expectNoSeriousViolations(page);
  await nav.getByRole('link', { name: 'Словарь' }).click();
  await expect(page).toHaveURL('/dictionary');
});

test('the stylesheet holds back no paint, yet the first frame the app renders is styled', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).toMatch(
    /<link rel="preload" as="style"[^>]* href="\/assets\/[^"]+\.css"[^>]* data-deferred-stylesheet>/,
  );

  // The stylesheet arrives only two frames after the app has linked it, by when the app could have rendered: it
  // must wait for the stylesheet rather than render unstyled.
  let onLinked: () => void = () => undefined;
  const linked = new Promise<void>((resolve) => (onLinked = resolve));
  await page.exposeFunction('onStylesheetLinked', () => onLinked());
  await page.route(/\/assets\/.*\.css$/, async (route) => {
    await linked;
    await route.continue();
  });
  await page.addInitScript(() => {
    const page = window as unknown as { styledAtFirstFrame: boolean; onStylesheetLinked: () => void };
    let hasReportedLink = false;
    const observer = new MutationObserver(() => {
      if (!hasReportedLink && document.querySelector('link[rel="stylesheet"]')) {
        hasReportedLink = true;
        // Two frames on: an app that did not wait for its stylesheet has rendered by then.
        requestAnimationFrame(() => requestAnimationFrame(() => page.onStylesheetLinked()));
      }
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      observer.disconnect();
      page.styledAtFirstFrame = [...document.styleSheets].some(
        (sheet) => sheet.href?.endsWith('.css') === true,
      );
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { styledAtFirstFrame?: boolean }).styledAtFirstFrame),
  ).toBe(true);
});

test('a new screen opens at its top; back returns to where the last one was scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 480 });
  await signInLearner(page);
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const scrollRoom = () =>
    page.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight);

  await expect.poll(scrollRoom).toBeGreaterThan(300);
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(scrollY).toBe(300);

  // Settings is taller than the phone's screen too, so a kept scroll position would show.
  await nav.getByRole('link', { name: 'Настройки' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
  await expect.poll(scrollRoom).toBeGreaterThan(0);
  expect(await scrollY()).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect.poll(scrollY).toBe(300);
});

test('a screen whose code fails to load shows the error page until the learner leaves or reloads', async ({
  page,
}) => {
  await signInLearner(page);
  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
  const dictionaryCode = /\/assets\/dictionary\.page-[^/]+\.js$/;
  await page.route(dictionaryCode, (route) => route.abort());

  await nav.getByRole('link', { name: 'Словарь' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toHaveCount(0);
  await expect(nav).toBeVisible();

  // Coming back while the code still fails shows the error page again; once the code can load, the page's
  // reload button brings the dictionary.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Что-то пошло не так' })).toBeVisible();
  await page.unroute(dictionaryCode);
  await page.getByRole('button', { name: 'Обновить страницу' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
});
