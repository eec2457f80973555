import { expect } from '@playwright/test';
import { expectNoSeriousViolations, signInLearner, test } from './support';

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
