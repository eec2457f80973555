import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signInLearner, test } from './support';

/**
 * Every provider call of the web server goes to the fake providers of playwright.config.ts
 * (docs/product/providers.md#openai-compatible-endpoint environment overrides), which know the keys
 * 'sk-test-valid', 'el-test-valid' and 'leo-test-valid'.
 */

async function openSettingsTab(page: Page, tab: 'api' | 'audio', tabName: string) {
  await signInLearner(page, { openHome: false });
  await page.goto(`/settings?tab=${tab}`);
  await expect(page.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
}

async function applyOpenaiKey(page: Page, apiKey: string) {
  const keyInput = page.getByLabel('Ключ OpenAI', { exact: true });
  await expect(keyInput).toHaveAttribute('type', 'password');
  await expect(keyInput).toHaveAttribute('autocomplete', 'off');
  await expect(page.getByLabel('Адрес OpenAI-совместимого API (необязательно)')).toBeVisible();
  const form = page.locator('form').filter({ has: keyInput });
  const apply = form.getByRole('button', { name: 'Применить' });
  await expect(apply).toBeDisabled();
  await keyInput.fill(apiKey);
  await apply.click();
}

test('a key the provider rejects is reported with the steps to fix it', async ({ page }) => {
  await openSettingsTab(page, 'api', 'API');
  await expect(page.getByText('Ключ не сохранён').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await applyOpenaiKey(page, 'sk-not-a-real-key');

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
  // Nothing was saved.
  await expect(page.getByText('Сохранён ключ:')).toHaveCount(0);
});

test('a key the provider accepts is saved, shown masked and loads the model list', async ({ page }) => {
  await openSettingsTab(page, 'api', 'API');

  await applyOpenaiKey(page, 'sk-test-valid');

  await expect(page.getByText('Успешно', { exact: true })).toBeVisible();
  await expect(page.getByText('OpenAI ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('Сохранён ключ: sk-…alid', { exact: true })).toBeVisible();
  await expect(page.getByText('Ключ действителен', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Ключ OpenAI', { exact: true })).toHaveValue('');
  await expect(page.getByRole('alert').filter({ hasText: 'не прошёл проверку' })).toHaveCount(0);

  const model = page.getByRole('combobox', { name: 'Модель' });
  await expect(model).toBeEnabled();
  await model.click();
  await expect(page.getByRole('option', { name: 'gpt-4.1-mini', exact: true })).toBeVisible();
  await page.getByRole('option', { name: 'gpt-4.1-mini', exact: true }).click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
  await expect(model).toHaveText('gpt-4.1-mini');

  // The key survives a reload, still masked.
  await page.reload();
  await expect(page.getByText('Сохранён ключ: sk-…alid', { exact: true })).toBeVisible();
});

test('without any key the built-in voices are offered, marked offline, and diagnostics explain the setup', async ({
  page,
}) => {
  await openSettingsTab(page, 'audio', 'Аудио');

  const main = page.getByRole('combobox', { name: 'Испанский голос (основной)' });
  await expect(page.getByText('Рекомендуемые голоса отмечены знаком ✓.')).toBeVisible();
  // Nothing saved: each slot shows the built-in voice that speaks for it (docs/product/providers.md#card-voices).
  await expect(page.getByRole('combobox', { name: 'Второй испанский голос' })).toHaveText(
    'Автоматически: Испанский (Латинская Америка), женский',
  );
  await expectNoSeriousViolations(page);

  await main.click();
  const offlineSpanish = page.getByRole('option', { name: /Испанский \(Испания\), мужской.*офлайн/ });
  await expect(offlineSpanish).toBeVisible();
  // Spanish voices only: the built-in Russian ones are not offered here.
  await expect(page.getByRole('option', { name: /Русский/ })).toHaveCount(0);
  await offlineSpanish.click();
  await expect(page.getByText('Настройки сохранены', { exact: true })).toBeVisible();
  await expect(main).toContainText('Испанский (Испания), мужской');

  await page.getByRole('button', { name: 'Диагностика аудио' }).click();
  const dialog = page.getByRole('dialog', { name: 'Диагностика аудио' });
  await expect(dialog.getByText('Ключа синтеза речи нет: озвучивают встроенные офлайн-голоса')).toBeVisible();
  // The second Spanish voice is the automatic one, so two voices speak.
  await expect(dialog.getByText('Выбраны два испанских голоса')).toBeVisible();
  await expect(dialog.getByText('Всё работает, есть замечания')).toBeVisible();
});

test('speech and image keys: ElevenLabs voices become recommended, Leonardo shows its balance', async ({
  page,
}) => {
  await openSettingsTab(page, 'api', 'API');

  const elevenlabsKey = page.getByLabel('Ключ ElevenLabs', { exact: true });
  await elevenlabsKey.fill('el-test-valid');
  await page
    .locator('form')
    .filter({ has: elevenlabsKey })
    .getByRole('button', { name: 'Применить' })
    .click();
  await expect(page.getByText('ElevenLabs ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('Сохранён ключ: el-…alid', { exact: true })).toBeVisible();

  const leonardoKey = page.getByLabel('Ключ Leonardo', { exact: true });
  await leonardoKey.fill('leo-test-valid');
  await page.locator('form').filter({ has: leonardoKey }).getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText('Leonardo ключ сохранен и проверен', { exact: true })).toBeVisible();
  await expect(page.getByText('palabra-test', { exact: true })).toBeVisible();
  await expect(page.getByText('API-токены', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Аудио' }).click();
  await page.getByRole('combobox', { name: 'Русский голос' }).click();
  await expect(page.getByRole('option', { name: /^Dmitri.*рекомендуется/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Русский, женский.*офлайн/ })).toBeVisible();
  // The Ukrainian voice of the fake library is offered in neither list.
  await expect(page.getByRole('option', { name: /Oksana/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Испанский голос (основной)' }).click();
  await expect(page.getByRole('option', { name: /^Lucía.*рекомендуется/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Rachel/ })).toHaveCount(0);
  await expect(page.getByRole('option', { name: /Oksana/ })).toHaveCount(0);
});
