// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DICTIONARY_JOB_KINDS,
  dictionaryJobResultsSchema,
  dictionaryPaths,
  generateMissingImagesResponseSchema,
  resetListenCountResponseSchema,
} from '../../../src/shared/api/dictionary';
import { jobPaths } from '../../../src/shared/api/jobs';
import { articleRepairsResponseSchema, wordMaintenancePaths } from '../../../src/shared/api/word-maintenance';
import { type WordListItem, undoRequestSchema, wordsPaths } from '../../../src/shared/api/words';
import { Toaster } from '../../../src/client/ui/toaster.component';
import { type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { currentSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
} from '../../support/client/job-answers';
import { answerWords, dictionaryWord, renderDictionary } from '../../support/client/dictionary-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The dictionary's maintenance menu (docs/product/dictionary.md#maintenance-actions,
 * docs/product/dictionary.md#words-to-repair): the listen-count reset's confirmation and undo, the words
 * with a stray article, and a picture job followed to its end. The server's side:
 * tests/integration/word-undo.test.ts, article-repairs.test.ts, dictionary.test.ts ('maintenance jobs').
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let toasts: string[];

const UNDO_TOKEN = '6f1c2a4e-8b3d-4f5a-9c7e-1d2b3c4d5e6f';
const shownSpanish = () =>
  [...screen.getByRole('list', { name: 'Слова' }).querySelectorAll('[data-field="spanish"]')].map(
    (field) => field.textContent,
  );

async function openDictionary(words: WordListItem[]) {
  answerWords(api, words);
  renderDictionary();
  // The toasts as the app shell shows them, for their undo button.
  renderPage(<Toaster />);
  await waitFor(() => expect(shownSpanish()).toHaveLength(words.length));
}

async function chooseMaintenance(action: string) {
  // Radix's menu opens on the press itself.
  fireEvent.pointerDown(screen.getByRole('button', { name: 'Обслуживание' }), {
    button: 0,
    ctrlKey: false,
    pointerType: 'mouse',
  });
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

beforeEach(async () => {
  api = fakeClient.api;
  toasts = recordToasts();
  await loadTexts(['dictionary', 'errors']);
  answerSignedInLearner(api);
});

describe('the maintenance menu', () => {
  it('resets the listen counts only once confirmed, and its toast’s undo puts them back', async () => {
    const words = [
      dictionaryWord(1, 'luna', 'луна', { listenCount: 4, attempts: 4 }),
      dictionaryWord(2, 'flor', 'цветок'),
      dictionaryWord(3, 'mano', 'рука', { listenCount: 11, attempts: 11 }),
    ];
    api.on('POST', dictionaryPaths.resetListenCount, () => ({
      body: resetListenCountResponseSchema.parse({ reset: 2, message: 'Сброшено', undoToken: UNDO_TOKEN }),
    }));
    api.on('POST', wordsPaths.undo, (request) => {
      expect(undoRequestSchema.parse(request.body)).toEqual({ undoToken: UNDO_TOKEN });
      return { body: { restored: 2 } };
    });
    await openDictionary(words);

    await chooseMaintenance('Сбросить счетчик прослушанных');
    const confirm = await screen.findByRole('alertdialog', { name: 'Сбросить счетчик прослушанных?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.count('POST', dictionaryPaths.resetListenCount)).toBe(0);

    await chooseMaintenance('Сбросить счетчик прослушанных');
    const again = await screen.findByRole('alertdialog', { name: 'Сбросить счетчик прослушанных?' });
    const asked = api.count('GET', wordsPaths.words);
    fireEvent.click(within(again).getByRole('button', { name: 'Сбросить счетчик' }));
    expect(await screen.findByText('Счетчик сброшен', { exact: true })).toBeDefined();
    expect(screen.getByText('Сброшено слов: 2', { exact: true })).toBeDefined();
    expect(api.count('POST', dictionaryPaths.resetListenCount)).toBe(1);
    // The list is asked for again, to show the counts the server now has.
    await waitFor(() => expect(api.count('GET', wordsPaths.words)).toBeGreaterThan(asked));

    // The undo is pressed while its toast is up.
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(await screen.findByText('Счетчик восстановлен', { exact: true })).toBeDefined();
    expect(screen.getByText('Восстановлено слов: 2', { exact: true })).toBeDefined();
    expect(api.count('POST', wordsPaths.undo)).toBe(1);
    expect(toasts).toEqual(['Счетчик сброшен', 'Счетчик восстановлен']);
  });

  it('lists the words with a stray article and repairs one, then all', async () => {
    const words = [
      dictionaryWord(1, 'el muy', 'очень'),
      dictionaryWord(2, 'la nunca', 'никогда'),
      dictionaryWord(3, 'el bueno', 'хороший'),
      dictionaryWord(4, 'el perro', 'собака', { partOfSpeech: 'noun' }),
    ];
    // The server's list (tests/integration/article-repairs.test.ts): the first three, while they keep their
    // article.
    const repairs = [
      { id: 1, repairedSpanish: 'muy', repairedPartOfSpeech: 'adverb' },
      { id: 2, repairedSpanish: 'nunca', repairedPartOfSpeech: 'adverb' },
      { id: 3, repairedSpanish: 'bueno', repairedPartOfSpeech: 'adjective' },
    ] as const;
    api.on('GET', wordMaintenancePaths.articleRepairs, () => ({
      body: articleRepairsResponseSchema.parse({
        words: repairs.flatMap((repair) => {
          const word = words.find((candidate) => candidate.id === repair.id)!;
          return word.spanish === repair.repairedSpanish ? [] : [{ ...repair, ...word, ...repair }];
        }),
      }),
    }));
    await openDictionary(words);

    await chooseMaintenance('Слова с лишним артиклем');
    const dialog = await screen.findByRole('dialog', { name: 'Слова с лишним артиклем' });
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(3));
    expect(within(dialog).queryByText('el perro', { exact: false })).toBeNull();
    const muy = within(dialog)
      .getAllByRole('listitem')
      .find((item) => item.textContent.includes('el muy'))!;
    fireEvent.click(within(muy).getByRole('button', { name: 'Исправить' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(2));
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      spanish: 'muy',
      partOfSpeech: 'adverb',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Исправить все (2)' }));
    expect(await within(dialog).findByText('Таких слов нет.')).toBeDefined();
    expect(words.map((word) => word.spanish).sort()).toEqual(['bueno', 'el perro', 'muy', 'nunca']);
  });

  it('follows a missing-pictures job in its panel to its end, then shows the new pictures', async () => {
    const JOB = 'pictures-1';
    const words = [dictionaryWord(1, 'luna', 'луна'), dictionaryWord(2, 'flor', 'цветок')];
    let job: JobFixture = jobAt(JOB, DICTIONARY_JOB_KINDS.generateMissingImages, 2);
    api.on('POST', dictionaryPaths.generateMissingImages, () => ({
      body: generateMissingImagesResponseSchema.parse({ jobId: JOB, totalWords: 2, generated: 2 }),
    }));
    api.on('GET', jobPaths.job(JOB), () => ({ body: jobAnswer(job) }));
    await openDictionary(words);
    act(() => currentSocket().open());
    expect(screen.getByRole('list', { name: 'Слова' }).querySelectorAll('img')).toHaveLength(0);

    await chooseMaintenance('Создать недостающие изображения');
    const jobs = await screen.findByRole('region', { name: 'Фоновые задачи словаря' });
    await waitFor(() =>
      expect(jobs.querySelector('[data-job-kind="generate-missing-images"]')).not.toBeNull(),
    );
    await waitFor(() => expect(currentSocket().subscriptions()).toContain(JOB));

    // The server draws them and says so.
    for (const word of words) word.imageUrl = `/media/${String(word.id).repeat(64)}.webp`;
    job = {
      ...jobAt(JOB, DICTIONARY_JOB_KINDS.generateMissingImages, 2, 2, 'completed'),
      results: dictionaryJobResultsSchema.parse({ processed: 2, changed: 2, failed: 0, errors: [] }),
    };
    act(() => {
      currentSocket().receive(progressMessage(job));
      currentSocket().receive(statusMessage(job));
    });
    await waitFor(() => expect(jobs.querySelector('[data-job-status="completed"]')).not.toBeNull());
    // Pictures are asked for again 1 s after a picture job ends
    // (docs/product/dictionary.md#maintenance-actions).
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Слова' }).querySelectorAll('img')).toHaveLength(2),
    );
    expect(toasts).toContain('Создание недостающих изображений: готово');
    expect(screen.getByText('Создано изображений: 2 из 2, с ошибками: 0.')).toBeDefined();
  });
});
