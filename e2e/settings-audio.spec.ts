import { expect } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-violations';
import { signInLearner, test } from './support';

/**
 * Settings › Audio for a learner with no key: the built-in voices' samples play, and at the learner's volume
 * (docs/product/learn.md#volume), set with the range's own keys; axe on the tab. What the slots show and save
 * for the voice list is an RTL test (tests/unit/client/settings-audio-voices.test.tsx).
 */

declare global {
  interface Window {
    /** Every play() of an audio element: its clip and the level it was told to play at. */
    playedAt: Array<{ src: string; volume: number }>;
  }
}

test('with no key the built-in voices’ samples play at the learner’s volume, and the tab passes axe', async ({
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
  // The tab comes as a chunk of its own, and its voices after it: the scan waits for both.
  await expect(page.getByRole('tabpanel').getByRole('status').filter({ hasText: 'Загрузка' })).toHaveCount(0);
  await expectNoSeriousViolations(page);

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
});
