import { expect, test } from '@playwright/test';
import { addWords, expectNoSeriousViolations, UPLOAD_TIMEOUT_MS, signInLearner } from './support';

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

test('without a language-model key the fix and the new phrases are disabled, saying why and where the key goes', async ({
  page,
}) => {
  await signInLearner(page);
  await page.goto('/settings?tab=api');
  const start = page.getByRole('button', { name: 'Запустить исправление' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/нужен ключ OpenAI/);
  const reason = page.getByText(/Исправлению переводов нужен ключ OpenAI/);
  await expect(reason.getByRole('link', { name: 'Настройки › API' })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
  await expectNoSeriousViolations(page);

  // Called anyway, the server names what is missing rather than failing vaguely.
  const answer = await page.request.post('/api/words/regenerate-translations');
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({ code: 'translation_fix_key_missing' });

  // The dictionary's menu: the phrases' action disabled, and its reason leads to the key.
  await page.goto('/dictionary');
  await page.getByRole('button', { name: 'Обслуживание' }).click();
  const phrases = page.getByRole('menuitem', { name: 'Перегенерировать все фразы' });
  await expect(phrases).toHaveAttribute('aria-disabled', 'true');
  await expect(phrases).toHaveAccessibleDescription(/нужен ключ OpenAI/);
  await expectNoSeriousViolations(page);
  await page.getByRole('menuitem', { name: /Новым фразам нужен ключ OpenAI/ }).click();
  await expect(page).toHaveURL(/\/settings\?tab=api$/);
});
