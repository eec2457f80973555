import { expect, type Page } from '@playwright/test';
import { signInLearner, test } from './support';

/**
 * Settings at phone width (390×844), in both interface languages: every tab stays inside the tab bar and
 * the viewport, and opens its tab when tapped (docs/product/settings.md#settings).
 */

test.use({ viewport: { width: 390, height: 844 } });

const TABS = {
  ru: ['Интерфейс', 'Аудио', 'Изображения', 'API', 'Данные'],
  en: ['Interface', 'Audio', 'Images', 'API', 'Data'],
} as const;

async function expectTabsInsideTheBar(page: Page, names: readonly string[], barName: string) {
  const bar = page.getByRole('tablist', { name: barName });
  const barBox = await bar.boundingBox();
  expect(barBox).not.toBeNull();
  for (const name of names) {
    const tab = bar.getByRole('tab', { name, exact: true });
    const box = await tab.boundingBox();
    expect(box, name).not.toBeNull();
    // Inside the bar's box (which is inside the viewport), not wrapped below it.
    expect(box!.x, name).toBeGreaterThanOrEqual(barBox!.x - 0.5);
    expect(box!.y, name).toBeGreaterThanOrEqual(barBox!.y - 0.5);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(barBox!.x + barBox!.width + 0.5);
    expect(box!.y + box!.height, name).toBeLessThanOrEqual(barBox!.y + barBox!.height + 0.5);
    expect(barBox!.x + barBox!.width).toBeLessThanOrEqual(390);
  }
  for (const name of [...names].reverse()) {
    const tab = bar.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
}

// One page in both languages: the second is the same screen after the switch, so no second sign-in.
test('the settings tabs fit the tab bar of a phone, in Russian and in English', async ({ page }) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Настройки' })).toBeVisible();
  await expectTabsInsideTheBar(page, TABS.ru, 'Разделы настроек');
  await page.evaluate(() => localStorage.setItem('interfaceLanguage', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expectTabsInsideTheBar(page, TABS.en, 'Settings sections');
});
