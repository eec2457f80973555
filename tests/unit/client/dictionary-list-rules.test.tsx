// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type WordListItem, wordsPaths } from '../../../src/shared/api/words';
import { type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import {
  answerWords,
  dictionaryWord,
  pathOf,
  renderDictionary,
} from '../../support/client/dictionary-answers';
import { answerSignedInLearner, loadTexts } from '../../support/client/render-client';

/**
 * The dictionary's list as the learner works it (docs/product/dictionary.md#screen,
 * docs/product/dictionary.md#filters, docs/product/dictionary.md#select-mode): filters, search and sort
 * over the list in memory, the hidden view, select mode and its confirmations, the words without a
 * translation. Against answers the shared schemas accept; the server's side is in
 * tests/integration/dictionary.test.ts and word-editing.test.ts.
 */

const fakeClient = useFakeClient();
let api: FakeApi;

const wordList = () => screen.getByRole('list', { name: 'Слова' });
/** The Spanish of the rows drawn, in order. */
const shownSpanish = () =>
  [...wordList().querySelectorAll('[data-field="spanish"]')].map((field) => field.textContent);
const rowOf = (spanish: string) => {
  const row = within(wordList())
    .getAllByRole('listitem')
    .find((item) => item.querySelector('[data-field="spanish"]')?.textContent === spanish);
  if (!row) throw new Error(`No row for ${spanish}`);
  return row;
};

const isChecked = (spanish: string) =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: `Выбрать «${spanish}»` }).checked;

async function openList(words: WordListItem[], count: number) {
  answerWords(api, words);
  renderDictionary();
  await waitFor(() => expect(shownSpanish()).toHaveLength(count));
}

async function chooseOption(filter: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: filter }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(async () => {
  api = fakeClient.api;
  await loadTexts(['dictionary', 'errors']);
});

describe('the dictionary list', () => {
  it('combines CEFR level, part of speech and theme; Enter searches ignoring case and accents, Esc clears; the alphabet ignores articles', async () => {
    answerSignedInLearner(api, { hasOpenaiApiKey: true });
    await openList(
      [
        dictionaryWord(1, 'el libro', 'книга', { cefrLevel: 'A1', partOfSpeech: 'noun' }),
        dictionaryWord(2, 'la mesa', 'стол', { cefrLevel: 'A1', partOfSpeech: 'noun' }),
        dictionaryWord(3, 'la ciudad', 'город', { cefrLevel: 'A2', partOfSpeech: 'noun' }),
        dictionaryWord(4, 'comer', 'есть', { cefrLevel: 'A1', partOfSpeech: 'verb' }),
        dictionaryWord(5, 'hablar', 'говорить', { cefrLevel: 'A1', partOfSpeech: 'verb' }),
        dictionaryWord(6, 'feliz', 'счастливый', { cefrLevel: 'A2', partOfSpeech: 'adjective' }),
        dictionaryWord(7, 'el árbol', 'дерево', { partOfSpeech: 'noun', themeCategory: 'природа' }),
        dictionaryWord(8, 'el niño', 'ребёнок', { partOfSpeech: 'noun', themeCategory: 'семья' }),
      ],
      8,
    );

    // Each option counts the whole dictionary.
    await chooseOption('Уровень CEFR', 'A1 (4)');
    await waitFor(() => expect(shownSpanish()).toHaveLength(4));
    await chooseOption('Часть речи', 'глагол (2)');
    await waitFor(() => expect(shownSpanish().sort()).toEqual(['comer', 'hablar']));
    await chooseOption('Уровень CEFR', 'A2 (2)');
    expect(await screen.findByText('Слова не найдены')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(shownSpanish()).toHaveLength(8));
    expect(screen.queryByRole('button', { name: 'Сбросить фильтры' })).toBeNull();
    await chooseOption('Тема', 'семья (1)');
    await waitFor(() => expect(shownSpanish()).toEqual(['el niño']));
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));

    const search = screen.getByRole('searchbox', { name: 'Поиск слов' });
    fireEvent.change(search, { target: { value: 'СТОЛ' } });
    // Typing alone does not search: Enter applies it.
    expect(shownSpanish()).toHaveLength(8);
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(shownSpanish()).toEqual(['la mesa']));
    for (const [query, found] of [
      ['arbol', 'el árbol'],
      ['NINO', 'el niño'],
      ['ребенок', 'el niño'],
    ] as const) {
      fireEvent.change(search, { target: { value: query } });
      fireEvent.keyDown(search, { key: 'Enter' });
      await waitFor(() => expect(shownSpanish()).toEqual([found]));
    }
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(search).toHaveProperty('value', '');
    await waitFor(() => expect(shownSpanish()).toHaveLength(8));

    const alphabetical = screen.getByRole('button', { name: 'По алфавиту' });
    fireEvent.click(alphabetical);
    // Articles are not part of the alphabetical order.
    await waitFor(() =>
      expect(shownSpanish()).toEqual([
        'el árbol',
        'la ciudad',
        'comer',
        'feliz',
        'hablar',
        'el libro',
        'la mesa',
        'el niño',
      ]),
    );
    expect(alphabetical.getAttribute('aria-pressed')).toBe('true');
  });

  it('hides a word into the hidden view; select mode deletes after a confirmation naming the count', async () => {
    answerSignedInLearner(api);
    const toasts = recordToasts();
    const words = [
      dictionaryWord(1, 'cantar', 'петь'),
      dictionaryWord(2, 'bailar', 'танцевать'),
      dictionaryWord(3, 'correr', 'бегать'),
      dictionaryWord(4, 'nadar', 'плавать'),
    ];
    await openList(words, 4);

    fireEvent.click(within(rowOf('cantar')).getByRole('button', { name: 'Скрыть «cantar»' }));
    await waitFor(() => expect(toasts).toContain('Слово перемещено в изученные'));
    expect(api.requests.find((request) => request.method === 'PUT')).toEqual({
      method: 'PUT',
      path: pathOf(wordsPaths.word, 1),
      body: { isActive: false },
    });
    await waitFor(() => expect(shownSpanish()).not.toContain('cantar'));
    fireEvent.click(screen.getByRole('button', { name: 'Скрытые (1)' }));
    await waitFor(() => expect(shownSpanish()).toEqual(['cantar']));
    expect(
      within(rowOf('cantar')).getByRole('button', { name: 'Вернуть «cantar» в изучение' }),
    ).toBeDefined();
    expect(rowOf('cantar').querySelector('[data-tone="hidden"]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Активные (3)' }));
    await waitFor(() => expect(shownSpanish()).toHaveLength(3));

    fireEvent.click(screen.getByRole('button', { name: 'Выбрать' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Действия с выбранными словами' });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать «bailar»' }));
    // Clicking a row in select mode selects it too.
    fireEvent.click(rowOf('correr').querySelector('[data-field="russian"]')!);
    expect(await within(toolbar).findByText('Выбрано: 2')).toBeDefined();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Удалить выбранные' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить выбранные слова?' });
    expect(confirm.textContent).toContain('2');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить слова: 2' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(shownSpanish()).toEqual(['nadar']));
    expect(api.requests.find((request) => request.method === 'DELETE')?.body).toEqual({ wordIds: [2, 3] });
    expect(words.map((word) => word.spanish)).toEqual(['cantar', 'nadar']);

    // The delete-all confirmation names the count; leaving select mode clears the selection.
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Удалить все активные' }));
    const deleteAll = await screen.findByRole('alertdialog', { name: 'Удалить все активные слова?' });
    expect(deleteAll.textContent).toContain('Будут удалены все активные слова: 1.');
    fireEvent.click(within(deleteAll).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.count('DELETE', wordsPaths.words)).toBe(1);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Выбрать «nadar»' }));
    await waitFor(() => expect(isChecked('nadar')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Завершить выбор' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Выбрать' }));
    await screen.findByRole('checkbox', { name: 'Выбрать «nadar»' });
    expect(isChecked('nadar')).toBe(false);
  });

  it('without a language model, the folded filters count those set and the empty CEFR and theme filters say how to get them', async () => {
    answerSignedInLearner(api, { hasOpenaiApiKey: false });
    await openList(
      [
        dictionaryWord(1, 'el perro', 'собака', { partOfSpeech: 'noun' }),
        dictionaryWord(2, 'comer', 'есть', { partOfSpeech: 'verb' }),
        dictionaryWord(3, 'la casa', 'дом', { partOfSpeech: 'noun' }),
      ],
      3,
    );
    const filters = screen.getByRole('button', { name: 'Фильтры' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Уровней CEFR пока нет', { exact: false })).toBeDefined();
    expect(screen.getByText('Тем пока нет', { exact: false })).toBeDefined();
    await chooseOption('Часть речи', 'глагол (1)');
    await waitFor(() => expect(shownSpanish()).toEqual(['comer']));
    const counted = screen.getByRole('button', { name: 'Фильтры (1)' });
    fireEvent.click(counted);
    expect(counted.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Фильтры (1)' })).toBe(counted);
  });

  it('lists a word without a translation under ‘Без перевода’, and its card saves one', async () => {
    answerSignedInLearner(api);
    const words = [
      dictionaryWord(1, 'el coche', '', { needsTranslation: true }),
      dictionaryWord(2, 'el perro', 'собака'),
    ];
    await openList(words, 2);
    expect(rowOf('el coche').querySelector('[data-field="russian"]')?.textContent).toBe('перевод не указан');

    const filter = screen.getByRole('button', { name: 'Без перевода (1)' });
    fireEvent.click(filter);
    expect(filter.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(shownSpanish()).toEqual(['el coche']));

    fireEvent.click(screen.getByRole('button', { name: 'Карточка слова «el coche»' }));
    const card = await screen.findByRole('dialog', { name: 'el coche' });
    expect(within(card).getByText('перевод не указан')).toBeDefined();
    fireEvent.change(within(card).getByLabelText('Добавить перевод'), { target: { value: 'машина' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Сохранить перевод' }));
    await waitFor(() => expect(within(card).queryByLabelText('Добавить перевод')).toBeNull());
    expect(await within(card).findByText('машина')).toBeDefined();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ russian: 'машина' });

    fireEvent.click(within(card).getByRole('button', { name: 'Закрыть' }));
    // No word is left without a translation: the filter goes once it is off.
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(0));
    fireEvent.click(screen.getByRole('button', { name: 'Без перевода (0)' }));
    await waitFor(() => expect(shownSpanish()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Без перевода/ })).toBeNull();
  });
});
