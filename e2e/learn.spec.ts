import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  listWords,
  UPLOAD_TIMEOUT_MS,
  signInLearner,
  test,
} from './support';

/**
 * The Learn screen with the built-in voices (no speech key): what the learner hears is observed by
 * recording every `play()` of an audio element, in order, with the clip it plays.
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

test('Space plays every card in three voices in order, counts each listen, and ArrowRight stops play-all', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 90_000);
  await signInLearner(page, { openHome: false });
  // The fastest speech a learner can choose: nine clips are heard in real time.
  await saveSettings(page, {
    bilingualPlaybackLearn: true,
    autoplayAudio: false,
    loopPlayAll: 1,
    speechSpeed: 1.2,
  });
  await addWords(page, ['cantar / петь', 'bailar / танцевать', 'nadar / плавать']);
  const words = await listWords(page);
  expect(words).toHaveLength(3);

  await recordPlayedClips(page);
  // The page's timers run on a clock the test can move on (it flows at the normal pace until then).
  await page.clock.install();
  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 3');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(words[0]!.spanish);
  await expectNoSeriousViolations(page);

  await page.keyboard.press('Space');
  await expect(playAllButton(page)).toHaveAccessibleName('Остановить');
  await expect(playAllButton(page)).toHaveAccessibleName('Воспроизвести все', { timeout: 60_000 });
  await expect(counter(page)).toHaveText('3 из 3');

  // First Spanish voice, Russian voice, second Spanish voice, card after card.
  const expected: string[] = [];
  for (const word of words) expected.push(...(await cardClips(page, word.id)));
  expect(new Set(expected).size).toBe(9);
  expect(await playedClips(page)).toEqual(expected);

  // Each card played through was saved as one listen.
  await expect.poll(async () => (await listWords(page)).map((word) => word.attempts)).toEqual([1, 1, 1]);

  // Back to the first card; play-all again, and a manual step stops it.
  await page.getByRole('button', { name: 'Предыдущее слово' }).click();
  await page.getByRole('button', { name: 'Предыдущее слово' }).click();
  await expect(counter(page)).toHaveText('1 из 3');
  await expect(page.getByRole('button', { name: 'Предыдущее слово' })).toBeDisabled();
  await page.keyboard.press('Space');
  await expect.poll(async () => (await playedClips(page)).length).toBeGreaterThan(9);
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('2 из 3');
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
  await expect(counter(page)).toHaveText('2 из 3');
});

test('a word kept without a translation says so on its card and plays its Spanish voices alone, and in review says so in its answer rather than showing nothing', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { bilingualPlaybackLearn: true, autoplayAudio: false, loopPlayAll: 1 });
  // A Spanish-only line, kept needing a translation (docs/product/upload.md#spanish-only-lines).
  await addWords(page, ['nadar']);
  const [word] = await listWords(page);
  await recordPlayedClips(page);
  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 1');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText('nadar');
  await expect(page.getByTestId('learn-card-russian')).toHaveText('перевод не указан');
  await expectNoSeriousViolations(page);

  await page.keyboard.press('Space');
  await expect(playAllButton(page)).toHaveAccessibleName('Остановить');
  await expect(playAllButton(page)).toHaveAccessibleName('Воспроизвести все', { timeout: 60_000 });
  // No Russian clip: the first Spanish voice, then the second.
  const [first, russian, second] = await cardClips(page, word!.id);
  expect(russian).toBeNull();
  expect(await playedClips(page)).toEqual([first, second]);

  // In review its only card is Spanish → Russian (there is no Russian to ask for), and its answer says
  // there is no translation.
  await page.goto('/review');
  await expect(page.getByTestId('review-prompt')).toContainText('nadar');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('review-answer')).toContainText('перевод не указан');
  await expectNoSeriousViolations(page);
});

test('nothing of the next card is fetched before the first card’s picture has arrived', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'el perro / собака'], { generateImages: true });
  const [first, second] = await listWords(page);
  const firstPicture = first?.imageUrl ?? '';
  const secondPicture = second?.imageUrl ?? '';
  expect(firstPicture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  expect(secondPicture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
  expect(secondPicture).not.toBe(firstPicture);

  // The second card's picture, its audio answer, or one of its clips.
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
  await recordPlayedClips(page);
  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 2');
  await expect.poll(() => requested.includes(firstPicture)).toBe(true);

  // Playing the card is when the next one used to be fetched ahead: its first clip is heard, and still
  // nothing of the next card went out while the picture is on its way.
  await page.getByRole('button', { name: 'Воспроизвести карточку' }).click();
  await expect.poll(async () => (await playedClips(page)).length).toBeGreaterThan(0);
  expect(ofSecondWord()).toEqual([]);

  releasePicture();
  await expect(page.getByTestId('learn-card-picture')).toHaveJSProperty('complete', true);
  await expect.poll(() => ofSecondWord()).toContain(secondPicture);
  await expect.poll(() => ofSecondWord().length).toBeGreaterThan(1);
});

test('taking a word out of study can be undone, else it leaves the session for the hidden view', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['cantar / петь', 'bailar / танцевать', 'nadar / плавать']);
  const [first, second] = await listWords(page);

  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 3');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(first!.spanish);
  const takeOut = page.getByRole('button', { name: 'Убрать из изучения' });
  await expect(takeOut).toHaveAttribute('title', 'Убрать из изучения');

  // Undone: the word is back at its place, and on the server as it was.
  const studyState = async () => {
    const word = (await listWords(page)).find((candidate) => candidate.id === first!.id) as unknown as Record<
      string,
      unknown
    >;
    return { isActive: word.isActive, isHidden: word.isHidden, disabledAt: word.disabledAt };
  };
  const beforeHide = await studyState();
  await takeOut.click();
  await expect(page.getByText('Слово скрыто', { exact: true })).toBeVisible();
  await expect(counter(page)).toHaveText('1 из 2');
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Слово возвращено в изучение', { exact: true })).toBeVisible();
  await expect(counter(page)).toHaveText('1 из 3');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(first!.spanish);
  expect(await studyState()).toEqual(beforeHide);

  await takeOut.click();
  await expect(page.getByText('Слово скрыто', { exact: true })).toBeVisible();
  await expect(counter(page)).toHaveText('1 из 2');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(second!.spanish);

  await page.goto('/dictionary');
  await page.getByRole('button', { name: 'Скрытые (1)' }).click();
  await expect(page.getByRole('list', { name: 'Слова' }).locator('[data-field="spanish"]')).toHaveText([
    first!.spanish,
  ]);

  // A new visit leaves it out, also when it comes through the app with the word list already cached.
  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 2');
  await page.getByRole('button', { name: 'Убрать из изучения' }).click();
  await expect(counter(page)).toHaveText('1 из 1');
  await page.getByRole('link', { name: 'На главную' }).click();
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Изучение' })
    .click();
  await expect(counter(page)).toHaveText('1 из 1');
});

test('the menu changes the layout and font, regenerates the audio and the picture, and says a phrase needs a key', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['cantar / петь']);
  const [word] = await listWords(page);

  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 1');
  const spanish = page.getByTestId('learn-card-spanish');
  const sizeBefore = await spanish.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const openMenu = () => page.getByRole('button', { name: 'Меню' }).click();

  await openMenu();
  // No language-model key: a new phrase is disabled, and says why and where the key goes.
  const newPhrase = page.getByRole('menuitem', { name: 'Перегенерировать фразу' });
  await expect(newPhrase).toHaveAttribute('aria-disabled', 'true');
  await expect(newPhrase).toHaveAccessibleDescription('Новой фразе нужен ключ OpenAI: Настройки › API');
  await expect(page.getByRole('menuitem', { name: /^Новой фразе нужен ключ OpenAI/ })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
  await page.getByRole('menuitem', { name: 'Увеличить шрифт' }).click();
  await expect(page.getByRole('menu')).toContainText('Размер шрифта: 110%');
  await page.keyboard.press('Escape');
  await expect
    .poll(() => spanish.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)))
    .toBeGreaterThan(sizeBefore);

  await openMenu();
  await page.getByRole('menuitem', { name: 'Меню справа' }).click();
  await expect(page.getByRole('navigation', { name: 'Управление' })).toHaveClass(/justify-end/);

  await openMenu();
  await page.getByRole('menuitem', { name: 'Скрыть панель статистики' }).click();
  await expect(counter(page)).toBeHidden();

  await openMenu();
  await page.getByRole('menuitem', { name: 'Перегенерировать аудио' }).click();
  await expect(page.getByText('Аудио перегенерировано!', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The toast leaves the right-aligned bar pressable: a trial click fails when something covers the button.
  await playAllButton(page).click({ trial: true, timeout: 2_000 });

  await openMenu();
  await page.getByRole('menuitem', { name: 'Стиль изображения' }).click();
  const dialog = page.getByRole('dialog', { name: 'Стиль изображения' });
  await expect(dialog.getByRole('button')).toHaveText(
    ['Фотореализм', 'Мультфильм', 'Готика', 'Цифровое искусство', 'Акварель', 'Минимализм', 'Закрыть'].map(
      (name) => new RegExp(name),
    ),
  );
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: /Мультфильм/ }).click();
  await expect(page.getByText('Изображение создано', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('learn-card-picture')).toBeVisible();
  const images = (await (await page.request.get(`/api/words/${word!.id}/images`)).json()) as Array<{
    styleId: number | null;
    isPrimary: boolean;
  }>;
  expect(images.find((image) => image.isPrimary)?.styleId).toBe(4);

  const settings = (await (await page.request.get('/api/settings')).json()) as Record<string, unknown>;
  expect(settings).toMatchObject({ learnFontScale: 110, bottomMenuAlignment: 'right', showStatsBar: false });
});

test('a word heard up to the auto threshold is hidden automatically and leaves the session', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 45_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, listenThresholdSafe: 20, listenThresholdAuto: 30 });
  await addWords(page, ['cantar / петь', 'bailar / танцевать']);
  const [first, second] = await listWords(page);
  const primed = await page.request.put(`/api/words/${first!.id}`, { data: { attempts: 29 } });
  expect(primed.ok()).toBe(true);

  await page.goto('/learn');
  await expect(counter(page)).toHaveText('1 из 2');
  await expect(page.getByTestId('learn-listen-count')).toHaveText('Прослушано: 29');
  await page.getByRole('button', { name: 'Воспроизвести карточку' }).click();
  await expect(page.getByText('Слово автоматически скрыто', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(counter(page)).toHaveText('1 из 1');
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(second!.spanish);

  const stored = (await listWords(page)).find((word) => word.id === first!.id);
  expect(stored).toMatchObject({ attempts: 30, isActive: false });
});

test('the Learn link of the navigation bar sorts the next list by listens, once', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['cantar / петь', 'bailar / танцевать', 'nadar / плавать']);
  const words = await listWords(page);
  const listens = [5, 0, 2];
  for (const [index, word] of words.entries()) {
    const saved = await page.request.put(`/api/words/${word.id}`, { data: { attempts: listens[index] } });
    expect(saved.ok()).toBe(true);
  }
  const byListens = [words[1]!, words[2]!, words[0]!].map((word) => word.spanish);

  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Изучение' })
    .click();
  await expect(counter(page)).toHaveText('1 из 3');
  const shownInOrder: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    shownInOrder.push((await page.getByTestId('learn-card-spanish').textContent()) ?? '');
    if (index < 2) {
      await page.keyboard.press('ArrowRight');
      await expect(counter(page)).toHaveText(`${index + 2} из 3`);
    }
  }
  expect(shownInOrder).toEqual(byListens);
  expect(await page.evaluate(() => localStorage.getItem('sortWordsOnNextLearn'))).toBeNull();

  // Opened again without the navigation bar: the server's order.
  await page.reload();
  await expect(page.getByTestId('learn-card-spanish')).toHaveText(words[0]!.spanish);
});
