import { expect } from '@playwright/test';
import { signInLearner, test } from './support';

/**
 * Settings › Audio for a learner with no key: the voice slots show the built-in voices Learn speaks in
 * (docs/product/providers.md#card-voices), their samples play, and at the learner's volume
 * (docs/product/learn.md#volume).
 */

declare global {
  interface Window {
    /** Every play() of an audio element: its clip and the level it was told to play at. */
    playedAt: Array<{ src: string; volume: number }>;
  }
}

test('with no key the slots show the built-in voices, whose samples play at the learner’s volume', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.playedAt = [];
    const { play } = HTMLMediaElement.prototype as { play: (this: HTMLMediaElement) => Promise<void> };
    HTMLMediaElement.prototype.play = function recordedPlay(this: HTMLMediaElement) {
      window.playedAt.push({ src: new URL(this.src, window.location.href).pathname, volume: this.volume });
      return play.call(this);
    };
  });
  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=audio');
  await expect(page.getByRole('tab', { name: 'Аудио' })).toHaveAttribute('aria-selected', 'true');

  const slots = {
    main: page.getByRole('combobox', { name: 'Испанский голос (основной)' }),
    second: page.getByRole('combobox', { name: 'Второй испанский голос' }),
    russian: page.getByRole('combobox', { name: 'Русский голос' }),
  };
  await expect(slots.main).toHaveText('Автоматически: Испанский (Испания), мужской');
  await expect(slots.second).toHaveText('Автоматически: Испанский (Латинская Америка), женский');
  await expect(slots.russian).toHaveText('Автоматически: Русский, женский');
  for (const slot of Object.values(slots)) await expect(slot).toBeEnabled();

  // The sample of the automatic main voice plays, at the default volume of 80.
  const mainSample = page.getByRole('button', { name: 'Прослушать голос: Испанский (Испания), мужской' });
  await expect(mainSample).toBeEnabled();
  await mainSample.click();
  await expect.poll(() => page.evaluate(() => window.playedAt.length)).toBe(1);
  expect((await page.evaluate(() => window.playedAt))[0]).toMatchObject({
    src: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.mp3$/),
    volume: 0.8,
  });
  await expect(page.getByText('Не удалось воспроизвести образец голоса')).toHaveCount(0);

  // Turned down to 40 %: saved, and the next sample is quieter.
  const volume = page.getByRole('slider', { name: 'Громкость' });
  await expect(volume).toHaveValue('80');
  await volume.focus();
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('ArrowLeft');
  await expect(volume).toHaveValue('40');
  await expect
    .poll(async () => ((await (await page.request.get('/api/settings')).json()) as { volume: number }).volume)
    .toBe(40);
  await page.getByRole('button', { name: 'Прослушать голос: Русский, женский' }).click();
  await expect.poll(() => page.evaluate(() => window.playedAt.length)).toBe(2);
  expect((await page.evaluate(() => window.playedAt))[1]?.volume).toBeCloseTo(0.4);

  // Choosing a second voice while the main one is automatic keeps that main voice.
  await slots.second.click();
  await page.getByRole('option', { name: /Испанский \(Испания\), женский.*офлайн/ }).click();
  await expect(slots.second).toContainText('Испанский (Испания), женский');
  await expect(slots.main).toContainText('Испанский (Испания), мужской');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings')).json()) as { spanishVoices: string[] })
          .spanishVoices,
    )
    .toEqual(['builtin:es-ES-m3', 'builtin:es-ES-f3']);
});
