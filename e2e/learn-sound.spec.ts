import { expect, type Page } from '@playwright/test';
import { addWords, listWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/**
 * Learn in a browser that refuses to start sound before the learner has touched the page
 * (docs/product/learn.md#sound-blocked). Chromium's autoplay policy cannot be made to refuse here: its
 * headless mode lets every page play, whatever `--autoplay-policy` says (tried with
 * `document-user-activation-required` and `user-gesture-required`), and Playwright's own evaluations count
 * as user activation, so `navigator.userActivation` cannot tell either. An init script therefore applies
 * that policy's rule on top of the real element: until the document has received a trusted
 * activation-triggering input event (keydown, mousedown, pointerdown, pointerup, touchend: what a real tap,
 * click or key press sends, and what Playwright's `click` sends through the browser's input pipeline),
 * `play()` rejects with the DOMException `NotAllowedError` Chromium throws. A page opened by navigation has
 * had none, so a card that plays on opening Learn (docs/product/learn.md#playing-on-opening) is refused
 * until the learner taps.
 */

declare global {
  interface Window {
    /** Every play() of an audio element, in order: its clip, its level and 'pending', 'played' or the error's name. */
    plays: Array<{ src: string; volume: number; outcome: string }>;
  }
}

async function refuseSoundUntilTapAndRecordPlays(page: Page) {
  await page.addInitScript(() => {
    window.plays = [];
    let isActivated = false;
    for (const type of ['keydown', 'mousedown', 'pointerdown', 'pointerup', 'touchend']) {
      window.addEventListener(
        type,
        (event) => {
          if (event.isTrusted) isActivated = true;
        },
        { capture: true },
      );
    }
    const { play } = HTMLMediaElement.prototype as { play: (this: HTMLMediaElement) => Promise<void> };
    HTMLMediaElement.prototype.play = function policedPlay(this: HTMLMediaElement) {
      const entry = {
        src: new URL(this.src, window.location.href).pathname,
        volume: this.volume,
        outcome: 'pending',
      };
      window.plays.push(entry);
      const answer = isActivated
        ? play.call(this)
        : Promise.reject(
            new DOMException(
              "play() failed because the user didn't interact with the document first.",
              'NotAllowedError',
            ),
          );
      answer.then(
        () => (entry.outcome = 'played'),
        (error: unknown) => (entry.outcome = error instanceof Error ? error.name : String(error)),
      );
      return answer;
    };
  });
}

const plays = (page: Page) => page.evaluate(() => window.plays);

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

test('a card refused by the browser waits under one prompt, and the tap plays it from there at the default volume; nothing of the next card is fetched before the first card’s picture has arrived', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'el perro / собака'], { generateImages: true });
  const [first, second] = await listWords(page);
  const firstPicture = first?.imageUrl ?? '';
  const secondPicture = second?.imageUrl ?? '';
  expect(firstPicture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  expect(secondPicture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  expect(secondPicture).not.toBe(firstPicture);

  // docs/product/learn.md#audio-loading: the second card's picture, its audio answer, or one of its clips
  // are not asked for while the first card's picture is on its way, which the test holds back.
  const secondWordPaths = [
    secondPicture,
    `/api/words/${second!.id}/audio`,
    ...(await cardClips(page, second!.id)),
  ];
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const ofSecondWord = () => requested.filter((path) => secondWordPaths.includes(path));
  let releasePicture: () => void = () => undefined;
  const pictureReleased = new Promise<void>((resolve) => {
    releasePicture = resolve;
  });
  await page.route(
    (url) => url.pathname === firstPicture,
    async (route) => {
      await pictureReleased;
      await route.continue();
    },
  );
  await refuseSoundUntilTapAndRecordPlays(page);

  // With autoPlayNavigation the card plays on opening; this browser refuses it until a tap. That nothing
  // plays on opening by default, and the prompt's English wording, are
  // tests/unit/client/learn-session-screen.test.tsx's.
  await saveSettings(page, { autoPlayNavigation: true, bilingualPlaybackLearn: false });
  await page.goto('/learn');
  await expect(page.getByTestId('learn-counter')).toHaveText('1 из 2');
  await expect.poll(() => requested.includes(firstPicture)).toBe(true);
  const prompt = page.getByRole('alert').filter({ hasText: 'Звук не включился' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  await expect(prompt).toContainText('Браузер не даёт включить звук, пока вы не коснётесь страницы.');
  const refused = await plays(page);
  expect(refused).toHaveLength(1);
  expect(refused[0]?.outcome).toBe('NotAllowedError');
  // Not retried, not skipped: playback waits at that voice, one prompt.
  await expect(page.getByRole('button', { name: 'Нажмите, чтобы включить звук' })).toHaveCount(1);
  expect(await plays(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Нажмите, чтобы включить звук' }).click();
  await expect(prompt).toBeHidden();
  // The refused clip first, then the card's second Spanish voice; both sound, at the default volume.
  await expect
    .poll(async () => (await plays(page)).map((entry) => entry.outcome))
    .toEqual(['NotAllowedError', 'played', 'played']);
  const heard = await plays(page);
  expect(heard[1]?.src).toBe(refused[0]?.src);
  expect(heard.slice(1).map((entry) => entry.volume)).toEqual([0.8, 0.8]);
  await expect.poll(async () => (await listWords(page)).find((w) => w.id === first!.id)?.attempts).toBe(1);
  // Playing the card is when the next one used to be fetched ahead: still nothing of it went out.
  expect(ofSecondWord()).toEqual([]);

  releasePicture();
  await expect(page.getByTestId('learn-card-picture')).toHaveJSProperty('complete', true);
  await expect.poll(() => ofSecondWord()).toContain(secondPicture);
  await expect.poll(() => ofSecondWord().length).toBeGreaterThan(1);
});
