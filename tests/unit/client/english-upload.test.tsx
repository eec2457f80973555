// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUploadSchema, jobPaths } from '../../../src/shared/api/jobs';
import { uploadPaths } from '../../../src/shared/api/upload-paths';
import { processBatchRequestSchema, uploadResultsSchema } from '../../../src/shared/api/uploads';
import { wordListItemSchema, wordsPaths } from '../../../src/shared/api/words';
import { exportRequestSchema, exportResultsSchema, transferPaths } from '../../../src/shared/api/transfer';
import { type FakeApi } from '../../support/client/fake-api';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  reportedWord,
  statusMessage,
} from '../../support/client/job-answers';
import {
  answerNewLearner,
  expectEnglish,
  findHeading,
  LEARNER_NAME,
  wordOf,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * The upload in English (docs/product/errors.md#interface-language): a running upload and its report with
 * a duplicate, a line kept without a translation, a line refused and back in the box, and a fill undone,
 * each state scanned for Russian (the learner's name aside); an Anki export voicing its words.
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

beforeEach(() => {
  api = fakeClient.api;
  answerNewLearner(api);
});

describe('the upload in English', () => {
  it('a running upload, then its report with a duplicate, errors and a fill undone', async () => {
    const UPLOAD = 'upload-1';
    const PASTE = ['la casa / house', 'el perro / dog', 'cantar / to sing', 'casa / home', 'nadar', '123'];
    let upload: JobFixture | null = null;
    api.on('GET', uploadPaths.current, () => ({
      body: currentUploadSchema.parse({ job: upload ? jobAnswer(upload) : null }),
    }));
    api.on('POST', uploadPaths.processBatch, (request) => {
      processBatchRequestSchema.parse(request.body);
      upload = jobAt(UPLOAD, 'upload-words', PASTE.length);
      return { body: { jobId: UPLOAD } };
    });
    api.on('GET', jobPaths.job(UPLOAD), () => ({ body: jobAnswer(upload!) }));
    api.on('PUT', wordsPaths.word.replace(':id', '1'), () => ({
      body: wordListItemSchema.parse(wordOf(1, 'la casa', 'house')),
    }));

    renderApp('/upload');
    await findHeading('Upload words');
    const box = await screen.findByLabelText('Word pairs, one per line');
    fireEvent.change(box, { target: { value: PASTE.join('\n') } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload words' }));
    await screen.findByRole('region', { name: /^Word processing:/ });
    // A wide screen (happy-dom's window is 1024 px): the panel floats at the bottom right, and the toast says so.
    await screen.findByText(/Follow it in the panel at the bottom right\.$/);
    await waitFor(() => expect(currentSocket).not.toThrow());
    act(() => currentSocket().open());
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(UPLOAD));
    expectEnglish('upload: running job', LEARNER_NAME);

    // The server's report: a repeat skipped, a line without a translation kept (no language-model key,
    // docs/product/upload.md#spanish-only-lines), a line without Spanish refused
    // (docs/product/upload.md#lines-not-added), and "la casa"'s part of speech filled by the rules.
    const ended: JobFixture = {
      ...upload!,
      status: 'completed',
      progress: { ...upload!.progress, processed: PASTE.length },
      results: uploadResultsSchema.parse({
        words: [
          {
            ...reportedWord(1, 'la casa', 'house'),
            partOfSpeech: 'noun',
            filled: [{ field: 'partOfSpeech', typed: null }],
          },
          reportedWord(2, 'el perro', 'dog'),
          reportedWord(3, 'cantar', 'to sing'),
          reportedWord(4, 'nadar', ''),
        ],
        duplicates: [
          {
            spanish: 'casa',
            newRussian: 'home',
            existingRussian: 'house',
            existingWordId: null,
            isActive: true,
            reason: { code: 'upload_word_repeated' },
          },
        ],
        errors: [{ code: 'upload_line_no_spanish', lineNumber: 6, spanish: '123', stage: 'duplicates' }],
      }),
    };
    upload = ended;
    act(() => {
      currentSocket().receive(progressMessage(ended));
      currentSocket().receive(statusMessage(ended));
    });
    await screen.findByText(/^Errors: 1$/);
    expect(screen.getByText(/^Skipped duplicates: 1$/)).toBeDefined();
    expect(screen.getByText('no translation yet')).toBeDefined();
    await screen.findByText(/^The lines that could not be added are back in the box/);
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Word pairs, one per line').value).toBe('123'),
    );
    expectEnglish('upload: results with a duplicate and errors, lines back in the box', LEARNER_NAME);
    const undoFill = screen.getByRole('button', { name: 'Undo the part of speech of “la casa”' });
    fireEvent.click(undoFill);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Undo the part of speech of “la casa”' })).toBeNull(),
    );
    expectEnglish('upload: a fill undone', LEARNER_NAME);
  });
});

describe('the Anki export in English', () => {
  it('voices the words that lack a clip first, on its own progress line, then offers the file', async () => {
    const EXPORT = 'export-1';
    let exported = jobAt(EXPORT, 'export-words', 4);
    api.on('POST', transferPaths.exports, (request) => {
      expect(exportRequestSchema.parse(request.body).format).toBe('apkg');
      return { body: { jobId: EXPORT } };
    });
    api.on('GET', jobPaths.job(EXPORT), () => ({ body: jobAnswer(exported) }));
    renderApp('/settings?tab=data');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Export to Anki (.apkg)' }, { timeout: 5_000 }),
    );
    await waitFor(() => expect(currentSocket).not.toThrow());
    act(() => currentSocket().open());
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(EXPORT));
    exported = {
      ...exported,
      status: 'processing',
      progress: { ...exported.progress, stage: 'audio', processed: 1 },
    };
    act(() => currentSocket().receive(progressMessage(exported)));
    await screen.findByText('Voicing words for Anki: 1 of 4');
    expectEnglish('settings: an Anki export voicing its words', LEARNER_NAME);
    exported = {
      ...exported,
      status: 'completed',
      progress: { ...exported.progress, stage: 'saving', processed: 4 },
      results: exportResultsSchema.parse({
        format: 'apkg',
        fileId: '00000000-0000-4000-8000-000000000003',
        fileName: 'palabra-words-2026-03-02.apkg',
        words: 4,
        byteSize: 2048,
        downloadUrl: '/api/exports/00000000-0000-4000-8000-000000000003/download',
        expiresAt: '2026-03-03T08:00:00.000Z',
      }),
    };
    act(() => {
      currentSocket().receive(progressMessage(exported));
      currentSocket().receive(statusMessage(exported));
    });
    await screen.findByRole('link', { name: 'Download palabra-words-2026-03-02.apkg' });
    expectEnglish('settings: an Anki export ready', LEARNER_NAME);
  });
});
