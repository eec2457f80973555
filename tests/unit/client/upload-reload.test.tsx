// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jobPaths } from '../../../src/shared/api/jobs';
import { uploadPaths } from '../../../src/shared/api/upload-paths';
import { currentUploadSchema, dismissUploadSchema } from '../../../src/shared/api/jobs';
import { processBatchRequestSchema } from '../../../src/shared/api/uploads';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import { UploadPage } from '../../../src/client/features/upload/upload.page';
import {
  readStoredUploadJob,
  writeStoredUploadJob,
} from '../../../src/client/features/upload/lib/upload-job-storage';
import { JOB_POLL_INTERVAL_MS } from '../../../src/client/lib/jobs/job-state';
import { type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
  uploadResultsOf,
} from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The upload screen's job across a reload (docs/product/upload.md#the-upload-comes-back): the server names
 * the learner's running upload, the page shows its progress again and follows it to its report, and the
 * end is announced once though both the socket and the poll report it.
 */

const JOB = 'upload-1';
const PAIRS = Array.from({ length: 30 }, (_, index) => [`palabra${index + 1}`, `слово${index + 1}`] as const);
const PASTE = PAIRS.map(([spanish, russian]) => `${spanish} / ${russian}`).join('\n');

const fakeClient = useFakeClient();
let api: FakeApi;
/** The server's upload: null until one is started. */
let upload: JobFixture | null;

const jobPanel = () => screen.getByRole('region', { name: /^Обработка слов:/ });
const progressCard = () => screen.findByRole('region', { name: 'Ход загрузки' });
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** The server moves the upload on and says so over the socket. */
function report(next: JobFixture) {
  upload = next;
  act(() => {
    currentSocket().receive(progressMessage(next));
    if (next.status !== 'processing') currentSocket().receive(statusMessage(next));
  });
}

beforeEach(async () => {
  api = fakeClient.api;
  localStorage.clear();
  upload = null;
  await loadTexts(['upload', 'errors']);
  answerSignedInLearner(api);
  api.on('GET', wordsPaths.words, () => ({ body: [] }));
  api.on('GET', uploadPaths.current, () => ({
    body: currentUploadSchema.parse({ job: upload ? jobAnswer(upload) : null }),
  }));
  api.on('POST', uploadPaths.processBatch, (request) => {
    const { text } = processBatchRequestSchema.parse(request.body);
    upload = jobAt(JOB, 'upload-words', text.split('\n').length);
    return { body: { jobId: JOB } };
  });
  api.on('GET', jobPaths.job(JOB), () => ({ body: jobAnswer(upload!) }));
  // A finished upload, once dismissed, is no longer the learner's current one.
  api.on('POST', uploadPaths.dismiss(JOB), () => {
    const dismissed = upload !== null && upload.status !== 'processing' && upload.status !== 'pending';
    if (dismissed) upload = null;
    return { body: dismissUploadSchema.parse({ dismissed }) };
  });
});

describe('the upload screen after a reload', () => {
  it('picks the running upload up again and shows its progress to its report, announced once', async () => {
    const toasts = recordToasts();
    renderPage(<UploadPage />);
    act(() => currentSocket().open());
    fireEvent.change(await screen.findByLabelText('Пары слов, по одной на строку'), {
      target: { value: PASTE },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить слова' }));
    await waitFor(() => expect(jobPanel()).toBeDefined());
    report(jobAt(JOB, 'upload-words', 30, 4));
    expect(await within(await progressCard()).findByText('Слово 5 из 30')).toBeDefined();

    // The reload: the page and everything it held is gone, its socket closed; the job runs on meanwhile.
    cleanup();
    await act(() => Promise.resolve());
    upload = jobAt(JOB, 'upload-words', 30, 12);
    renderPage(<UploadPage />);
    const socket = currentSocket();
    act(() => socket.open());

    // The server's answer names the running upload: its panel and progress are back.
    expect(await within(await progressCard()).findByText('Слово 13 из 30')).toBeDefined();
    expect(within(jobPanel()).getByRole('heading').textContent).toContain('Идет обработка слов');
    await waitFor(() => expect(socket.subscriptions()).toContain(JOB));

    const lastWord = jobAt(JOB, 'upload-words', 30, 29);
    report(lastWord);
    expect(await within(await progressCard()).findByText('Слово 30 из 30')).toBeDefined();

    // The end, with its report: the poll tells it first, the socket's news of it arrives after.
    const ended: JobFixture = {
      ...lastWord,
      status: 'completed',
      progress: { ...lastWord.progress, processed: 30 },
      results: uploadResultsOf(PAIRS),
    };
    upload = ended;
    await pass(JOB_POLL_INTERVAL_MS);
    await waitFor(() =>
      expect(within(jobPanel()).getByRole('heading').textContent).toContain('Обработка завершена'),
    );
    expect(await screen.findByRole('heading', { name: 'Добавленные слова: 30' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Ход загрузки' })).toBeNull();
    const asked = api.count('GET', jobPaths.job(JOB));
    report(ended);
    await waitFor(() => expect(api.count('GET', jobPaths.job(JOB))).toBe(asked + 1));
    await pass(JOB_POLL_INTERVAL_MS * 2);
    expect(toasts.filter((title) => title === 'Загрузка завершена')).toHaveLength(1);

    // This browser remembers it announced this end, so a later visit does not announce it again.
    expect(readStoredUploadJob()).toEqual({ jobId: JOB, hasNotified: true });
  });

  it('shows a finished upload announced here before without announcing it again, until it is dismissed', async () => {
    const toasts = recordToasts();
    writeStoredUploadJob({ jobId: JOB, hasNotified: true });
    upload = {
      ...jobAt(JOB, 'upload-words', 30, 30, 'completed'),
      results: uploadResultsOf(PAIRS),
    };
    renderPage(<UploadPage />);
    act(() => currentSocket().open());
    expect(await screen.findByRole('heading', { name: 'Добавленные слова: 30' })).toBeDefined();
    expect(within(jobPanel()).getByRole('heading').textContent).toContain('Обработка завершена');
    await pass(JOB_POLL_INTERVAL_MS);
    expect(toasts).toEqual([]);

    // Closed, it is dismissed on the server: the report stays on this page, and no later visit shows it.
    fireEvent.click(within(jobPanel()).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(api.count('POST', uploadPaths.dismiss(JOB))).toBe(1));
    expect(screen.queryByRole('region', { name: /^Обработка слов:/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Добавленные слова: 30' })).toBeDefined();
    cleanup();
    await act(() => Promise.resolve());
    renderPage(<UploadPage />);
    expect(await screen.findByLabelText('Пары слов, по одной на строку')).toBeDefined();
    expect(screen.queryByRole('region', { name: /^Обработка слов:/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Добавленные слова/ })).toBeNull();
  });
});
