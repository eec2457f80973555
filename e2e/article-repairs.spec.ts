import { expect } from '@playwright/test';
import { addWords, listWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/**
 * 'Слова с лишним артиклем' (docs/product/dictionary.md#words-to-repair): words stored with an article and no
 * CEFR level whose bare spelling is no noun are offered for repair, one by one or all at once.
 */
test('the maintenance menu lists words with a stray article and fixes them on request', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  // Typed with an article, as an earlier upload without a model would have stored them.
  await addWords(page, ['el muy - очень', 'la nunca - никогда', 'el bueno - хороший', 'el perro - собака']);
  await page.goto('/dictionary');
  await page.getByRole('button', { name: 'Обслуживание' }).click();
  await page.getByRole('menuitem', { name: 'Слова с лишним артиклем' }).click();

  const dialog = page.getByRole('dialog', { name: 'Слова с лишним артиклем' });
  const listed = dialog.getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.filter({ hasText: 'el perro' })).toHaveCount(0);
  await listed.filter({ hasText: 'el muy' }).getByRole('button', { name: 'Исправить' }).click();
  await expect(listed).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Исправить все (2)' }).click();
  await expect(dialog.getByText('Таких слов нет.')).toBeVisible();

  const spanish = (await listWords(page)).map((word) => word.spanish).sort();
  expect(spanish).toEqual(['bueno', 'el perro', 'muy', 'nunca']);
});
