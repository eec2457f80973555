// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadPaths } from '../../../src/shared/api/uploads';
import { UploadPage } from '../../../src/client/features/upload/upload.page';
import { useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import { jobAt } from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';
import {
  answerUploadServer,
  endedJob,
  recordToastTexts,
  type UploadServer,
} from '../../support/client/upload-answers';

/**
 * The upload screen's form (docs/product/upload.md#upload-screen): what it lets the learner send, what it
 * sends (the paste without emoji, line for line; the pictures and style the settings or the learner chose),
 * the file's checks before sending, and a running upload's cancel. The server's side of each call is
 * tests/integration/uploads.test.ts's and upload-current-and-stages.test.ts's.
 */

/** Every documented format, with emoji (docs/product/upload.md#line-formats). */
const PASTED_LINES = [
  '🏠 casa / дом',
  '🐶 el perro / собака',
  '📚 libro | книга',
  '☀️ sol | солнце',
  'gato - кот',
  'buenos días\tдоброе утро',
  'por favor   пожалуйста',
  '🌙 luna / луна',
  'только кириллица',
];

const fakeClient = useFakeClient();
let server: UploadServer;
let toasts: ReturnType<typeof recordToastTexts>;
const innerWidth = window.innerWidth;

const textbox = () => screen.getByLabelText<HTMLTextAreaElement>('Пары слов, по одной на строку');
const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Загрузить слова' });
const jobPanel = () => screen.getByRole('region', { name: /^Обработка слов:/ });
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Текстовый файл (.txt)');

async function openUpload() {
  renderPage(<UploadPage />);
  act(() => currentSocket().open());
  await screen.findByLabelText('Пары слов, по одной на строку');
  // The settings have arrived once the picture style shows the learner's.
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Стиль картинок' }).textContent).toMatch(/\S/),
  );
}

function paste(lines: readonly string[]) {
  fireEvent.change(textbox(), { target: { value: lines.join('\n') } });
}

function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

beforeEach(async () => {
  await loadTexts(['upload', 'errors']);
  localStorage.clear();
  answerSignedInLearner(fakeClient.api);
  server = answerUploadServer(fakeClient.api);
  toasts = recordToastTexts();
});

afterEach(() => {
  toasts.stop();
  window.innerWidth = innerWidth;
});

describe('the upload form', () => {
  it('sends a paste only once it has words: without emoji, line for line, with the settings’ pictures', async () => {
    await openUpload();
    expect(textbox().placeholder).toContain('🏠 casa / дом');
    expect(textbox().placeholder).toMatch(/\p{Extended_Pictographic}\S* \S+ \| \S+/u);
    expect(submit().disabled).toBe(true);
    paste(['  ', '\t ']);
    expect(submit().disabled).toBe(true);
    paste(PASTED_LINES);
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    await waitFor(() => expect(server.pastes).toHaveLength(1));
    const [sent] = server.pastes;
    expect(sent).toMatchObject({ enhanceWithAI: true, generateImages: true, imageStyle: 'sketch' });
    // Emoji are stripped before sending, line by line, so the server's line numbers are the learner's.
    expect(sent!.text).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(sent!.text.split('\n')).toHaveLength(PASTED_LINES.length);
    expect(await within(jobPanel()).findByRole('button', { name: 'Отменить' })).toBeDefined();
    // A second upload waits for this one (docs/product/upload.md#upload-screen).
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Обработка...' }).disabled).toBe(true);
  });

  it('with autoGenerateImages saved off, starts unticked and asks for no pictures; ticked, the next upload does', async () => {
    answerSignedInLearner(fakeClient.api, { autoGenerateImages: false });
    await openUpload();
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Создавать картинки' });
    await waitFor(() => expect(box.checked).toBe(false));
    paste(['luna / луна', 'sol / солнце']);
    fireEvent.click(submit());
    await waitFor(() => expect(server.pastes).toHaveLength(1));
    expect(server.pastes[0]).toMatchObject({ generateImages: false });

    await waitFor(() => expect(currentSocket().subscriptions()).toContain(server.job!.jobId));
    server.report(endedJob(server.job!, 'completed', { words: [], duplicates: [], errors: [] }));
    await waitFor(() =>
      expect(within(jobPanel()).getByRole('heading').textContent).toContain('Обработка завершена'),
    );
    fireEvent.click(within(jobPanel()).getByRole('button', { name: 'Закрыть' }));
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    paste(['mar / море']);
    fireEvent.click(submit());
    await waitFor(() => expect(server.pastes).toHaveLength(2));
    expect(server.pastes[1]).toMatchObject({ generateImages: true });
  });

  it('sends a chosen .txt file, and on a phone the start’s toast points above the form', async () => {
    // Below 1024 px the panel sits above the form (src/client/features/upload/lib/job-panel-place.ts).
    window.innerWidth = 390;
    await openUpload();
    // The file field is a button in the interface language, not the browser's "Choose File".
    expect(screen.getByRole('button', { name: 'Выбрать файл' })).toBeDefined();
    expect(screen.getByTestId('file-picker-name').textContent).toBe('Файл не выбран');
    chooseFile(
      new File(['gato / кот\nperro | собака\nluna\tлуна\n'], 'palabras.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/Выбран файл «palabras\.txt»/)).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Загрузить файл' }));
    await waitFor(() => expect(fakeClient.api.count('POST', uploadPaths.upload)).toBe(1));
    expect(await screen.findByRole('region', { name: /^Обработка слов:/ })).toBeDefined();
    await waitFor(() =>
      expect(toasts.texts).toContain(
        'Обработка запущена — Строк в обработке: 3. Ход работы — в панели над формой.',
      ),
    );
  });

  it('checks the file before sending: none chosen, or one over 1 MB, sends nothing', async () => {
    await openUpload();
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить файл' }));
    await waitFor(() => expect(toasts.texts).toEqual(['No file selected — Please select a file to upload.']));

    chooseFile(new File([new Uint8Array(1024 * 1024 + 1)], 'huge.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Файл «huge.txt» больше 1 МБ');
    expect(screen.getByTestId('file-picker-name').textContent).toBe('Файл не выбран');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить файл' }));
    await waitFor(() => expect(toasts.texts).toHaveLength(2));
    expect(toasts.texts[1]).toBe('No file selected — Please select a file to upload.');
    expect(fakeClient.api.count('POST', uploadPaths.upload)).toBe(0);

    // The reset of the listen counts left this screen for the dictionary's maintenance menu.
    expect(screen.queryByRole('button', { name: 'Сбросить счетчик прослушанных' })).toBeNull();
  });

  it('cancels a running upload, which then can only be closed', async () => {
    await openUpload();
    paste(PASTED_LINES);
    fireEvent.click(submit());
    const cancel = await within(await screen.findByRole('region', { name: /^Обработка слов:/ })).findByRole(
      'button',
      { name: 'Отменить' },
    );
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(server.job!.jobId));
    server.report(jobAt(server.job!.jobId, 'upload-words', PASTED_LINES.length, 3));
    fireEvent.click(cancel);
    await waitFor(() => expect(fakeClient.api.count('POST', uploadPaths.cancel(server.job!.jobId))).toBe(1));
    await waitFor(() =>
      expect(toasts.texts.some((text) => text.startsWith('Обработка отменена —'))).toBe(true),
    );

    server.report(endedJob(server.job!, 'cancelled', { words: [], duplicates: [], errors: [] }));
    await waitFor(() =>
      expect(within(jobPanel()).getByRole('heading').textContent).toContain('Обработка отменена'),
    );
    expect(within(jobPanel()).queryByRole('button', { name: 'Отменить' })).toBeNull();
    expect(submit()).toBeDefined();

    fireEvent.click(within(jobPanel()).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Обработка слов:/ })).toBeNull());
  });
});
