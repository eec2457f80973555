import { createElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { dictionaryPaths, wordImageListSchema } from '../../../src/shared/api/dictionary';
import {
  deleteWordsRequestSchema,
  type WordListItem,
  wordListItemSchema,
  wordsPaths,
  wordUpdateSchema,
} from '../../../src/shared/api/words';
import { DictionaryPage } from '../../../src/client/features/dictionary/dictionary.page';
import type { FakeApi } from './fake-api';
import { renderPage } from './render-client';
import { listedWord } from './word-fixtures';

/**
 * The dictionary screen's answers, kept as a small server would keep them: the word list, and the edits and
 * deletions the screen sends applied to it, so the list the screen asks for again is the changed one.
 */

/** A word as `GET /api/words` answers it, parsed by the shared schema. */
export function dictionaryWord(
  id: number,
  spanish: string,
  russian: string,
  fields: Partial<WordListItem> = {},
): WordListItem {
  return listedWord(id, spanish, russian, {
    needsTranslation: false,
    createdAt: new Date(0).toISOString(),
    ...fields,
  });
}

/** A contract path with its `:id` filled in. */
export const pathOf = (template: string, id: number) => template.replace(':id', String(id));

/**
 * Answers the list, the spaced-repetition list (empty) and, for each word, its card's gallery and
 * `PUT /api/words/:id` (applied to the list); `DELETE /api/words` removes the words named. The array is the
 * server's list: a test may change it.
 */
export function answerWords(api: FakeApi, words: WordListItem[]): void {
  api.on('GET', wordsPaths.words, () => ({ body: words }));
  api.on('GET', wordsPaths.spacedRepetition, () => ({ body: [] }));
  for (const word of words) {
    // The card's gallery: the word's own picture, if it has one (a test may answer it otherwise).
    api.on('GET', pathOf(dictionaryPaths.images, word.id), () => ({
      body: wordImageListSchema.parse(
        word.imageUrl
          ? [
              {
                id: word.id,
                url: word.imageUrl,
                styleId: null,
                imageFormat: 'webp',
                createdAt: word.createdAt,
                isPrimary: true,
              },
            ]
          : [],
      ),
    }));
    api.on('PUT', pathOf(wordsPaths.word, word.id), (request) => {
      const index = words.findIndex((candidate) => candidate.id === word.id);
      const update = wordUpdateSchema.parse(request.body);
      // A translation given clears the word's mark (docs/product/dictionary.md#words-without-a-translation).
      const translated = update.russian === undefined ? {} : { needsTranslation: false };
      words[index] = wordListItemSchema.parse({ ...words[index], ...update, ...translated });
      return { body: words[index] };
    });
  }
  api.on('DELETE', wordsPaths.words, (request) => {
    const { wordIds } = deleteWordsRequestSchema.parse(request.body);
    const before = words.length;
    words.splice(0, words.length, ...words.filter((word) => !wordIds.includes(word.id)));
    const deleted = before - words.length;
    return { body: { deleted, message: `Удалено слов: ${deleted}` } };
  });
}

/** The address the screen is at, shown for the test to read. */
function ShownLocation() {
  const location = useLocation();
  return createElement('output', { 'aria-label': 'Адрес' }, `${location.pathname}${location.search}`);
}

/** The dictionary screen at `path` (`/dictionary?word=3` opens a card), with its address shown. */
export function renderDictionary(path = '/dictionary') {
  return renderPage(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(
        Routes,
        null,
        createElement(Route, { path: '/dictionary', element: createElement(DictionaryPage) }),
      ),
      createElement(ShownLocation),
    ),
  );
}
