import { expect, type Page } from '@playwright/test';
import { addWords, signInLearner, withLanguageModelKey, test } from './support';

/**
 * Settings that were stored and read by nothing now have a control whose effect the learner sees
 * (docs/product/settings.md): the theme's mode, the dictionary's listen counts, the upload's picture style,
 * the voices' provider icons, the voice style and the pause between cards.
 */

/** Runs `action` and answers the body of the settings save it triggers. */
async function savedBy(page: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  const [request] = await Promise.all([
    page.waitForRequest(
      (sent) => sent.method() === 'PUT' && new URL(sent.url()).pathname === '/api/settings',
    ),
    action(),
  ]);
  expect((await request.response())?.ok()).toBe(true);
  return request.postDataJSON() as Record<string, unknown>;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test('“as the system” makes the theme follow the device; light or dark is chosen by hand', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInLearner(page, { openHome: false });
  await page.goto('/settings');
  const theme = page.getByRole('combobox', { name: 'Тема' });
  // A new learner starts in the dark theme, chosen for them by hand.
  await expect(theme).toHaveText('Тёмная');
  await expect.poll(() => isDark(page)).toBe(true);

  await theme.click();
  expect(await savedBy(page, () => page.getByRole('option', { name: 'Как в системе' }).click())).toEqual({
    themeMode: 'auto',
  });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);

  await theme.click();
  expect(await savedBy(page, () => page.getByRole('option', { name: 'Тёмная' }).click())).toEqual({
    themeMode: 'manual',
    theme: 'dark',
  });
  await expect.poll(() => isDark(page)).toBe(true);
  // The mode, not the stored theme, decides: still dark after a reload, whatever the device says.
  await page.reload();
  await expect(theme).toHaveText('Тёмная');
  await expect.poll(() => isDark(page)).toBe(true);
});

test('turning listen counts off takes the badge off every dictionary row', async ({ page }) => {
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / cat']);
  const listenBadge = page
    .getByRole('list', { name: 'Слова' })
    .getByRole('listitem')
    .first()
    .getByTitle('Прослушиваний: 0');
  await page.goto('/dictionary');
  await expect(listenBadge).toBeVisible();

  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'Показывать число прослушиваний' });
  await expect(toggle).toBeChecked();
  expect(await savedBy(page, () => toggle.click())).toEqual({ showListenCount: false });

  await page.goto('/dictionary');
  await expect(page.getByRole('list', { name: 'Слова' }).getByRole('listitem')).toHaveCount(1);
  await expect(listenBadge).toHaveCount(0);
});

test('the upload sends the picture style of the settings, or the one the form picks', async ({ page }) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=images');
  const styles = page.getByRole('group', { name: 'Стиль картинок при загрузке слов' });
  await expect(styles.getByRole('button')).toHaveCount(5);
  await expect(styles.getByRole('button', { name: 'Набросок' })).toHaveAttribute('aria-pressed', 'true');
  expect(await savedBy(page, () => styles.getByRole('button', { name: 'Драматичный' }).click())).toEqual({
    defaultImageStyle: 'dramatic',
  });

  await page.goto('/upload');
  const style = page.getByRole('combobox', { name: 'Стиль картинок' });
  await expect(style).toContainText('Драматичный');
  const textbox = page.getByLabel('Пары слов, по одной на строку');
  const submit = page.getByRole('button', { name: 'Загрузить слова' });
  const sentStyle = async () => {
    const [request] = await Promise.all([
      page.waitForRequest(
        (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/words/process-batch',
      ),
      submit.click(),
    ]);
    return (request.postDataJSON() as { imageStyle?: string }).imageStyle;
  };
  await textbox.fill('la tormenta / storm');
  expect(await sentStyle()).toBe('dramatic');

  // Another style for the next upload only: the setting stays.
  await expect(submit).toBeDisabled();
  await expect(textbox).toHaveValue('');
  await style.click();
  await page.getByRole('option', { name: /Ужасы/ }).click();
  await expect(style).toContainText('Ужасы');
  await textbox.fill('el castillo / castle');
  // One word without a language model: the first upload ends within the usual wait.
  await expect(submit).toBeEnabled();
  expect(await sentStyle()).toBe('horror');
  expect(
    ((await (await page.request.get('/api/settings')).json()) as { defaultImageStyle: string })
      .defaultImageStyle,
  ).toBe('dramatic');
});

test('voices show their provider’s icon; the voice style and the pause between cards are chosen', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=audio');
  // Built-in voices only: the style cannot be heard, and the control says why.
  const voiceStyle = page.getByRole('combobox', { name: 'Стиль голоса' });
  await expect(voiceStyle).toBeDisabled();
  await expect(page.getByText(/Встроенные голоса читают всегда одинаково/)).toBeVisible();

  const pause = page.getByRole('combobox', { name: 'Пауза между карточками' });
  await expect(pause).toHaveText('Без паузы');
  await pause.click();
  expect(await savedBy(page, () => page.getByRole('option', { name: '3 с' }).click())).toEqual({
    playAllDelay: 3,
  });
  await expect(pause).toHaveText('3 с');

  // With OpenAI and ElevenLabs keys their voices come with their icons, and speak the cards.
  await withLanguageModelKey(page);
  expect(
    (await page.request.post('/api/validate-elevenlabs-key', { data: { apiKey: 'el-test-valid' } })).ok(),
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Загрузка голосов' })).toHaveCount(0);
  const main = page.getByRole('combobox', { name: 'Испанский голос (основной)' });
  await main.click();
  const list = page.getByRole('listbox');
  for (const [provider, group, voice] of [
    ['elevenlabs', 'ElevenLabs', /^Lucía/],
    ['openai', 'OpenAI', /^OpenAI Alloy/],
    ['builtin', 'Встроенные (офлайн)', /^Испанский \(Испания\), мужской/],
  ] as const) {
    const inGroup = list.getByRole('group', { name: group });
    const option = inGroup.getByRole('option').filter({ hasText: voice });
    await expect(option.locator(`[data-voice-provider="${provider}"]`)).toBeVisible();
    // The group's label and each of its voices carry the provider's icon, and only that one.
    await expect(inGroup.locator(`[data-voice-provider]`)).toHaveCount(
      (await inGroup.getByRole('option').count()) + 1,
    );
    await expect(
      inGroup.locator(`[data-voice-provider]:not([data-voice-provider="${provider}"])`),
    ).toHaveCount(0);
  }
  await page.keyboard.press('Escape');
  // The trigger shows the voice that speaks (here the automatic one), with its provider's icon.
  await expect(main.locator('[data-voice-provider="elevenlabs"]')).toBeVisible();

  await expect(voiceStyle).toBeEnabled();
  await voiceStyle.click();
  expect(await savedBy(page, () => page.getByRole('option', { name: 'Спокойный' }).click())).toEqual({
    defaultVoiceStyle: 'calm',
  });
  await expect(voiceStyle).toHaveText('Спокойный');
});
