import { expect } from '@playwright/test';
import { holdChunkUntil, signInLearner, test } from './support';

/**
 * A screen draws its menus' buttons only; each menu's code comes once the page is idle or the learner reaches
 * for its button (docs/product/overview.md#serving-the-client). The menu must work as if it had always been
 * there: a press that comes before the code opens it when the code arrives, and the keyboard keeps its
 * place.
 */
test('a menu pressed before its code has arrived opens when it does, and the keyboard keeps its place', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const wasHeld = await holdChunkUntil(page, /\/assets\/user-menu-content\.component-[\w-]+\.js$/, released);
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

  // From the keyboard: the button keeps the focus, Enter opens the menu, Escape gives the focus back.
  await page.reload();
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
