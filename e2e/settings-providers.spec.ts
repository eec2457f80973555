import { expect, type Page } from '@playwright/test';
import { signInLearner, test } from './support';

/**
 * Every provider call of the web server goes to the fake providers of playwright.config.ts
 * (docs/product/providers.md#openai-compatible-endpoint environment overrides), which know the keys
 * 'sk-test-valid', 'el-test-valid' and 'leo-test-valid'. One flow through Settings' Audio and API tabs,
 * the built client checking real keys against the server and choosing in the real Radix selects; the
 * server's side is tests/integration/providers-routes.test.ts's and card-voices.test.ts's, and the two tabs'
 * axe scans without keys are e2e/accessibility.spec.ts's.
 */

async function applyKey(page: Page, label: string, apiKey: string) {
  const keyInput = page.getByLabel(label, { exact: true });
  await keyInput.fill(apiKey);
  await page.locator('form').filter({ has: keyInput }).getByRole('button', { name: 'Применить' }).click();
}

test('built-in voices without a key; a rejected key explained, accepted ones saved masked, their voices and models offered', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=audio');
  await expect(page.getByRole('tab', { name: 'Аудио' })).toHaveAttribute('aria-selected', 'true');

  // Without any key the built-in voices are offered, marked offline; nothing saved, each slot shows the
  // built-in voice that speaks for it (docs/product/providers.md#card-voices).
  const spanish = page.getByRole('combobox', { name: 'Испанский голос (основной)' });
  await expect(page.getByText('Рекомендуемые голоса отмечены знаком ✓.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Второй испанский голос' })).toHaveText(
    'Автоматически: Испанский (Латинская Америка), женский',
  );
  await spanish.click();
  const offlineSpanish = page.getByRole('option', { name: /Испанский \(Испания\), мужской.*офлайн/ });
  await expect(offlineSpanish).toBeVisible();
  // Spanish voices only: the built-in Russian ones are not offered here.
  await expect(page.getByRole('option', { name: /Русский/ })).toHaveCount(0);
  await offlineSpanish.click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
  await expect(spanish).toContainText('Испанский (Испания), мужской');

  await page.getByRole('button', { name: 'Диагностика аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Диагностика аудио' });
  await expect(dialog.getByText('Ключа синтеза речи нет: озвучивают встроенные офлайн-голоса')).toBeVisible();
  // The second Spanish voice is the automatic one, so two voices speak.
  await expect(dialog.getByText('Выбраны два испанских голоса')).toBeVisible();
  await expect(dialog.getByText('Всё работает, есть замечания')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'API' }).click();
  await expect(page.getByText('Ключ не сохранён').first()).toBeVisible();
  const openaiKey = page.getByLabel('Ключ OpenAI', { exact: true });
  await expect(openaiKey).toHaveAttribute('type', 'password');
  await expect(openaiKey).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByLabel('Адрес OpenAI-совместимого API (необязательно)')).toBeVisible();
  await expect(
    page.locator('form').filter({ has: openaiKey }).getByRole('button', { name: 'Применить' }),
  ).toBeDisabled();

  // A key the provider rejects is reported with the steps to fix it, and nothing is saved.
  await applyKey(page, 'Ключ OpenAI', 'sk-not-a-real-key');
  await expect(page.getByText('OpenAI ключ недействителен', { exact: true })).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'Ключ OpenAI не прошёл проверку' });
  await expect(notice).toBeVisible();
  for (const step of [
    'Введите новый ключ в поле выше.',
    'Нажмите «Применить».',
    'Дождитесь зелёной отметки «Ключ действителен».',
    'Затем обновите голоса на вкладке «Аудио».',
  ]) {
    await expect(notice.getByText(step, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('Сохранён ключ:')).toHaveCount(0);

  // One it accepts is saved, shown masked, and loads the model list.
  await applyKey(page, 'Ключ OpenAI', 'sk-test-valid');
  await expect(page.getByText('Успешно', { exact: true })).toBeVisible();
  await expect(page.getByText('OpenAI ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('Сохранён ключ: sk-…alid', { exact: true })).toBeVisible();
  await expect(page.getByText('Ключ действителен', { exact: true })).toBeVisible();
  await expect(openaiKey).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: 'не прошёл проверку' })).toHaveCount(0);
  const model = page.getByRole('combobox', { name: 'Модель' });
  await expect(model).toBeEnabled();
  await model.click();
  await page.getByRole('option', { name: 'gpt-4.1-mini', exact: true }).click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
  await expect(model).toHaveText('gpt-4.1-mini');

  // Speech and image keys: Leonardo shows its balance.
  await applyKey(page, 'Ключ ElevenLabs', 'el-test-valid');
  await expect(page.getByText('ElevenLabs ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('Сохранён ключ: el-…alid', { exact: true })).toBeVisible();
  await applyKey(page, 'Ключ Leonardo', 'leo-test-valid');
  await expect(page.getByText('Leonardo ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('palabra-test', { exact: true })).toBeVisible();
  await expect(page.getByText('API-токены', { exact: true })).toBeVisible();

  // With ElevenLabs, its voices are the recommended ones; the offline voices stay, the Ukrainian one of the
  // fake library is offered in neither list.
  await page.getByRole('tab', { name: 'Аудио' }).click();
  await page.getByRole('combobox', { name: 'Русский голос' }).click();
  await expect(page.getByRole('option', { name: /^Dmitri.*рекомендуется/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Русский, женский.*офлайн/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Oksana/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await spanish.click();
  await expect(page.getByRole('option', { name: /^Lucía.*рекомендуется/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Rachel/ })).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Oksana/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The key survives a reload, still masked.
  await page.goto('/settings?tab=api');
  await expect(page.getByText('Сохранён ключ: sk-…alid', { exact: true })).toBeVisible();
});
