// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentUploadSchema, jobPaths } from '../../../src/shared/api/jobs';
import { settingsPaths } from '../../../src/shared/api/settings';
import { uploadPaths } from '../../../src/shared/api/upload-paths';
import { processBatchRequestSchema } from '../../../src/shared/api/uploads';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import { UploadPage } from '../../../src/client/features/upload/upload.page';
import { type FakeApi } from '../../support/client/fake-api';
import { useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
  uploadResultsOf,
} from '../../support/client/job-answers';
import { loadTexts, renderPage } from '../../support/client/render-client';
import { answerSettings } from '../../support/client/settings-answers';

/**
 * The upload's picture style (docs/product/upload.md#picture-style): the form starts from the learner's
 * upload style of Settings, and another picked on the form is for that upload only. That the server draws in
 * the style sent and leaves the setting alone: tests/integration/picture-and-voice-style.test.ts.
 */

/**
 * The code the screen fetches at idle (the later tabs' chunks, Radix's select parts) is loaded before the
 * first render, as a learner's browser has it by the time they reach for it: its first transform on a busy
 * machine would outlast the waits.
 */
beforeAll(async () => {
  await import('../../../src/client/ui/select-radix.component');
});

const fakeClient = useFakeClient();
let api: FakeApi;
/** The server's upload: null until one is started. */
let upload: JobFixture | null;
let uploads = 0;

beforeEach(async () => {
  api = fakeClient.api;
  upload = null;
  uploads = 0;
  localStorage.clear();
  await loadTexts(['upload', 'errors']);
  answerSettings(api, { defaultImageStyle: 'dramatic' });
  api.on('GET', wordsPaths.words, () => ({ body: [] }));
  api.on('GET', uploadPaths.current, () => ({
    body: currentUploadSchema.parse({ job: upload ? jobAnswer(upload) : null }),
  }));
  api.on('POST', uploadPaths.processBatch, (request) => {
    processBatchRequestSchema.parse(request.body);
    uploads += 1;
    upload = jobAt(`upload-${uploads}`, 'upload-words', 1);
    api.on('GET', jobPaths.job(upload.jobId), () => ({ body: jobAnswer(upload!) }));
    return { body: { jobId: upload.jobId } };
  });
});

/** The style each upload was sent with, in order. */
const sentStyles = () =>
  api.requests
    .filter((request) => request.path === uploadPaths.processBatch)
    .map((request) => processBatchRequestSchema.parse(request.body).imageStyle);

describe('the upload’s picture style', () => {
  it('is the setting’s, or the one the form picks for the next upload only', async () => {
    renderPage(<UploadPage />);
    act(() => currentSocket().open());
    const textbox = await screen.findByLabelText('Пары слов, по одной на строку');
    // Looked up each time: Radix's trigger takes the plain one's place once the learner reaches for it.
    const style = () => screen.getByRole('combobox', { name: 'Стиль картинок' });
    await waitFor(() => expect(style().textContent).toContain('Драматичный'));
    const submit = screen.getByRole('button', { name: 'Загрузить слова' });

    fireEvent.change(textbox, { target: { value: 'la tormenta / storm' } });
    fireEvent.click(submit);
    await waitFor(() => expect(sentStyles()).toEqual(['dramatic']));
    expect(submit).toHaveProperty('disabled', true);
    expect((textbox as HTMLTextAreaElement).value).toBe('');

    // The first upload ends.
    const first = upload!;
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(first.jobId));
    upload = {
      ...jobAt(first.jobId, 'upload-words', 1, 1, 'completed'),
      results: uploadResultsOf([['la tormenta', 'storm']]),
    };
    act(() => {
      currentSocket().receive(progressMessage(upload!));
      currentSocket().receive(statusMessage(upload!));
    });

    // Another style for the next upload only: nothing is saved to the settings.
    fireEvent.focus(style());
    fireEvent.keyDown(style(), { key: 'Enter' });
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Ужасы/ }));
    await waitFor(() => expect(style().textContent).toContain('Ужасы'));
    fireEvent.change(textbox, { target: { value: 'el castillo / castle' } });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);
    await waitFor(() => expect(sentStyles()).toEqual(['dramatic', 'horror']));
    expect(api.count('PUT', settingsPaths.settings)).toBe(0);
  });
});
