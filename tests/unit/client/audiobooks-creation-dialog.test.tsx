// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATION_STEPS } from '../../../src/shared/api/audiobook-jobs';
import {
  type Audiobook,
  audiobookPaths,
  createAudiobookRequestSchema,
} from '../../../src/shared/api/audiobooks';
import { jobPaths } from '../../../src/shared/api/jobs';
import { AudiobooksPage } from '../../../src/client/features/audiobooks/audiobooks.page';
import { NAVIGATE_AFTER_MS } from '../../../src/client/features/audiobooks/lib/creation-progress';
import type { FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import { bookAnswer, builtinGenres } from '../../support/client/audiobook-answers';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
} from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The create dialog (docs/product/audiobooks.md#creation) for given answers: its defaults, the genre it
 * requires, what it sends, the eight steps fed by the creation job, and the way to the book. The job's
 * run itself is tests/integration/audiobook-creation.test.ts; the steps' states are
 * tests/unit/client/audiobook-creation-progress.test.ts; a book written end to end through this dialog is
 * e2e/audiobooks.spec.ts.
 */

const JOB = 'create-1';
const BOOK = 41;

const fakeClient = useFakeClient();
let api: FakeApi;
let books: Audiobook[];
let creation: JobFixture;
let toasts: string[];

function BookShown() {
  return <p>Плеер книги {useParams().id}</p>;
}

function report(next: JobFixture) {
  creation = next;
  act(() => {
    currentSocket().receive(progressMessage(next));
    if (next.status !== 'processing') currentSocket().receive(statusMessage(next));
  });
}

/** The job's progress after `done` of the eight steps, with the counters the server keeps. */
function creationAt(done: number, status: JobFixture['status']): JobFixture {
  const job = jobAt(JOB, 'create-audiobook', 8, done, status);
  return {
    ...job,
    progress: {
      ...job.progress,
      stage: CREATION_STEPS[done] ?? null,
      stages: CREATION_STEPS.map((name, index) => ({
        name,
        completed: index < done ? 1 : 0,
        total: 1,
      })),
      counters: { chaptersGenerated: 2, sentencesSaved: 9, languageModelTokens: 900 },
    },
  };
}

beforeEach(async () => {
  api = fakeClient.api;
  books = [];
  creation = creationAt(0, 'pending');
  await loadTexts(['audiobooks', 'audiobookCreation', 'errors']);
  answerSignedInLearner(api, { hasOpenaiApiKey: true });
  api.on('GET', audiobookPaths.books, () => ({ body: books }));
  api.on('GET', audiobookPaths.genres, () => ({ body: builtinGenres() }));
  api.on('POST', audiobookPaths.books, () => {
    const audiobook = bookAnswer(BOOK, ['adventure'], { status: 'processing', jobId: JOB });
    books = [audiobook];
    return { status: 201, body: { audiobook, jobId: JOB } };
  });
  api.on('GET', jobPaths.job(JOB), () => ({ body: jobAnswer(creation) }));
  toasts = recordToasts();
});

describe('the create dialog', () => {
  it('starts at B1 and 200 words, requires a genre, sends the choice with a picture on every sentence, shows the eight steps and goes to the book', async () => {
    renderPage(
      <MemoryRouter initialEntries={['/audiobooks']}>
        <Routes>
          <Route path="/audiobooks" element={<AudiobooksPage />} />
          <Route path="/audiobook/:id" element={<BookShown />} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => currentSocket().open());
    expect(await screen.findByText('Нет аудиокниг')).toBeDefined();
    const create = screen.getByRole('button', { name: 'Создать аудиокнигу' });
    await waitFor(() => expect(create).toHaveProperty('disabled', false));
    fireEvent.click(create);
    const dialog = await screen.findByRole('dialog', { name: 'Новая аудиокнига' });
    expect(within(dialog).getByRole('radio', { name: 'B1' }).getAttribute('aria-checked')).toBe('true');
    const slider = within(dialog).getByRole('slider', { name: /^Количество слов/ });
    expect((slider as HTMLInputElement).value).toBe('200');

    const start = within(dialog).getByRole('button', { name: 'Создать' });
    fireEvent.click(start);
    await waitFor(() => expect(toasts).toEqual(['Выберите жанр']));
    expect(api.count('POST', audiobookPaths.books)).toBe(0);

    fireEvent.click(await within(dialog).findByRole('button', { name: 'Приключения' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'A2' }));
    fireEvent.change(slider, { target: { value: '400' } });
    fireEvent.click(start);
    await waitFor(() => expect(api.count('POST', audiobookPaths.books)).toBe(1));
    const sent = api.requests.find((request) => request.method === 'POST')!.body;
    // The dialog asks for a picture on every sentence; the stored default (every third) is for other clients.
    expect(createAudiobookRequestSchema.parse(sent)).toMatchObject({
      genreIds: [3],
      grammarLevel: 'A2',
      targetWordCount: 400,
      imageStep: 1,
    });

    const steps = await within(dialog).findByRole('list', { name: 'Шаги создания' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual([
      expect.stringMatching(/^Загрузка словаря/),
      expect.stringMatching(/^Выбор слов для истории/),
      expect.stringMatching(/^Подготовка книги/),
      expect.stringMatching(/^Генерация истории/),
      expect.stringMatching(/^Сохранение предложений/),
      expect.stringMatching(/^Создание аудио/),
      expect.stringMatching(/^Генерация изображений/),
      expect.stringMatching(/^Завершение/),
    ]);
    // A book being written cannot be closed away.
    expect(within(dialog).queryByRole('button', { name: 'Закрыть' })).toBeNull();

    report(creationAt(4, 'processing'));
    expect((await within(dialog).findByTestId('creation-steps-done')).textContent).toBe(
      'Выполнено шагов: 4 из 8',
    );
    report({ ...creationAt(8, 'completed'), results: null });
    expect(await within(dialog).findByText('Завершено!')).toBeDefined();
    expect(within(dialog).getByTestId('creation-steps-done').textContent).toBe('Выполнено шагов: 8 из 8');
    expect(within(dialog).getByTestId('counter-chaptersGenerated').textContent).toBe('2');
    // What the run cost waits, collapsed, under «Подробнее»; the story's own figures are in view.
    expect(within(dialog).getByTestId('counter-languageModelTokens').closest('details')?.open).toBe(false);
    expect(within(dialog).getByTestId('counter-sentencesSaved').closest('details')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Перейти к аудиокниге' })).toBeDefined();

    // One second later the dialog goes to the book.
    await act(() => vi.advanceTimersByTimeAsync(NAVIGATE_AFTER_MS));
    expect(await screen.findByText(`Плеер книги ${BOOK}`)).toBeDefined();
  });
});
