// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  audioStatusSchema,
  imageJobListSchema,
  imageStatsSchema,
  playerPathOf,
  playerPaths,
  positionSchema,
  revoiceResponseSchema,
  revoiceSummarySchema,
  seriesListSchema,
} from '../../../src/shared/api/audiobook-player';
import {
  audiobookPathOf,
  audiobookSchema,
  sentenceAudioResponseSchema,
  sentenceListSchema,
} from '../../../src/shared/api/audiobooks';
import { revoiceResultsSchema } from '../../../src/shared/api/audiobook-jobs';
import { jobPaths } from '../../../src/shared/api/jobs';
import { providerPaths } from '../../../src/shared/api/providers';
import { currentSocket } from '../../support/client/fake-web-socket';
import { jobAnswer, jobAt, progressMessage, statusMessage } from '../../support/client/job-answers';
import { deferred, type FakeApi } from '../../support/client/fake-api';
import {
  answerNewLearner,
  bookOf,
  expectEnglish,
  LEARNER_NAME,
  openWithKeyboard,
  renderApp,
  TODAY,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * The audiobook player in English (docs/product/errors.md#interface-language): a book that cannot be read
 * (no connection, then a server error), the player, its menu, audio status and series picker with a series
 * made while the interface was Russian, play-all while its first clip is made, the AI and new-series dialogs
 * with their notes, samples and toasts, each state scanned for Russian (the learner's name aside). The
 * story's Russian sentences are the learner's content: shown hidden, as the learner chose.
 */

const fakeClient = useEnglishClient();
let api: FakeApi;
const BOOK = bookOf({ genre: 'scifi', genreNames: ['scifi'], title: 'Science fiction' });
const SENTENCES = sentenceListSchema.parse(
  ['El perro duerme.', 'El gato come.', 'La casa es grande.'].map((spanish, index) => ({
    id: index + 1,
    orderIndex: index,
    spanish,
    russian: 'Собака спит.',
    audioData: null,
    secondVoiceAudioData: null,
    russianAudioData: null,
    imageData: null,
    imageStyle: null,
    listenCount: 0,
  })),
);

beforeEach(() => {
  api = fakeClient.api;
  answerNewLearner(api, { showAudiobookTranslations: false, hasOpenaiApiKey: true });
  api.on('GET', audiobookPathOf.book(1), () => ({ body: audiobookSchema.parse(BOOK) }));
  api.on('GET', audiobookPathOf.sentences(1), () => ({ body: SENTENCES }));
  api.on('GET', playerPathOf.audioStatus(1), () => ({
    body: audioStatusSchema.parse({
      percentReady: 100,
      mainAudioReady: 3,
      secondVoiceReady: 3,
      russianAudioReady: 3,
      readyForPlayback: 3,
      totalSentences: 3,
    }),
  }));
  // A series made while the interface was Russian: its style is kept as an id and named in English.
  api.on('GET', playerPathOf.series(1), () => ({
    body: seriesListSchema.parse([
      {
        id: 7,
        serviceProvider: 'builtin',
        imageStyle: '6',
        styleName: 'Готика',
        status: 'completed',
        completedSentences: 3,
        totalSentences: 3,
        createdAt: `${TODAY}T09:00:00.000Z`,
        jobId: null,
      },
    ]),
  }));
  api.on('GET', playerPathOf.position(1), () => ({ body: positionSchema.parse({ position: 0 }) }));
  api.on('PUT', playerPathOf.position(1), () => ({ body: positionSchema.parse({ position: 0 }) }));
  api.on('GET', playerPathOf.imageStats(1), () => ({ body: imageStatsSchema.parse([]) }));
  // The clips the player reads ahead: none could be made, which nothing here reads.
  for (const { id } of SENTENCES) {
    api.on('GET', audiobookPathOf.sentenceAudio(1, id), () => ({
      body: sentenceAudioResponseSchema.parse({ success: false, audio: null, cached: false, error: null }),
    }));
  }
  api.on('GET', playerPathOf.imageJobs(1), () => ({ body: imageJobListSchema.parse([]) }));
});

describe('the audiobook player in English', () => {
  it('a book that cannot be read, then the player, its menu, audio status and series', async () => {
    // No connection at first, then a server error, then the book: the player says why each time.
    const answered = vi.mocked(fetch).getMockImplementation()!;
    let reading: 'offline' | 'failing' | 'ok' = 'offline';
    let bookReads = 0;
    vi.mocked(fetch).mockImplementation((input, init) => {
      // The client calls fetch with a path, never with a Request (fake-api.ts).
      const path = input instanceof Request ? input.url : input;
      const isBook = new URL(path, 'http://localhost').pathname === audiobookPathOf.book(1);
      if (isBook) bookReads += 1;
      if (isBook && reading === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
      if (isBook && reading === 'failing')
        return Promise.resolve(new Response('Service Unavailable', { status: 503 }));
      return answered(input, init);
    });
    renderApp('/audiobook/1');
    // The query client asks again a few times before it gives up (src/client/lib/query-client.ts): its
    // waits pass on the fake clock.
    const afterRetries = async (shown: () => HTMLElement | null) => {
      // The screen's code is loaded first, in real time.
      const before = bookReads;
      await waitFor(() => expect(bookReads).toBeGreaterThan(before), { timeout: 5_000 });
      for (let second = 0; second < 60 && !shown(); second += 1) {
        await act(() => vi.advanceTimersByTimeAsync(1_000));
      }
      expect(shown()).not.toBeNull();
    };
    await afterRetries(() => screen.queryByRole('heading', { name: 'The audiobook could not be loaded' }));
    await screen.findByText('No connection to the server.', { exact: false });
    expectEnglish('player: could not load (no connection)', LEARNER_NAME);
    reading = 'failing';
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await afterRetries(() =>
      screen.queryByText('The server could not return the audiobook.', { exact: false }),
    );
    expectEnglish('player: could not load (server error)', LEARNER_NAME);
    reading = 'ok';
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });
    expect(screen.getByTestId('player-genre').textContent).toBe('Science fiction');
    expectEnglish('player', LEARNER_NAME);

    openWithKeyboard(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    expectEnglish('player: menu', LEARNER_NAME);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Audio status' }));
    await screen.findByTestId('audio-status');
    expectEnglish('player: audio status', LEARNER_NAME);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    openWithKeyboard(screen.getByRole('button', { name: 'Illustration series' }));
    await screen.findByRole('menu');
    await waitFor(() =>
      expect(
        screen.getAllByTestId('series-option').some((option) => option.textContent.includes('Gothic')),
      ).toBe(true),
    );
    expectEnglish('player: series picker with a series made in Russian', LEARNER_NAME);
  });

  it('re-voicing after a change of speed: the dialog with its counts, then the job’s toast', async () => {
    const REVOICE = 'revoice-1';
    let revoicing = jobAt(REVOICE, 'revoice-audiobook', 6);
    api.on('GET', playerPathOf.revoice(1), () => ({
      body: revoiceSummarySchema.parse({ paidClips: 6, freeClips: 0 }),
    }));
    api.on('POST', playerPathOf.revoice(1), () => ({
      body: revoiceResponseSchema.parse({ jobId: REVOICE }),
    }));
    api.on('GET', jobPaths.job(REVOICE), () => ({ body: jobAnswer(revoicing) }));
    renderApp('/audiobook/1');
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });
    openWithKeyboard(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Re-voice the book' }));
    const revoice = await screen.findByRole('dialog', { name: 'Re-voice the book' });
    await within(revoice).findByText(/^Voiced again by your provider \(paid\): 6/);
    expectEnglish('player: re-voice dialog', LEARNER_NAME);
    fireEvent.click(within(revoice).getByRole('button', { name: 'Re-voice' }));
    await waitFor(() => expect(currentSocket).not.toThrow());
    act(() => currentSocket().open());
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(REVOICE));
    revoicing = {
      ...revoicing,
      status: 'completed',
      progress: { ...revoicing.progress, processed: 6 },
      results: revoiceResultsSchema.parse({ audiobookId: 1, revoicedCount: 6, failedCount: 0 }),
    };
    act(() => {
      currentSocket().receive(progressMessage(revoicing));
      currentSocket().receive(statusMessage(revoicing));
    });
    await screen.findAllByText(/^Clips voiced again: 6/);
    expectEnglish('player: book re-voiced', LEARNER_NAME);
  });

  it('play-all starting, and the two series dialogs with their notes, samples and toasts', async () => {
    // The first clip is still being made: play-all says it is starting.
    const firstClip = deferred<{ body: unknown }>();
    api.on('GET', audiobookPathOf.sentenceAudio(1, 1), () => firstClip.promise);
    api.on('GET', playerPaths.stylePreviews, () => ({
      body: [1, 2, 3, 4, 5].map((styleId) => ({
        styleId,
        imageData: `/media/${String(styleId).padStart(64, 'f')}.webp`,
      })),
    }));
    let sampleRefused = false;
    api.on('POST', providerPaths.generateSampleImage, () => ({
      body: sampleRefused
        ? {
            success: false,
            imageData: null,
            error: 'Leonardo refused the key',
            code: 'provider_invalid_key',
            params: { provider: 'leonardo' },
            provider: 'leonardo',
          }
        : {
            success: true,
            imageData: `/media/${'9'.padStart(64, 'f')}.webp`,
            error: null,
            provider: 'openai',
          },
    }));
    let made = 0;
    api.on('POST', playerPathOf.imageJobs(1), () => {
      made += 1;
      return {
        body: {
          jobId: `series-${made}`,
          job: { id: made, status: 'pending', styleName: null },
          seriesId: 20 + made,
        },
      };
    });
    for (const id of ['series-1', 'series-2', 'series-3']) {
      api.on('GET', jobPaths.job(id), () => ({ body: jobAnswer(jobAt(id, 'generate-image-series', 3)) }));
    }
    const starting = renderApp('/audiobook/1');
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Play all' }));
    await screen.findByRole('button', { name: 'Starting playback...' });
    expectEnglish('player: play-all starting', LEARNER_NAME);
    // The rest on a player opened afresh, its first clip answered.
    starting.unmount();
    firstClip.resolve({
      body: sentenceAudioResponseSchema.parse({ success: false, audio: null, cached: false, error: null }),
    });
    const { unmount } = renderApp('/audiobook/1');
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });

    // The AI dialog: who draws, Leonardo without its key, a sample, the series its stand-in draws.
    const openAiDialog = async () => {
      openWithKeyboard(screen.getByRole('button', { name: 'Illustration series' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Draw pictures with AI' }));
      return screen.findByRole('dialog', { name: 'Draw pictures with AI' });
    };
    let dialog = await openAiDialog();
    await waitFor(() => expect(within(dialog).getAllByTestId('style-picture')).toHaveLength(5));
    expect(within(dialog).getByTestId('drawing-provider').textContent).toBe('Drawn by: OpenAI/DALL-E');
    expectEnglish('player: AI series dialog', LEARNER_NAME);
    fireEvent.click(within(dialog).getByRole('button', { name: /^Leonardo/ }));
    within(dialog).getByText('Please add a Leonardo AI API key in Settings');
    expectEnglish('player: AI series dialog, Leonardo without a key', LEARNER_NAME);
    const watercolor = within(within(dialog).getByRole('group', { name: 'Watercolor' }));
    fireEvent.click(watercolor.getByRole('button', { name: 'Show an example: Watercolor' }));
    await waitFor(() =>
      expect(watercolor.getByTestId('style-picture').getAttribute('data-kind')).toBe('sample'),
    );
    expectEnglish('player: AI series dialog, a sample', LEARNER_NAME);
    fireEvent.click(watercolor.getByRole('button', { name: 'Watercolor' }));
    await screen.findAllByText(/^Leonardo API key not found! Go to Settings/);
    expectEnglish('player: AI series started by a stand-in', LEARNER_NAME);

    // The new series dialog, and the toast of the series it starts.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openWithKeyboard(screen.getByRole('button', { name: 'Illustration series' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Create a new series' }));
    const newSeries = await screen.findByRole('dialog', { name: 'Create a new illustration series' });
    fireEvent.click(within(newSeries).getByRole('radio', { name: 'Watercolor' }));
    fireEvent.click(within(newSeries).getByRole('button', { name: /Built-in pictures/ }));
    expectEnglish('player: new series dialog', LEARNER_NAME);
    fireEvent.click(within(newSeries).getByRole('button', { name: 'Create the series' }));
    await screen.findAllByText(/^A series in the style "Watercolor" is being drawn!/);
    expectEnglish('player: series started', LEARNER_NAME);
    unmount();

    // A Leonardo key the service refuses: the sample fails.
    answerNewLearner(api, {
      showAudiobookTranslations: false,
      hasOpenaiApiKey: true,
      hasLeonardoApiKey: true,
    });
    sampleRefused = true;
    const withLeonardo = renderApp('/audiobook/1');
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });
    dialog = await openAiDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show an example: Cartoon' }));
    await screen.findAllByText('Generation failed');
    expectEnglish('player: a sample failed', LEARNER_NAME);
    withLeonardo.unmount();

    // OpenAI picked without its key: the note, and the toast of the series its stand-in draws.
    answerNewLearner(api, { showAudiobookTranslations: false, hasOpenaiApiKey: false });
    renderApp('/audiobook/1');
    await screen.findByTestId('player-spanish', {}, { timeout: 5_000 });
    dialog = await openAiDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: /^OpenAI/ }));
    within(dialog).getByText('Please add an OpenAI key in Settings');
    expectEnglish('player: AI series dialog, OpenAI without a key', LEARNER_NAME);
    fireEvent.click(
      within(within(dialog).getByRole('group', { name: 'Minimalist' })).getByRole('button', {
        name: 'Minimalist',
      }),
    );
    await screen.findAllByText(/^OpenAI key not found/);
    expectEnglish('player: AI series started without the OpenAI key', LEARNER_NAME);
  });
});
