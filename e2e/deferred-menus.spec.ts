import { expect } from '@playwright/test';
import { holdChunkUntil, signInLearner, test } from './support';

/**
 * Code that arrives late or not at all (docs/product/overview.md#serving-the-client). A screen draws its
 * menus' buttons only; each menu's code comes once the page is idle or the learner reaches for its button.
 * The menu must work as if it had always been there: a press that comes before the code opens it when the
 * code arrives, and the keyboard keeps its place. A screen whose code fails to load (after a deploy) shows
 * the error page until the learner leaves or reloads.
 */
test('a menu pressed before its code arrives opens when it does; a screen whose code fails shows the error page', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const wasHeld = await holdChunkUntil(page, /\/assets\/user-menu-content\.component-[\w-]+\.js$/, released);
  const dictionaryCode = /\/assets\/dictionary\.page-[^/]+\.js$/;
  await page.route(dictionaryCode, (route) => route.abort());
  await signInLearner(page);

  const trigger = page.getByRole('button', { name: /Меню пользователя/ });
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  await trigger.click();
  // Pressed, and said so, while the menu's code is still on its way.
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menu')).toHaveCount(0);

  release();
  await expect(page.getByRole('menuitem', { name: 'Выйти' })).toBeVisible();
  expect(wasHeld()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Основная навигация' });
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

  // On the reloaded page, from the keyboard: the button keeps the focus, Enter opens the menu, Escape gives
  // the focus back.
  const reloadedTrigger = page.getByRole('button', { name: /Меню пользователя/ });
  await reloadedTrigger.focus();
  await expect(reloadedTrigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitemradio', { name: 'Русский' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(reloadedTrigger).toBeFocused();
  await expect(reloadedTrigger).toHaveAttribute('aria-expanded', 'false');
});
