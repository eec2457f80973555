import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  signInLearner,
  UPLOAD_TIMEOUT_MS,
  withLanguageModelKey,
  writeBook,
  test,
} from './support';

/**
 * The audiobook player (docs/product/audiobooks.md#player, #playback, #illustration-series) in the built app
 * against the fake providers: what the learner hears is observed by recording every `play()` of an audio
 * element, in order, with the clip it plays; pictures are observed loaded; the screens pass axe. What each
 * screen shows for given answers (a read that fails, a book not found, the no-key reason, re-voicing, the
 * series dialogs' rules and the picker) is tests/unit/client/audiobook-player-screen.test.tsx; the server's
 * side is tests/integration/audiobook-player.test.ts, audiobook-series-pictures.test.ts and
 * clip-settings.test.ts.
 */

declare global {
  interface Window {
    playedClips: string[];
  }
}

const WORDS = [
  'perro / собака',
  'gato / кошка',
  'casa / дом',
  'libro / книга',
  'mesa / стол',
  'luna / луна',
  'bosque / лес',
  'camino / дорога',
];

interface Sentence {
  id: number;
  orderIndex: number;
  spanish: string;
  russian: string;
  audioData: string | null;
  secondVoiceAudioData: string | null;
  russianAudioData: string | null;
  imageData: string | null;
}

async function recordPlayedClips(page: Page) {
  await page.addInitScript(() => {
    window.playedClips = [];
    const { play } = HTMLMediaElement.prototype as { play: (this: HTMLMediaElement) => Promise<void> };
    HTMLMediaElement.prototype.play = function recordedPlay(this: HTMLMediaElement) {
      window.playedClips.push(new URL(this.src, window.location.href).pathname);
      return play.call(this);
    };
  });
}

/** A learner with words, the fake OpenAI key, and a finished book written through the API. */
async function learnerWithBook(
  page: Page,
  genres = ['adventure'],
  settings: Record<string, unknown> = {},
): Promise<{ bookId: number; sentences: Sentence[] }> {
  await signInLearner(page, { openHome: false });
  if (Object.keys(settings).length > 0) {
    expect((await page.request.put('/api/settings', { data: settings })).ok()).toBe(true);
  }
  await addWords(page, WORDS);
  await withLanguageModelKey(page);
  const bookId = await writeBook(page, genres);
  return { bookId, sentences: await sentencesOf(page, bookId) };
}

const sentencesOf = async (page: Page, bookId: number) =>
  (await (await page.request.get(`/api/audiobooks/${bookId}/sentences`)).json()) as Sentence[];

const pathOf = (source: string | null) => (source ? new URL(source, 'http://x').pathname : null);

test('play-all over three sentences plays each one’s voices in order, a reload lands on the saved position, and a tapped sentence of the transcript plays', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await recordPlayedClips(page);
  // The fastest speech a learner can choose: play-all is heard in real time.
  const { bookId, sentences } = await learnerWithBook(page, ['adventure'], { speechSpeed: 1.2 });
  expect(sentences.length).toBeGreaterThanOrEqual(4);
  const lastThree = sentences.slice(-3);
  // Start three sentences before the end: play-all (one loop) then plays exactly those three. Without
  // autoplay, moving afterwards only moves (with it, a sentence would read on to the next).
  await page.request.put(`/api/audiobooks/${bookId}/position`, { data: { position: sentences.length - 3 } });
  expect((await page.request.put('/api/settings', { data: { autoplayAudio: false } })).ok()).toBe(true);

  await page.goto(`/audiobook/${bookId}`);
  await expect(page.getByTestId('player-spanish')).toHaveText(lastThree[0]!.spanish);
  await expect(page.getByTestId('player-russian')).toHaveText(lastThree[0]!.russian);

  // Bilingual audiobook mode from the menu, saved on the server: the Russian voice plays between the two
  // Spanish ones.
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Включить двуязычный режим' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings')).json()) as { bilingualPlaybackAudiobook: boolean })
          .bilingualPlaybackAudiobook,
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Воспроизвести все' }).click();
  await expect(page.getByRole('button', { name: 'Остановить', exact: true })).toBeVisible();
  // The end of the book: play-all stops by itself on the last sentence.
  await expect(page.getByRole('button', { name: 'Воспроизвести все' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('player-spanish')).toHaveText(lastThree[2]!.spanish);

  // Every clip the server made on demand is now kept on its sentence: the order heard is theirs.
  const kept = (await sentencesOf(page, bookId)).slice(-3);
  const expected = kept.flatMap((sentence) =>
    [sentence.audioData, sentence.russianAudioData, sentence.secondVoiceAudioData].map(pathOf),
  );
  expect(expected.every((clip) => clip !== null)).toBe(true);
  expect(await page.evaluate(() => window.playedClips)).toEqual(expected);
  // Each sentence played through counted one listen.
  expect(kept.map((sentence) => (sentence as Sentence & { listenCount: number }).listenCount)).toEqual([
    1, 1, 1,
  ]);

  await page.getByRole('button', { name: 'Предыдущее предложение' }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(lastThree[1]!.spanish);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/audiobooks/${bookId}/position`)).json()) as {
            position: number;
          }
        ).position,
    )
    .toBe(sentences.length - 2);
  await page.reload();
  await expect(page.getByTestId('player-spanish')).toHaveText(lastThree[1]!.spanish);
  await expectNoSeriousViolations(page);

  // The transcript: the sentence shown is highlighted; tapping another jumps there and plays it.
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Показать весь текст' }).click();
  const transcript = page.getByRole('region', { name: 'Текст книги' });
  await expect(transcript.locator('[aria-current="true"]')).toContainText(lastThree[1]!.spanish);
  const heardBefore = (await page.evaluate(() => window.playedClips)).length;
  await transcript.getByRole('button', { name: sentences[0]!.spanish }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  await expect(transcript.locator('[aria-current="true"]')).toContainText(sentences[0]!.spanish);
  await expect
    .poll(async () => (await page.evaluate(() => window.playedClips)).slice(heardBefore, heardBefore + 1))
    .toEqual([pathOf((await sentencesOf(page, bookId))[0]!.audioData)]);
  await expectNoSeriousViolations(page);

  // The re-voicing dialog as rendered (its counts and job: tests/unit/client/audiobook-player-screen.test.tsx).
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Переозвучить книгу' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Переозвучить книгу' }).getByTestId('revoice-counts'),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a book unread for want of a connection is asked for again; the AI dialog shows the built-in previews and a sample, and starts a series by the stand-in, watched filling, shown and left', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  // A learner with the language-model key (OpenAI) and no Leonardo key.
  const { bookId, sentences } = await learnerWithBook(page, ['fairy_tale', 'adventure']);
  const isBookRead = (url: URL) => url.pathname === `/api/audiobooks/${bookId}`;
  await page.route(isBookRead, (route) => route.abort('internetdisconnected'));
  await page.goto(`/audiobook/${bookId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Не удалось загрузить аудиокнигу' }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  // The connection is back: «Повторить» asks again and the book plays.
  await page.unroute(isBookRead);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  const background = page.getByTestId('player-background');
  const originalPicture = await background.getAttribute('src');

  // The new-series dialog as rendered, a style chosen in the list (its rules: the RTL test named above).
  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitem', { name: 'Создать новую серию' }).click();
  const newSeries = page.getByRole('dialog', { name: 'Создать новую серию иллюстраций' });
  await newSeries.getByRole('button', { name: 'Список' }).click();
  await newSeries.getByRole('radio', { name: 'Акварель' }).click();
  await newSeries.getByRole('button', { name: /Встроенные картинки/ }).click();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await expect(newSeries).toHaveCount(0);

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitem', { name: 'Генерация изображений с ИИ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Генерация изображений с ИИ' });
  // The five built-in previews the server drew, each loaded by the browser.
  const pictures = dialog.getByTestId('style-picture');
  await expect(pictures).toHaveCount(5);
  for (const picture of await pictures.all()) {
    await expect(picture).toHaveAttribute('data-kind', 'preview');
    await expect(picture).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.webp/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  // Leonardo chosen without its key: the dialog names the stand-in and where the key goes.
  await dialog.getByRole('button', { name: /^Leonardo/ }).click();
  await expect(dialog.getByTestId('drawing-provider')).toHaveText(
    'Рисует: OpenAI/DALL-E (вместо Leonardo: нет ключа)',
  );
  await expectNoSeriousViolations(page);

  // A sample, drawn by the stand-in only when asked, shown in its tile.
  const watercolor = dialog.getByRole('group', { name: 'Акварель' });
  await watercolor.getByRole('button', { name: 'Показать пример: Акварель' }).click();
  await expect(watercolor.getByTestId('style-picture')).toHaveAttribute('data-kind', 'sample');
  await expect
    .poll(() =>
      watercolor.getByTestId('style-picture').evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);

  // Choosing the style draws the series by the stand-in.
  await watercolor.getByRole('button', { name: 'Акварель', exact: true }).click();
  await expect(
    page.getByText('Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.').first(),
  ).toBeVisible();
  const made = (await (await page.request.get(`/api/audiobooks/${bookId}/image-series`)).json()) as {
    id: number;
    serviceProvider: string;
    imageStyle: string;
  }[];
  expect(made).toEqual([expect.objectContaining({ serviceProvider: 'openai', imageStyle: '3' })]);

  // The picker shows the series filling, then ready: the job followed over the socket.
  const series = page.getByTestId('series-option');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
    await expect(series).toHaveCount(1);
    await expect(series.first()).toContainText('готова', { timeout: 1000 });
  }).toPass({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(series.first()).toContainText('Акварель');
  await expectNoSeriousViolations(page);

  const selectedSeries = async () =>
    (
      (await (await page.request.get(`/api/audiobooks/${bookId}`)).json()) as {
        selectedImageSeriesId: number | null;
      }
    ).selectedImageSeriesId;
  await series.first().click();
  await expect(background).not.toHaveAttribute('src', originalPicture ?? '');
  const seriesPicture = await background.getAttribute('src');
  await expect.poll(selectedSeries).toBe(made[0]!.id);

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitemradio', { name: 'Оригинальные изображения' }).click();
  await expect(background).not.toHaveAttribute('src', seriesPicture ?? '');
  await expect.poll(selectedSeries).toBeNull();
});
