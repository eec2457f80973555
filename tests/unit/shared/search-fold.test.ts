import { describe, expect, it } from 'vitest';
import { foldForSearch, SEARCH_FOLD_TABLE } from '../../../src/shared/text/search-fold';

/** docs/product/dictionary.md#search */
describe('foldForSearch', () => {
  it('ignores case and Spanish accents', () => {
    expect(foldForSearch('el Árbol')).toBe('el arbol');
    expect(foldForSearch('EL NIÑO')).toBe('el nino');
    expect(foldForSearch('pingüino')).toBe('pinguino');
    expect(foldForSearch('canción')).toBe('cancion');
  });

  it('folds ё into е and Cyrillic capitals into lower case, and keeps й', () => {
    expect(foldForSearch('Ёж')).toBe('еж');
    expect(foldForSearch('ребёнок')).toBe(foldForSearch('РЕБЕНОК'));
    expect(foldForSearch('чай')).toBe('чай');
  });

  it('drops a decomposed accent, so composed and decomposed texts meet', () => {
    expect(foldForSearch('nin\u0303o')).toBe('nino');
    expect(foldForSearch('e\u0308ж'.replace('e', 'е'))).toBe('еж');
    // The breve of a decomposed й is not an accent the fold drops.
    expect(foldForSearch('и\u0306')).toBe('и\u0306');
  });

  it('is a table SQL translate() can apply: one replacement per listed letter, then the dropped marks', () => {
    const { from, to } = SEARCH_FOLD_TABLE;
    expect(new Set(from).size).toBe(from.length);
    expect(Array.from(from).every((char) => char.length === 1)).toBe(true);
    expect(from.length - to.length).toBe(5);
    // Every capital the table lists folds like its small letter, as lower() may not know it (C locale).
    for (const [index, letter] of Array.from(from.slice(0, to.length)).entries()) {
      expect(foldForSearch(letter.toLowerCase()), letter).toBe(to[index]);
    }
  });
});
