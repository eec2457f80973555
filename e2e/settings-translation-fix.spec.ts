import { expect } from '@playwright/test';
import { signInLearner, test } from './support';
import { expectNoSeriousViolations } from './axe-violations';

/**
 * Without a language-model key, the dictionary's maintenance menu as a browser draws it: the new phrases'
 * action disabled, its reason an item of the open Radix menu that leads to the key
 * (docs/product/settings.md#translation-fix). Settings › API's fix, disabled with its reason and link, is
 * tests/unit/client/translation-fix-section.test.tsx's; the server's 400 `translation_fix_key_missing`,
 * tests/integration/word-maintenance.test.ts's; Settings › API's axe scan, e2e/accessibility.spec.ts's.
 */
test('without a language-model key the new phrases are disabled in the open menu, whose reason leads to the key', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/dictionary');
  await page.getByRole('button', { name: 'Обслуживание' }).click();
  const phrases = page.getByRole('menuitem', { name: 'Перегенерировать все фразы' });
  await expect(phrases).toHaveAttribute('aria-disabled', 'true');
  await expect(phrases).toHaveAccessibleDescription(/нужен ключ OpenAI/);
  await expectNoSeriousViolations(page);
  await page.getByRole('menuitem', { name: /Новым фразам нужен ключ OpenAI/ }).click();
  await expect(page).toHaveURL(/\/settings\?tab=api$/);
  await expect(page.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
});
