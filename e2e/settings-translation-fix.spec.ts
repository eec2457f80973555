import { expect, test } from '@playwright/test';
import { addWords, UPLOAD_TIMEOUT_MS, signInLearner } from './support';

test('a translation fix against the language model streams its corrections into Settings', async ({
  page,
}) => {
  // An upload and then the fix, each waited for with its own bound.
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page);
  // The learner's own words and key, through the real calls the Upload and API screens use.
  const key = await page.request.post('/api/validate-openai-key', { data: { apiKey: 'sk-test-valid' } });
  expect(await key.json()).toEqual({ valid: true });
  await addWords(page, ['perro / пёс', 'casa / здание', 'gato / кошка']);

  await page.goto('/settings?tab=api');
  await page.getByRole('button', { name: 'Запустить исправление' }).click();
  const corrections = page.getByText('Последние исправления').locator('..');
  await expect(corrections.getByText('perro: пёс → собака')).toBeVisible({ timeout: 20_000 });
  await expect(corrections.getByText('casa: здание → дом')).toBeVisible();
  await expect(page.getByText('Исправление переводов завершено').first()).toBeVisible();

  const listed = (await (await page.request.get('/api/words')).json()) as Array<{
    spanish: string;
    russian: string;
  }>;
  expect(listed.map((word) => word.russian).sort()).toEqual(['дом', 'кошка', 'собака']);
});
