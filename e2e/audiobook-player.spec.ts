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
 * element, in order, with the clip it plays.
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

test('play-all over three sentences plays each one’s voices in order, and a reload lands on the saved position', async ({
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
  await expect(page.getByTestId('player-genre')).toHaveText('Приключения');

  // Bilingual audiobook mode from the menu: the Russian voice plays between the two Spanish ones.
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

  // Without the language-model key, rewriting a sentence is disabled, saying why and where the key goes.
  const removed = await page.request.put('/api/settings', { data: { openaiApiKey: null } });
  expect(removed.ok()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Меню' }).click();
  const rewrite = page.getByRole('menuitem', { name: 'Перегенерировать испанский текст' });
  await expect(rewrite).toHaveAttribute('aria-disabled', 'true');
  await expect(rewrite).toHaveAccessibleDescription('Новому тексту нужен ключ OpenAI: Настройки › API');
  await expect(page.getByRole('menuitem', { name: /^Новому тексту нужен ключ OpenAI/ })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
});

test('a book that cannot be read for want of a connection says so and is asked for again; then a series is drawn while the learner watches it fill, shown, and left for the original pictures', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  const { bookId, sentences } = await learnerWithBook(page, ['fairy_tale', 'adventure']);
  const isBookRead = (url: URL) => url.pathname === `/api/audiobooks/${bookId}`;
  let reads = 0;
  await page.route(isBookRead, (route) => {
    reads += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(`/audiobook/${bookId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Не удалось загрузить аудиокнигу' }),
  ).toBeVisible();
  await expect(page.getByText('Нет связи с сервером. Проверьте подключение и повторите.')).toBeVisible();
  await expect(page.getByText('Аудиокнига не найдена или еще не готова')).toHaveCount(0);
  // The first read and its three retries.
  expect(reads).toBe(4);
  await expectNoSeriousViolations(page);

  // The connection is back: «Повторить» asks again and the book plays.
  await page.unroute(isBookRead);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  // A book of several genres is titled with all of them, in the book's order.
  await expect(page.getByTestId('player-genre')).toHaveText('Сказка, Приключения');
  const background = page.getByTestId('player-background');
  const originalPicture = await background.getAttribute('src');

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitem', { name: 'Создать новую серию' }).click();
  const dialog = page.getByRole('dialog', { name: 'Создать новую серию иллюстраций' });
  // A style is required.
  await dialog.getByRole('button', { name: 'Создать серию' }).click();
  await expect(page.getByText('Выберите стиль для создания серии').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Список' }).click();
  await dialog.getByRole('radio', { name: 'Акварель' }).click();
  await dialog.getByRole('button', { name: /Встроенные картинки/ }).click();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Создать серию' }).click();
  await expect(
    page.getByText('Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.').first(),
  ).toBeVisible();

  // The picker shows the series filling, then ready.
  const series = page.getByTestId('series-option');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
    await expect(series).toHaveCount(1);
    await expect(series.first()).toContainText('готова', { timeout: 1000 });
  }).toPass({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(series.first()).toContainText('Акварель');
  await expectNoSeriousViolations(page);

  await series.first().click();
  await expect(background).not.toHaveAttribute('src', originalPicture ?? '');
  const seriesPicture = await background.getAttribute('src');
  const items = (await (await page.request.get(`/api/audiobooks/${bookId}/image-series`)).json()) as {
    id: number;
  }[];
  expect(items).toHaveLength(1);
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/audiobooks/${bookId}`)).json()) as {
            selectedImageSeriesId: number | null;
          }
        ).selectedImageSeriesId,
    )
    .toBe(items[0]!.id);

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitemradio', { name: 'Оригинальные изображения' }).click();
  await expect(background).not.toHaveAttribute('src', seriesPicture ?? '');
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/audiobooks/${bookId}`)).json()) as {
            selectedImageSeriesId: number | null;
          }
        ).selectedImageSeriesId,
    )
    .toBeNull();

  // A book that does not exist (or is another learner's) is not asked for again: it is not found.
  await page.goto('/audiobook/999999999');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Аудиокнига не найдена или еще не готова' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Повторить' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'К аудиокнигам' })).toBeVisible();
});

test('the AI dialog shows built-in previews, draws a sample only when asked, names who draws, and says when a sample fails', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  // A learner with the language-model key (OpenAI) and no Leonardo key.
  const { bookId, sentences } = await learnerWithBook(page);
  const sampleRequests: unknown[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/generate-sample-image')
      sampleRequests.push(request.postDataJSON());
  });
  const openDialog = async () => {
    await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
    await page.getByRole('menuitem', { name: 'Генерация изображений с ИИ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Генерация изображений с ИИ' });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  await page.goto(`/audiobook/${bookId}`);
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  const dialog = await openDialog();
  // Five tiles, three on the left and two on the right, each with its built-in preview.
  await expect(dialog.getByRole('group', { name: 'Левая колонка' }).getByTestId('style-tile')).toHaveCount(3);
  await expect(dialog.getByRole('group', { name: 'Правая колонка' }).getByTestId('style-tile')).toHaveCount(
    2,
  );
  const pictures = dialog.getByTestId('style-picture');
  await expect(pictures).toHaveCount(5);
  for (const picture of await pictures.all()) {
    await expect(picture).toHaveAttribute('data-kind', 'preview');
    await expect(picture).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.webp/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }

  // The learner's own provider draws by default, and the dialog says so.
  const drawer = dialog.getByTestId('drawing-provider');
  await expect(drawer).toHaveText('Рисует: OpenAI/DALL-E');
  // Leonardo without its key: the dialog says where the key goes and who stands in.
  await dialog.getByRole('button', { name: /^Leonardo/ }).click();
  await expect(drawer).toHaveText('Рисует: OpenAI/DALL-E (вместо Leonardo: нет ключа)');
  await expect(dialog.getByText('Пожалуйста, добавьте API ключ для Leonardo AI в настройках')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Настройки › API' })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
  await expectNoSeriousViolations(page);
  // Nothing paid is drawn unasked.
  expect(sampleRequests).toEqual([]);

  const watercolor = dialog.getByRole('group', { name: 'Акварель' });
  await watercolor.getByRole('button', { name: 'Показать пример: Акварель' }).click();
  await expect(watercolor.getByTestId('style-picture')).toHaveAttribute('data-kind', 'sample');
  expect(sampleRequests).toEqual([
    {
      spanish: sentences[0]!.spanish,
      russian: sentences[0]!.russian,
      styleId: 3,
      serviceProvider: 'openai',
    },
  ]);
  await expect(
    dialog.getByRole('group', { name: 'Мультфильм' }).getByTestId('style-picture'),
  ).toHaveAttribute('data-kind', 'preview');

  // Choosing the style draws the series by the stand-in, and says whose key is missing.
  await watercolor.getByRole('button', { name: 'Акварель', exact: true }).click();
  await expect(
    page.getByText('Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.').first(),
  ).toBeVisible();
  await expect(
    page
      .getByText(
        'Leonardo API ключ не найден! Перейдите в Настройки и добавьте ваш Leonardo API ключ. Серию рисует сервис «OpenAI/DALL-E».',
      )
      .first(),
  ).toBeVisible();
  const series = (await (await page.request.get(`/api/audiobooks/${bookId}/image-series`)).json()) as {
    serviceProvider: string;
    imageStyle: string;
  }[];
  expect(series).toEqual([expect.objectContaining({ serviceProvider: 'openai', imageStyle: '3' })]);

  // A Leonardo key the service refuses: the sample fails, and the learner is told.
  const saved = await page.request.put('/api/settings', { data: { leonardoApiKey: 'leo-test-refused' } });
  expect(saved.ok()).toBe(true);
  await page.reload();
  const again = await openDialog();
  await expect(again.getByTestId('drawing-provider')).toHaveText('Рисует: Leonardo');
  await again.getByRole('button', { name: 'Показать пример: Мультфильм' }).click();
  await expect(page.getByText('Ошибка генерации').first()).toBeVisible();
  await expect(again.getByRole('group', { name: 'Мультфильм' }).getByTestId('style-picture')).toHaveAttribute(
    'data-kind',
    'preview',
  );
  expect(sampleRequests.at(-1)).toMatchObject({ styleId: 4, serviceProvider: 'leonardo' });
});
