// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Audiobook, audiobookPathOf, type Sentence } from '../../../src/shared/api/audiobooks';
import {
  playerPathOf,
  playerPaths,
  type Series,
  selectedSeriesRequestSchema,
  startImageJobRequestSchema,
} from '../../../src/shared/api/audiobook-player';
import { jobPaths } from '../../../src/shared/api/jobs';
import { providerPaths } from '../../../src/shared/api/providers';
import { type Settings, settingsPaths } from '../../../src/shared/api/settings';
import { AudiobookPlayerPage } from '../../../src/client/features/audiobook-player/audiobook-player.page';
import { toastStore } from '../../../src/client/ui/toast-store';
import type { FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  bookAnswer,
  sentencesAnswer,
  seriesAnswer,
  settingsAnswer,
} from '../../support/client/audiobook-answers';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
} from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The audiobook player's screens (docs/product/audiobooks.md#player, #illustration-series, #style-previews,
 * #clips-and-the-learners-settings) for given answers: a book that cannot be read, one that is not there,
 * the menu without a key, re-voicing, the two series dialogs and the series picker. What only a browser
 * proves is e2e/audiobooks.spec.ts (the clips heard in order) and e2e/audiobook-player.spec.ts (the
 * pictures loaded, axe); the server's side is tests/integration/audiobook-player.test.ts and
 * clip-settings.test.ts.
 */

const BOOK = 7;
const MISSING = 999999999;

const fakeClient = useFakeClient();
let api: FakeApi;
let book: Audiobook;
let sentences: Sentence[];
let series: Series[];
let settings: Settings;
let toasts: string[];

const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toastTitled = (title: string) => toastStore.getState().toasts.find((shown) => shown.title === title);

/** A Radix menu opens on the pointer going down on its trigger. */
async function openMenu(name: string) {
  fireEvent.pointerDown(await screen.findByRole('button', { name }), { button: 0, ctrlKey: false });
  return screen.findByRole('menu');
}

function renderPlayer(id = BOOK) {
  answerSignedInLearner(api, settings);
  renderPage(
    <MemoryRouter initialEntries={[`/audiobook/${id}`]}>
      <Routes>
        <Route path="/audiobook/:id" element={<AudiobookPlayerPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function renderBook(overrides: Partial<Settings> = {}) {
  settings = settingsAnswer({ ...settings, ...overrides });
  renderPlayer();
  expect((await screen.findByTestId('player-spanish')).textContent).toBe(sentences[0]!.spanish);
}

const background = () => screen.getByTestId('player-background').getAttribute('src');
const seriesPicture = (sentenceId: number) => `/media/${String(sentenceId).padStart(64, 'e')}.webp`;

/** The book's image-generation job start as the server answers it, the series it makes listed from then on. */
function answerSeriesStart(made: Series) {
  api.on('POST', playerPathOf.imageJobs(BOOK), () => {
    series = [made];
    return {
      body: {
        jobId: made.jobId,
        job: { id: 1, status: 'pending', styleName: null },
        seriesId: made.id,
      },
    };
  });
}

beforeEach(async () => {
  api = fakeClient.api;
  book = bookAnswer(BOOK, ['fairy_tale', 'adventure'], { actualWordCountSpanish: 58 });
  sentences = sentencesAnswer(BOOK, 6);
  series = [];
  settings = settingsAnswer({ hasOpenaiApiKey: true });
  await loadTexts(['audiobookPlayer', 'audiobooks', 'errors']);
  api.on('GET', audiobookPathOf.book(BOOK), () => ({ body: book }));
  api.on('GET', audiobookPathOf.sentences(BOOK), () => ({ body: sentences }));
  api.on('GET', playerPathOf.position(BOOK), () => ({ body: { position: 0 } }));
  api.on('PUT', playerPathOf.position(BOOK), (request) => ({ body: request.body }));
  api.on('GET', playerPathOf.series(BOOK), () => ({ body: series }));
  api.on('GET', playerPathOf.imageStats(BOOK), () => ({ body: [] }));
  api.on('PUT', settingsPaths.settings, (request) => {
    settings = settingsAnswer({ ...settings, ...(request.body as Partial<Settings>) });
    return { body: settings };
  });
  // The engine asks ahead for the next sentences' clips and fetches them early: answered, never played here.
  for (const sentence of sentences) {
    api.on('GET', audiobookPathOf.sentenceAudio(BOOK, sentence.id), () => ({
      body: { success: true, audio: sentence.audioData, cached: true, error: null },
    }));
    api.on('GET', sentence.audioData!, () => ({ status: 200 }));
  }
  toasts = recordToasts();
});

describe('a book that cannot be read', () => {
  it('for want of a connection is asked three times more, says so, and is asked again on «Повторить»', async () => {
    let isOffline = true;
    let reads = 0;
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
      if (new URL(input, 'http://localhost').pathname !== audiobookPathOf.book(BOOK))
        return answered(input, init);
      reads += 1;
      return isOffline ? Promise.reject(new TypeError('Failed to fetch')) : answered(input, init);
    });
    renderPlayer();
    await pass(3_500);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Не удалось загрузить аудиокнигу' }),
    ).toBeDefined();
    expect(screen.getByText('Нет связи с сервером. Проверьте подключение и повторите.')).toBeDefined();
    expect(screen.queryByText('Аудиокнига не найдена или еще не готова')).toBeNull();
    // The first read and its three retries.
    expect(reads).toBe(4);

    isOffline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect((await screen.findByTestId('player-spanish')).textContent).toBe(sentences[0]!.spanish);
    // A book of several genres is titled with all of them, in the book's order.
    expect(screen.getByTestId('player-genre').textContent).toBe('Сказка, Приключения');
    expect(screen.getByTestId('player-word-count').textContent).toBe('Испанских слов в тексте: 58');
  });

  it('that is not there (or another learner’s) is not found, not asked again, and leads back to the library', async () => {
    api.on('GET', audiobookPathOf.book(MISSING), () => ({
      status: 404,
      body: { message: 'Not found', code: 'audiobook_not_found' },
    }));
    renderPlayer(MISSING);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Аудиокнига не найдена или еще не готова' }),
    ).toBeDefined();
    await pass(3_500);
    expect(api.count('GET', audiobookPathOf.book(MISSING))).toBe(1);
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    expect(screen.getByRole('link', { name: 'К аудиокнигам' }).getAttribute('href')).toBe('/audiobooks');
  });
});

describe('the menu', () => {
  it('saves bilingual mode when turned on', async () => {
    await renderBook();
    const menu = await openMenu('Меню');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Включить двуязычный режим' }));
    await waitFor(() =>
      expect(
        api.requests
          .filter((request) => request.method === 'PUT' && request.path === settingsPaths.settings)
          .map((request) => request.body),
      ).toEqual([{ bilingualPlaybackAudiobook: true }]),
    );
  });

  it('without the language-model key, disables rewriting a sentence, saying why and where the key goes', async () => {
    await renderBook({ hasOpenaiApiKey: false });
    const menu = await openMenu('Меню');
    const rewrite = within(menu).getByRole('menuitem', { name: 'Перегенерировать испанский текст' });
    expect(rewrite.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(rewrite.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Новому тексту нужен ключ OpenAI: Настройки › API');
    expect(reason?.getAttribute('href')).toBe('/settings?tab=api');
  });
});

describe('re-voicing the book', () => {
  it('shows the paid clips, voices them again only once confirmed, then says all are current', async () => {
    let summary = { paidClips: 4, freeClips: 0 };
    let revoice: JobFixture = jobAt('revoice-1', 'revoice-audiobook', 4);
    api.on('GET', playerPathOf.revoice(BOOK), () => ({ body: summary }));
    api.on('POST', playerPathOf.revoice(BOOK), () => ({ body: { jobId: 'revoice-1' } }));
    api.on('GET', jobPaths.job('revoice-1'), () => ({ body: jobAnswer(revoice) }));
    await renderBook();
    act(() => currentSocket().open());
    const menu = await openMenu('Меню');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Переозвучить книгу' }));
    const dialog = await screen.findByRole('dialog', { name: 'Переозвучить книгу' });
    const counts = await within(dialog).findByTestId('revoice-counts');
    expect(counts.textContent).toContain('Озвучит заново ваш провайдер (платно): 4');
    expect(counts.textContent).toContain('Встроенный голос озвучит заново бесплатно: 0');
    // Until the learner confirms, nothing is voiced again.
    expect(api.count('POST', playerPathOf.revoice(BOOK))).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Переозвучить' }));
    await waitFor(() => expect(currentSocket().subscriptions()).toContain('revoice-1'));
    summary = { paidClips: 0, freeClips: 0 };
    revoice = {
      ...jobAt('revoice-1', 'revoice-audiobook', 4, 4, 'completed'),
      results: { audiobookId: BOOK, revoicedCount: 4, failedCount: 0 },
    };
    act(() => {
      currentSocket().receive(progressMessage(revoice));
      currentSocket().receive(statusMessage(revoice));
    });
    await waitFor(() => expect(toasts).toContain('Клипов озвучено заново: 4'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('revoice-counts').textContent).toBe(
        'Все клипы книги уже озвучены текущими настройками.',
      ),
    );
    expect(within(dialog).getByRole('button', { name: 'Переозвучить' })).toHaveProperty('disabled', true);
    expect(api.count('POST', playerPathOf.revoice(BOOK))).toBe(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('a new series', () => {
  it('requires a style, starts with the provider chosen, fills while the learner watches, is shown, and is left for the original pictures', async () => {
    const made = seriesAnswer({ id: 21, status: 'generating', completedSentences: 0, jobId: 'series-1' });
    let drawing = jobAt('series-1', 'generate-image-series', 6);
    answerSeriesStart(made);
    api.on('GET', jobPaths.job('series-1'), () => ({ body: jobAnswer(drawing) }));
    api.on('GET', playerPathOf.seriesItems(BOOK, 21), () => ({
      body: sentences.map((sentence) => ({ sentenceId: sentence.id, imageData: seriesPicture(sentence.id) })),
    }));
    api.on('PUT', playerPathOf.selectedSeries(BOOK), (request) => {
      const { selectedImageSeriesId } = selectedSeriesRequestSchema.parse(request.body);
      book = { ...book, selectedImageSeriesId };
      return { body: { selectedImageSeriesId } };
    });
    await renderBook();
    act(() => currentSocket().open());
    const original = background();
    expect(original).toBeTruthy();

    fireEvent.click(
      within(await openMenu('Серии иллюстраций')).getByRole('menuitem', { name: 'Создать новую серию' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Создать новую серию иллюстраций' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать серию' }));
    await waitFor(() => expect(toasts).toContain('Выберите стиль для создания серии'));
    expect(api.count('POST', playerPathOf.imageJobs(BOOK))).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Список' }));
    expect(within(dialog).getByRole('button', { name: 'Список' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Акварель/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^Встроенные картинки/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Создать серию' }));
    await waitFor(() =>
      expect(toasts).toContain(
        'Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.',
      ),
    );
    expect(startImageJobRequestSchema.parse(api.requests.find((r) => r.method === 'POST')!.body)).toEqual({
      serviceProvider: 'builtin',
      imageStyle: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The picker shows the series filling from its job, then ready.
    await waitFor(() => expect(currentSocket().subscriptions()).toContain('series-1'));
    drawing = jobAt('series-1', 'generate-image-series', 6, 2);
    act(() => currentSocket().receive(progressMessage(drawing)));
    let picker = await openMenu('Серии иллюстраций');
    await waitFor(() =>
      expect(within(picker).getByTestId('series-option').textContent).toContain('генерируется · 2/6'),
    );
    expect(within(picker).getByRole('status').textContent).toContain('Генерация...');
    fireEvent.keyDown(picker, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    series = [{ ...made, status: 'completed', completedSentences: 6, jobId: null }];
    drawing = { ...jobAt('series-1', 'generate-image-series', 6, 6, 'completed'), results: null };
    act(() => {
      currentSocket().receive(progressMessage(drawing));
      currentSocket().receive(statusMessage(drawing));
    });
    await waitFor(() => expect(api.count('GET', playerPathOf.series(BOOK))).toBeGreaterThan(2));
    picker = await openMenu('Серии иллюстраций');
    const option = await within(picker).findByTestId('series-option');
    await waitFor(() => expect(option.textContent).toContain('готова'));
    expect(option.textContent).toContain('Акварель');

    fireEvent.click(option);
    await waitFor(() => expect(background()).toContain(seriesPicture(sentences[0]!.id)));
    expect(book.selectedImageSeriesId).toBe(21);

    picker = await openMenu('Серии иллюстраций');
    fireEvent.click(within(picker).getByRole('menuitemradio', { name: 'Оригинальные изображения' }));
    await waitFor(() => expect(background()).toBe(original));
    expect(book.selectedImageSeriesId).toBeNull();
  });
});

describe('the AI dialog', () => {
  const previewOf = (styleId: number) => `/media/${String(styleId).padStart(64, 'f')}.webp`;
  const samples: unknown[] = [];
  beforeEach(() => {
    samples.length = 0;
    api.on('GET', playerPaths.stylePreviews, () => ({
      body: [1, 2, 3, 4, 5].map((styleId) => ({ styleId, imageData: previewOf(styleId) })),
    }));
  });
  const openDialog = async () => {
    fireEvent.click(
      within(await openMenu('Серии иллюстраций')).getByRole('menuitem', {
        name: 'Генерация изображений с ИИ',
      }),
    );
    return screen.findByRole('dialog', { name: 'Генерация изображений с ИИ' });
  };
  const kindOf = (dialog: HTMLElement, style: string) =>
    within(within(dialog).getByRole('group', { name: style }))
      .getByTestId('style-picture')
      .getAttribute('data-kind');

  it('shows five previews, names who draws, draws a sample only when asked, and starts the series by the stand-in', async () => {
    api.on('POST', providerPaths.generateSampleImage, (request) => {
      samples.push(request.body);
      return { body: { success: true, imageData: previewOf(9), error: null, provider: 'openai' } };
    });
    answerSeriesStart(
      seriesAnswer({
        id: 22,
        serviceProvider: 'openai',
        status: 'pending',
        completedSentences: 0,
        jobId: 'series-2',
      }),
    );
    api.on('GET', jobPaths.job('series-2'), () => ({
      body: jobAnswer(jobAt('series-2', 'generate-image-series', 6)),
    }));
    // The language-model key (OpenAI), no Leonardo key.
    await renderBook();
    const dialog = await openDialog();
    expect(
      within(within(dialog).getByRole('group', { name: 'Левая колонка' })).getAllByTestId('style-tile'),
    ).toHaveLength(3);
    expect(
      within(within(dialog).getByRole('group', { name: 'Правая колонка' })).getAllByTestId('style-tile'),
    ).toHaveLength(2);
    await waitFor(() => expect(within(dialog).getAllByTestId('style-picture')).toHaveLength(5));
    for (const picture of within(dialog).getAllByTestId('style-picture')) {
      expect(picture.getAttribute('data-kind')).toBe('preview');
      expect(picture.getAttribute('src')).toMatch(/^\/media\/f+\d\.webp/);
    }

    // The learner's own provider draws by default, and the dialog says so.
    const drawer = within(dialog).getByTestId('drawing-provider');
    expect(drawer.textContent).toBe('Рисует: OpenAI/DALL-E');
    // Leonardo without its key: the dialog says where the key goes and who stands in.
    fireEvent.click(within(dialog).getByRole('button', { name: /^Leonardo/ }));
    expect(drawer.textContent).toBe('Рисует: OpenAI/DALL-E (вместо Leonardo: нет ключа)');
    expect(
      within(dialog).getByText('Пожалуйста, добавьте API ключ для Leonardo AI в настройках'),
    ).toBeDefined();
    expect(within(dialog).getByRole('link', { name: 'Настройки › API' }).getAttribute('href')).toBe(
      '/settings?tab=api',
    );
    // Nothing paid is drawn unasked.
    expect(samples).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать пример: Акварель' }));
    await waitFor(() => expect(kindOf(dialog, 'Акварель')).toBe('sample'));
    expect(samples).toEqual([
      {
        spanish: sentences[0]!.spanish,
        russian: sentences[0]!.russian,
        styleId: 3,
        serviceProvider: 'openai',
      },
    ]);
    expect(kindOf(dialog, 'Мультфильм')).toBe('preview');

    // Choosing the style draws the series by the stand-in, and says whose key is missing.
    fireEvent.click(
      within(within(dialog).getByRole('group', { name: 'Акварель' })).getByRole('button', {
        name: 'Акварель',
      }),
    );
    await waitFor(() =>
      expect(toasts).toContain(
        'Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.',
      ),
    );
    expect(
      toastTitled('Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.')
        ?.description,
    ).toBe(
      'Leonardo API ключ не найден! Перейдите в Настройки и добавьте ваш Leonardo API ключ. Серию рисует сервис «OpenAI/DALL-E».',
    );
    expect(
      startImageJobRequestSchema.parse(
        api.requests.find((request) => request.path === playerPathOf.imageJobs(BOOK))!.body,
      ),
    ).toEqual({ serviceProvider: 'openai', imageStyle: 3 });
  });

  it('with a Leonardo key draws by Leonardo, and says when a sample fails, keeping the preview', async () => {
    // A key Leonardo refuses, as the server answers it (tests/integration/providers-routes.test.ts).
    api.on('POST', providerPaths.generateSampleImage, (request) => {
      samples.push(request.body);
      return {
        body: {
          success: false,
          imageData: null,
          error: 'Leonardo refused the key',
          code: 'provider_invalid_key',
          params: { provider: 'leonardo' },
          provider: 'leonardo',
        },
      };
    });
    await renderBook({ hasLeonardoApiKey: true });
    const dialog = await openDialog();
    expect(within(dialog).getByTestId('drawing-provider').textContent).toBe('Рисует: Leonardo');
    await waitFor(() => expect(within(dialog).getAllByTestId('style-picture')).toHaveLength(5));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать пример: Мультфильм' }));
    await waitFor(() => expect(toasts).toContain('Ошибка генерации'));
    expect(toastTitled('Ошибка генерации')?.description).toMatch(/^Ключ Leonardo недействителен/);
    expect(kindOf(dialog, 'Мультфильм')).toBe('preview');
    expect(samples.at(-1)).toMatchObject({ styleId: 4, serviceProvider: 'leonardo' });
  });
});
