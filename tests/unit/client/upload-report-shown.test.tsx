// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobPaths, JOB_KINDS } from '../../../src/shared/api/jobs';
import type { UploadResults } from '../../../src/shared/api/uploads';
import { UploadPage } from '../../../src/client/features/upload/upload.page';
import { useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import { jobAnswer, jobAt, type JobFixture, progressMessage } from '../../support/client/job-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';
import {
  answerUploadServer,
  endedJob,
  listedWord,
  recordToastTexts,
  reportedWord,
  stageCounts,
  type UploadServer,
} from '../../support/client/upload-answers';

/**
 * A finished upload as the upload screen shows it (docs/product/upload.md#results-report): the panel, the
 * stage table with the stages it skipped and why (docs/product/upload.md#skipped-stages), the words added,
 * duplicates and errors, the lines not added back in the box (docs/product/upload.md#lines-not-added), a long
 * report a page at a time, the fills made without a model and their undo
 * (docs/product/upload.md#fills-without-a-model), and the built-in clips followed to their end. What the
 * server reports for which lines is tests/integration/uploads.test.ts's, upload-without-model.test.ts's and
 * upload-current-and-stages.test.ts's.
 */

const LINES = [
  'casa / дом',
  'el perro / собака',
  'libro | книга',
  'caminar',
  'только кириллица',
  'casa / дом',
];
const BAD_LINE = 5;
const CLIPS = 'clips-1';

const fakeClient = useFakeClient();
let server: UploadServer;
let toasts: ReturnType<typeof recordToastTexts>;
let clips: JobFixture;

const jobPanel = () => screen.getByRole('region', { name: /^Обработка слов:/ });
const monitor = () => screen.getByRole('region', { name: 'Мониторинг этапов' });
const textbox = () => screen.getByLabelText<HTMLTextAreaElement>('Пары слов, по одной на строку');
const stat = (name: string) =>
  within(screen.getByRole('region', { name: 'Статистика словаря' })).getByText(
    (_, element) => element?.closest(`[data-stat="${name}"]`) !== null && element?.tagName === 'DD',
  ).textContent;

const REPORT: UploadResults = {
  words: [
    reportedWord(1, 'la casa', 'дом', { partOfSpeech: 'noun' }),
    reportedWord(2, 'el perro', 'собака', { partOfSpeech: 'noun' }),
    reportedWord(3, 'el libro', 'книга', { partOfSpeech: 'noun' }),
    reportedWord(4, 'caminar', '', { partOfSpeech: 'verb' }),
  ],
  duplicates: [
    {
      spanish: 'casa',
      newRussian: 'дом',
      existingRussian: 'дом',
      existingWordId: null,
      isActive: true,
      reason: { code: 'upload_word_repeated' },
    },
  ],
  errors: [
    {
      lineNumber: BAD_LINE,
      spanish: null,
      stage: 'duplicates',
      code: 'upload_line_no_spanish',
    },
  ],
  fallbacks: [],
  stoppedProviders: [],
  builtinClipsJobId: CLIPS,
  moreWords: 0,
  moreDuplicates: 0,
  moreErrors: 0,
};

async function openUpload() {
  renderPage(
    <MemoryRouter>
      <UploadPage />
    </MemoryRouter>,
  );
  act(() => currentSocket().open());
  await screen.findByLabelText('Пары слов, по одной на строку');
}

/** Pastes `lines`, sends them and waits until the screen follows the job. */
async function upload(lines: readonly string[]) {
  fireEvent.change(textbox(), { target: { value: lines.join('\n') } });
  fireEvent.click(screen.getByRole('button', { name: 'Загрузить слова' }));
  await waitFor(() => expect(currentSocket().subscriptions()).toContain(server.job?.jobId));
}

/** The job ends with `results` (parsed by the shared schema) and these stages skipped. */
async function finish(results: unknown, stages = stageCounts(LINES.length, {})) {
  server.report(endedJob(server.job!, 'completed', results, stages));
  await waitFor(() =>
    expect(within(jobPanel()).getByRole('heading').textContent).toContain('Обработка завершена'),
  );
}

beforeEach(async () => {
  await loadTexts(['upload', 'dictionary', 'errors']);
  localStorage.clear();
  answerSignedInLearner(fakeClient.api, { autoGenerateImages: false });
  server = answerUploadServer(fakeClient.api);
  clips = jobAt(CLIPS, JOB_KINDS.builtinClips, 4);
  fakeClient.api.on('GET', jobPaths.job(CLIPS), () => ({ body: jobAnswer(clips) }));
  toasts = recordToastTexts();
});

afterEach(() => toasts.stop());

describe('a finished upload', () => {
  it('moves its panel to the end, and reports the stages skipped, the words added, the duplicates and errors', async () => {
    await openUpload();
    await upload(LINES);
    const bar = within(jobPanel()).getByRole('progressbar');
    expect(within(monitor()).getAllByRole('row')).toHaveLength(11);
    server.report(jobAt(server.job!.jobId, 'upload-words', LINES.length, 3));
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));

    server.setWords(REPORT.words.map(({ id, spanish, russian }) => listedWord(id, spanish, russian)));
    await finish(
      REPORT,
      stageCounts(LINES.length, {
        translation: 'no_language_model',
        analysis: 'no_language_model',
        examples: 'no_language_model',
        tags: 'no_language_model',
        themes: 'no_language_model',
        images: 'images_off',
      }),
    );
    expect(within(jobPanel()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(within(jobPanel()).queryByRole('button', { name: 'Отменить' })).toBeNull();
    await waitFor(() =>
      expect(toasts.texts).toContain(
        'Загрузка завершена — Добавлено новых слов: 4. Пропущено дубликатов: 1 (активных: 1, неактивных: 0). Ошибок: 1.',
      ),
    );

    // Without a language-model key its stages say why they were skipped, and where the key goes.
    const noModel = within(monitor()).getAllByText(/Пропущено: нужен ключ OpenAI или совместимый сервер/);
    expect(noModel).toHaveLength(5);
    for (const stage of ['translation', 'analysis', 'examples', 'tags', 'themes']) {
      const row = monitor().querySelector(`[data-stage="${stage}"]`)!;
      expect(row.textContent).not.toContain('Готово');
      expect(
        within(row as HTMLElement)
          .getByRole('link', { name: 'Настройки › API' })
          .getAttribute('href'),
      ).toBe('/settings?tab=api');
    }
    expect(monitor().querySelector('[data-stage="images"]')?.textContent).toContain(
      'Пропущено: картинки для этой загрузки выключены',
    );
    expect(within(monitor()).getAllByText('Готово', { exact: true })).toHaveLength(4);

    // The words added, their parts of speech in the interface language, one kept without a translation.
    const added = screen.getByRole('region', { name: 'Добавленные слова: 4' });
    expect(within(added).getAllByText('существительное', { exact: true })).toHaveLength(3);
    expect(within(added).queryByText('noun', { exact: true })).toBeNull();
    expect(within(added).getAllByText('перевод не указан', { exact: true })).toHaveLength(1);

    expect(screen.getByRole('heading', { name: 'Пропущенные дубликаты: 1' })).toBeDefined();
    const report = screen.getByRole('region', { name: 'Подробный отчет о дубликатах' });
    expect(
      within(report)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Испанское слово',
      'Новый перевод',
      'Текущий перевод',
      'Статус в словаре',
      'Причина пропуска',
      'Действия',
    ]);
    expect(within(report).getAllByRole('row')).toHaveLength(2);
    expect(within(report).getByRole('rowheader').textContent).toMatch(/casa/i);
    expect(within(report).getByText('участвует в изучении и тестах.', { exact: false })).toBeDefined();
    expect(within(report).getByRole('link', { name: 'Открыть словарь' }).getAttribute('href')).toBe(
      '/dictionary',
    );

    const errors = screen.getByRole('region', { name: /^Ошибки: / });
    expect(within(errors).getByRole('cell', { name: `Строка ${BAD_LINE}` })).toBeDefined();
    // The line the upload could not add is back in the box, and the form says so.
    expect(textbox().value).toBe(LINES[BAD_LINE - 1]);
    expect(screen.getByText(/Строки, которые не удалось добавить, остались в поле/)).toBeDefined();

    await waitFor(() => expect(stat('total')).toBe('4'));
    expect(stat('studying')).toBe('4');

    // The built-in voice records the clips after the upload, and the report follows it to the end.
    const clipsStatus = () =>
      within(screen.getByRole('region', { name: 'Озвучка встроенным голосом' })).getByRole('status');
    await waitFor(() => expect(clipsStatus().textContent).toBe('Озвучка ждёт своей очереди.'));
    clips = { ...clips, status: 'processing', progress: { ...clips.progress, processed: 1, stage: 'audio' } };
    act(() => currentSocket().receive(progressMessage(clips)));
    await waitFor(() => expect(clipsStatus().textContent).toMatch(/^Записываем озвучку/));
    clips = { ...clips, status: 'completed', progress: { ...clips.progress, processed: 4 }, results: null };
    act(() => currentSocket().receive(progressMessage(clips)));
    await waitFor(() => expect(clipsStatus().textContent).toBe('Все слова озвучены.'));

    // Closed, the panel goes and the report stays on the page.
    fireEvent.click(within(jobPanel()).getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Обработка слов:/ })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Добавленные слова: 4' })).toBeDefined();
  });

  it('lists a long report fifty rows at a time, the next fifty on request', async () => {
    const total = 123;
    const lines = Array.from({ length: total }, (_, index) => `palabra${index} / слово${index}`);
    await openUpload();
    await upload(lines);
    await finish({
      words: lines.map((_, index) => reportedWord(index + 1, `palabra${index}`, `слово${index}`)),
      duplicates: [],
      errors: [],
    });

    const added = screen.getByRole('list', { name: `Добавленные слова: ${total}` });
    // The page of 50 is drawn ten rows per task (hooks/visible-count.hook.ts); the count says the whole page.
    await waitFor(() => expect(within(added).getAllByRole('listitem')).toHaveLength(50));
    expect(screen.getByText('Показано 50 из 123', { exact: true })).toBeDefined();
    // No line was a duplicate: the report says every word came in.
    expect(screen.getByText('Все слова успешно загружены!', { exact: true })).toBeDefined();
    const firstPage = within(added)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    fireEvent.click(screen.getByRole('button', { name: 'Показать еще' }));
    await waitFor(() => expect(within(added).getAllByRole('listitem')).toHaveLength(100));
    expect(screen.getByText('Показано 100 из 123', { exact: true })).toBeDefined();
    const bothPages = within(added)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(bothPages.slice(0, 50)).toEqual(firstPage);
    expect(new Set(bothPages.map((row) => /palabra\d+/.exec(row)?.[0])).size).toBe(100);
  });

  it('names the fields it filled without a model, and an undo saves the word as typed', async () => {
    const saved: unknown[] = [];
    fakeClient.api.on('PUT', '/api/words/1', (request) => {
      saved.push(request.body);
      return { body: listedWord(1, 'perro', 'собака', { partOfSpeech: 'noun' }) };
    });
    await openUpload();
    await upload(['perro - собака', 'la mesa - стол']);
    await finish({
      words: [
        reportedWord(1, 'el perro', 'собака', {
          partOfSpeech: 'noun',
          filled: [
            { field: 'article', typed: 'perro' },
            { field: 'partOfSpeech', typed: null },
          ],
        }),
        reportedWord(2, 'la mesa', 'стол', {
          partOfSpeech: 'noun',
          filled: [{ field: 'partOfSpeech', typed: null }],
        }),
      ],
      duplicates: [],
      errors: [],
    });

    // The article of the typed "perro" is the app's; the learner's own "la" is not reported.
    const perro = screen.getByRole('group', { name: 'Заполнено приложением: el perro' });
    expect(within(perro).getByText('Артикль добавлен приложением')).toBeDefined();
    expect(within(perro).getByText('Часть речи определена приложением')).toBeDefined();
    const mesa = screen.getByRole('group', { name: 'Заполнено приложением: la mesa' });
    expect(within(mesa).getByText('Часть речи определена приложением')).toBeDefined();
    expect(within(mesa).queryByText('Артикль добавлен приложением')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Убрать артикль: оставить «perro»' }));
    expect(await screen.findByRole('group', { name: 'Заполнено приложением: perro' })).toBeDefined();
    expect(saved).toEqual([{ spanish: 'perro' }]);
    expect(screen.queryByText('el perro', { exact: true })).toBeNull();
    expect(screen.getByText('perro', { exact: true })).toBeDefined();
    expect(screen.queryByText('Артикль добавлен приложением')).toBeNull();
  });
});
