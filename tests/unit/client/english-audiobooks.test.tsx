// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  analyzeContentResponseSchema,
  createAudiobookRequestSchema,
  createAudiobookResponseSchema,
  audiobookListSchema,
  audiobookPaths,
  type Audiobook,
} from '../../../src/shared/api/audiobooks';
import { createAudiobookResultsSchema } from '../../../src/shared/api/audiobook-jobs';
import { jobPaths } from '../../../src/shared/api/jobs';
import { type FakeApi } from '../../support/client/fake-api';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
} from '../../support/client/job-answers';
import {
  answerNewLearner,
  bookOf,
  expectEnglish,
  findHeading,
  LEARNER_NAME,
  openWithKeyboard,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * The audiobook library in English (docs/product/errors.md#interface-language): a book with a series made
 * while the interface was Russian, the genre manager, the maintenance menu with a toast and a failed
 * dictionary check, and the delete confirmation, each state scanned for Russian (the learner's name aside).
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

beforeEach(() => {
  api = fakeClient.api;
  answerNewLearner(api);
});

describe('the audiobook library in English', () => {
  it('a book, genres, maintenance and its toasts, the delete confirmation', async () => {
    // Its series was made while the interface was Russian: its style is kept as an id and named in English.
    const book = bookOf({
      selectedImageSeriesId: 7,
      selectedSeries: { id: 7, serviceProvider: 'builtin', imageStyle: '6', styleName: 'Готика' },
    });
    api.on('GET', audiobookPaths.books, () => ({ body: audiobookListSchema.parse([book]) }));
    api.on('POST', audiobookPaths.analyzeContent, () => ({
      body: analyzeContentResponseSchema.parse({ statistics: { processed: 1, analyzed: 1 } }),
    }));
    renderApp('/audiobooks');
    await findHeading('Audiobooks');
    const card = await screen.findByTestId('audiobook-card');
    expect(card.textContent).toContain('Spanish words in the text');
    expect(within(card).getByText('Gothic')).toBeDefined();
    expectEnglish('audiobooks: library with a book and a series badge made in Russian', LEARNER_NAME);

    fireEvent.click(screen.getByRole('button', { name: 'Genres' }));
    const genres = await screen.findByRole('dialog', { name: 'Genres' });
    expectEnglish('audiobooks: genre manager', LEARNER_NAME);
    fireEvent.keyDown(genres, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    openWithKeyboard(screen.getByRole('button', { name: 'Library maintenance' }));
    const menu = await screen.findByRole('menu');
    expectEnglish('audiobooks: maintenance menu', LEARNER_NAME);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Analyze content' }));
    await screen.findByText('Analysis complete');
    expectEnglish('audiobooks: a maintenance toast', LEARNER_NAME);

    // A dictionary check whose call never reaches the server: its failure toast, title and sentence.
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    openWithKeyboard(screen.getByRole('button', { name: 'Library maintenance' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Re-check dictionary words in all books' }));
    await screen.findByText('Dictionary check failed');
    await screen.findByText('The dictionary check could not be run', { exact: false });
    expectEnglish('audiobooks: the dictionary check failed', LEARNER_NAME);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete audiobook' }));
    await screen.findByRole('alertdialog');
    expectEnglish('audiobooks: delete confirmation', LEARNER_NAME);
  });

  it('the creation dialog and its progress to the end', async () => {
    // A story needs a language model (docs/product/audiobooks.md#creation): the learner has a key.
    answerNewLearner(api, { hasOpenaiApiKey: true, openaiApiKeyHint: 'sk-…abcd' });
    const CREATION = 'create-1';
    let creation: JobFixture = jobAt(CREATION, 'create-audiobook', 8);
    let books: Audiobook[] = [];
    api.on('GET', audiobookPaths.books, () => ({ body: audiobookListSchema.parse(books) }));
    api.on('POST', audiobookPaths.books, (request) => {
      expect(createAudiobookRequestSchema.parse(request.body).genreIds).toHaveLength(1);
      books = [bookOf({ status: 'processing', jobId: CREATION })];
      return { body: createAudiobookResponseSchema.parse({ audiobook: books[0], jobId: CREATION }) };
    });
    api.on('GET', jobPaths.job(CREATION), () => ({ body: jobAnswer(creation) }));
    renderApp('/audiobooks');
    await screen.findByText('No audiobooks', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Create audiobook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New audiobook' }, { timeout: 5_000 });
    const adventure = await within(dialog).findByRole('button', { name: 'Adventure' });
    expectEnglish('audiobooks: creation dialog', LEARNER_NAME);
    fireEvent.click(adventure);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await within(dialog).findByText('Preparing the book');
    await within(dialog).findByText('Details');
    await waitFor(() => expect(currentSocket).not.toThrow());
    act(() => currentSocket().open());
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(CREATION));
    expectEnglish('audiobooks: creation under way', LEARNER_NAME);
    creation = {
      ...creation,
      status: 'completed',
      progress: { ...creation.progress, processed: 8 },
      results: createAudiobookResultsSchema.parse({
        audiobookId: 1,
        counters: {
          languageModelRequests: 2,
          speechRequests: 24,
          wordsUsed: 4,
          sentencesSaved: 12,
          imagesStored: 4,
          languageModelTokens: 3000,
          chaptersGenerated: 1,
          translationsStored: 12,
          clipsRequested: 24,
          dueWordsUsed: 0,
        },
      }),
    };
    books = [bookOf()];
    act(() => {
      currentSocket().receive(progressMessage(creation));
      currentSocket().receive(statusMessage(creation));
    });
    await within(dialog).findByText('Done!');
    expectEnglish('audiobooks: creation complete', LEARNER_NAME);
  });
});
