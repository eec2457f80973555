import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-violations';
import { addWords, listWords, UPLOAD_TIMEOUT_MS, signInLearner, test } from './support';

/**
 * The Learn screen with the built-in voices (no speech key): what the learner hears is observed by
 * recording every `play()` of an audio element, in order, with the clip it plays. Only what a real browser
 * shows is here (real audio, the keys, layout, network order, axe); the screen's rules are
 * tests/unit/client/learn-session-screen.test.tsx's, the player's timing learn-player.test.ts's.
 */

declare global {
  interface Window {
    playedClips: string[];
    /** Every audio element that was told to play. */
    playedElements: Set<HTMLMediaElement>;
  }
}

async function recordPlayedClips(page: Page) {
  await page.addInitScript(() => {
    window.playedClips = [];
    window.playedElements = new Set();
    const { play } = HTMLMediaElement.prototype as { play: (this: HTMLMediaElement) => Promise<void> };
    HTMLMediaElement.prototype.play = function recordedPlay(this: HTMLMediaElement) {
      // src, not currentSrc: the latter still names the previous clip until the new one loads.
      window.playedClips.push(new URL(this.src, window.location.href).pathname);
      window.playedElements.add(this);
      return play.call(this);
    };
  });
}

const playedClips = (page: Page) => page.evaluate(() => window.playedClips);

async function saveSettings(page: Page, settings: Record<string, unknown>) {
  const saved = await page.request.put('/api/settings', { data: settings });
  expect(saved.ok()).toBe(true);
}

async function cardClips(page: Page, wordId: number): Promise<string[]> {
  const clips = (await (await page.request.get(`/api/words/${wordId}/audio`)).json()) as Record<
    'audioData' | 'russianAudioData' | 'secondVoiceAudioData',
    string
  >;
  return [clips.audioData, clips.russianAudioData, clips.secondVoiceAudioData];
}

const counter = (page: Page) => page.getByTestId('learn-counter');
const playAllButton = (page: Page) => page.getByRole('button', { name: /^(Воспроизвести все|Остановить)$/ });

test('Space plays every card in three voices in order, counts each listen, and ArrowRight stops play-all; the menu, its toasts and the style dialog in the real page', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 90_000);
  await signInLearner(page, { openHome: false });
  // The fastest speech a learner can choose: six clips are heard in real time.
  await saveSettings(page, {
    bilingualPlaybackLearn: true,
    autoplayAudio: false,
    loopPlayAll: 1,
    speechSpeed: 1.2,
  });
  await addWords(page, ['cantar / петь', 'bailar / танцевать']);
  const words = await listWords(page);
  expect(words).toHaveLength(2);

  await recordPlayedClips(page);
  // The page's timers run on a clock the test can move on (it flows at the normal pace until then).
  await page.clock.install();
  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 2');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(words[0]!.spanish);

  await page.keyboard.press('Space');
  await expect(playAllButton(page)).toHaveAccessibleName('Остановить');
  await expect(playAllButton(page)).toHaveAccessibleName('Воспроизвести все', { timeout: 60_000 });
  await expect(counter(page)).toHaveText('2 из 2');

  // First Spanish voice, Russian voice, second Spanish voice, card after card.
  const expected: string[] = [];
  for (const word of words) expected.push(...(await cardClips(page, word.id)));
  expect(new Set(expected).size).toBe(6);
  expect(await playedClips(page)).toEqual(expected);

  // Each card played through was saved as one listen.
  await expect.poll(async () => (await listWords(page)).map((word) => word.attempts)).toEqual([1, 1]);

  // Back to the first card; play-all again, and a manual step stops it.
  await page.getByRole('button', { name: 'Предыдущее слово' }).click();
  await expect(counter(page)).toHaveText('1 из 2');
  await expect(page.getByRole('button', { name: 'Предыдущее слово' })).toBeDisabled();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await playedClips(page)).length).toBeGreaterThan(6);
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 из 2');
  await expect(playAllButton(page)).toHaveAccessibleName('Воспроизвести все');
  const heardWhenStopped = (await playedClips(page)).length;
  // Nothing may carry play-all on: every clip is paused, so none can end and start the next one, and
  // whatever the page had scheduled for the next seconds (the stop delay, a voice's limit, the gap before
  // the next card) is run now.
  await expect
    .poll(() => page.evaluate(() => [...window.playedElements].every((element) => element.paused)))
    .toBe(true);
  await page.clock.runFor(10_000);
  expect((await playedClips(page)).length).toBe(heardWhenStopped);
  await expect(playAllButton(page)).toHaveAccessibleName('Воспроизвести все');
  await expect(counter(page)).toHaveText('2 из 2');

  // The menu through Radix in the real page. What each item does and sends is
  // tests/unit/client/learn-session-screen.test.tsx's; here what only rendering shows.
  const openMenu = () => page.getByRole('button', { name: 'Меню' }).click();
  await openMenu();
  await page.getByRole('menuitem', { name: 'Меню справа' }).click();
  await expect(page.getByRole('navigation', { name: 'Управление' })).toHaveClass(/justify-end/);
  await openMenu();
  await page.getByRole('menuitem', { name: 'Перегенерировать аудио' }).click();
  await expect(page.getByText('Аудио перегенерировано!', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The toast leaves the right-aligned bar pressable: a trial click fails when something covers the button.
  await playAllButton(page).click({ trial: true, timeout: 2_000 });

  await openMenu();
  await page.getByRole('menuitem', { name: 'Стиль изображения' }).click();
  const dialog = page.getByRole('dialog', { name: 'Стиль изображения' });
  await expect(dialog.getByRole('button', { name: /Мультфильм/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Taken out of study: the toast with its undo button, as rendered (docs/product/learn.md#taking-a-word-out-of-study).
  // The one scan of the screen itself, its bar, card and top bar, with the toast over them.
  await page.getByRole('button', { name: 'Убрать из изучения' }).click();
  await expect(page.getByText('Слово скрыто', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Отменить' })).toBeVisible();
  await expect(counter(page)).toHaveText('1 из 1');
  await expectNoSeriousViolations(page);
});
