import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-violations';
import { signInLearner, test } from './support';

/**
 * Settings in the browser: what the saved appearance does to the page (docs/product/settings.md#interface-tab,
 * docs/product/settings.md#theme), the selects and tabs from the keyboard, and axe on the tabs. What each
 * control shows and saves, and the tabs in the address, are RTL tests (tests/unit/client/settings-*.test.tsx).
 */

/** Runs `action` and waits for the settings save it triggers, returning the body that was sent. */
async function savedBy(page: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([
    // The API client adds a cache-busting query, so the path is compared, not the whole URL.
    page.waitForRequest(
      (sent) => sent.method() === 'PUT' && new URL(sent.url()).pathname === '/api/settings',
    ),
    action(),
  ]);
  const response = await request.response();
  expect(response?.ok()).toBe(true);
  return request.postDataJSON() as Record<string, unknown>;
}

async function openSettings(page: Page) {
  await signInLearner(page, { openHome: false });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
}

const rootPrimary = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--primary'));
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('font size, colour scheme and theme reach the page at once, the theme follows the device, all kept over a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openSettings(page);
  await expect(page.getByRole('tab', { name: 'Интерфейс' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page);

  const fontSize = page.getByRole('group', { name: 'Размер шрифта' });
  await expect(page.locator('html')).toHaveCSS('font-size', '16px');
  expect(await savedBy(page, () => fontSize.getByRole('button', { name: '120%' }).click())).toEqual({
    fontSize: '120',
  });
  await expect(page.locator('html')).toHaveCSS('font-size', '19.2px');

  const schemes = page.getByRole('group', { name: 'Цветовая схема' });
  expect(await rootPrimary(page)).toBe('222 47% 31%');
  const switchTrack = page.getByRole('switch', { name: 'Показывать теги' });
  const navyTrack = await switchTrack.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await savedBy(page, () => schemes.getByRole('button', { name: 'Океан' }).click())).toEqual({
    colorScheme: 'ocean',
  });
  await expect.poll(() => rootPrimary(page)).toBe('199 89% 38%');
  // The checked switch is painted with --primary, so the scheme reaches real pixels.
  await expect(switchTrack).not.toHaveCSS('background-color', navyTrack);

  // A new learner starts in the dark theme, chosen for them by hand; “as the system” follows the device.
  const theme = page.getByRole('combobox', { name: 'Тема' });
  await expect.poll(() => isDark(page)).toBe(true);
  await theme.click();
  await savedBy(page, () => page.getByRole('option', { name: 'Как в системе' }).click());
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await theme.click();
  await savedBy(page, () => page.getByRole('option', { name: 'Тёмная' }).click());
  await expect.poll(() => isDark(page)).toBe(true);

  // Applied again as the page loads: the mode, not the stored theme, decides, whatever the device says.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
  await expect(page.locator('html')).toHaveCSS('font-size', '19.2px');
  expect(await rootPrimary(page)).toBe('199 89% 38%');
  await expect.poll(() => isDark(page)).toBe(true);
});

test('selects and tabs work from the keyboard alone, and the Images and API tabs pass axe', async ({
  page,
}) => {
  await openSettings(page);

  // A select: typed on while closed, opened with Enter, closed with Escape.
  const warning = page.getByRole('combobox', { name: 'Внимание' });
  await expect(warning).toHaveText('20 прослушиваний');
  // Its options mount as it takes focus, so typing on the closed select picks one. A key typed before Radix's
  // trigger has taken over from the plain one (ui/select.component.tsx) picks nothing, and on a busy machine its
  // code can come after the focus: the trigger is Radix's once it carries its `dir`.
  await warning.focus();
  await expect(warning).toHaveAttribute('dir', 'ltr');
  expect(await savedBy(page, () => page.keyboard.press('3'))).toEqual({ listenThresholdWarning: 30 });
  await expect(warning).toHaveText('30 прослушиваний');
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('option', { name: '30 прослушиваний' });
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  // Opened from the keyboard, the list takes the focus on the chosen option; Escape is for the list from then.
  await expect(chosen).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(warning).toBeFocused();

  // The tabs: arrows wrap round, Home and End reach the ends, one Tab stop.
  const tabs = page.getByRole('tablist', { name: 'Разделы настроек' });
  const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
  const chosenTab = async (name: string, address: string) => {
    await expect(tab(name)).toBeFocused();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`/settings\\?tab=${address}$`));
    // Its panel is the one drawn, named by its tab.
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
  };
  await tab('Интерфейс').focus();
  await page.keyboard.press('ArrowLeft');
  await chosenTab('Данные', 'data');
  await page.keyboard.press('ArrowRight');
  await chosenTab('Интерфейс', 'interface');
  await page.keyboard.press('End');
  await chosenTab('Данные', 'data');
  await page.keyboard.press('Home');
  await chosenTab('Интерфейс', 'interface');
  // Only the chosen tab is a Tab stop: the next Tab leaves the list for the panel.
  await expect(tabs.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Интерфейс' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tab('Интерфейс')).toBeFocused();

  for (const name of ['Изображения', 'API']) {
    await tab(name).click();
    await expect(tab(name)).toHaveAttribute('aria-selected', 'true');
    // A tab after the first comes as a chunk of its own: the scan waits for its content, not its loading line.
    await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: 'Загрузка' })).toHaveCount(
      0,
    );
    await expectNoSeriousViolations(page);
  }
});
