import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  countByView,
  countUntranslated,
  facetOptions,
  filterWords,
  hasActiveFilters,
  NO_FILTERS,
  sortWords,
} from '../../../src/client/features/dictionary/lib/word-filters';

interface TestWord {
  id: number;
  spanish: string;
  russian: string;
  needsTranslation: boolean;
  isActive: boolean;
  isHidden: boolean;
  cefrLevel: string | null;
  partOfSpeech: string | null;
  themeCategory: string | null;
  audiobookUsageCount: number;
}

let nextId = 1;
const word = (spanish: string, russian: string, overrides: Partial<TestWord> = {}): TestWord => ({
  id: nextId++,
  spanish,
  russian,
  needsTranslation: false,
  isActive: true,
  isHidden: false,
  cefrLevel: null,
  partOfSpeech: null,
  themeCategory: null,
  audiobookUsageCount: 0,
  ...overrides,
});

const words = [
  word('el perro', 'собака', {
    cefrLevel: 'A1',
    partOfSpeech: 'noun',
    themeCategory: 'животные',
    audiobookUsageCount: 3,
  }),
  word('correr', 'бегать', {
    cefrLevel: 'A1',
    partOfSpeech: 'verb',
    themeCategory: 'спорт',
    audiobookUsageCount: 7,
  }),
  word('gato', 'кошка', {
    cefrLevel: 'A1',
    partOfSpeech: 'noun',
    themeCategory: 'животные',
    isActive: false,
  }),
  word('Árbol', 'дерево', {
    cefrLevel: 'B1',
    partOfSpeech: 'noun',
    themeCategory: 'природа',
    audiobookUsageCount: 1,
  }),
  word('hablar', 'говорить', { cefrLevel: 'C2', partOfSpeech: 'verb', audiobookUsageCount: 3 }),
];
const ids = (list: readonly TestWord[]) => list.map((item) => item.spanish);

describe('dictionary filters', () => {
  it('keeps the view: active words, or hidden ones', () => {
    expect(ids(filterWords(words, NO_FILTERS, 'active'))).toEqual(['el perro', 'correr', 'Árbol', 'hablar']);
    expect(ids(filterWords(words, NO_FILTERS, 'hidden'))).toEqual(['gato']);
  });

  it('shows a word hidden on the Learn screen (isHidden) in the hidden view, not the active one', () => {
    const hiddenInLearn = word('casa', 'дом', { isHidden: true });
    expect(ids(filterWords([...words, hiddenInLearn], NO_FILTERS, 'hidden'))).toEqual(['gato', 'casa']);
    expect(ids(filterWords([hiddenInLearn], NO_FILTERS, 'active'))).toEqual([]);
  });

  it("lists only the words without a translation under 'Без перевода', counted in the view", () => {
    const untranslated = word('el coche', '', { needsTranslation: true });
    const hiddenUntranslated = word('agua', '', { needsTranslation: true, isActive: false });
    const all = [...words, untranslated, hiddenUntranslated];
    const filters = { ...NO_FILTERS, isUntranslatedOnly: true };
    expect(ids(filterWords(all, filters, 'active'))).toEqual(['el coche']);
    expect(ids(filterWords(all, filters, 'hidden'))).toEqual(['agua']);
    expect(countUntranslated(all, 'active')).toBe(1);
    expect(countUntranslated(words, 'active')).toBe(0);
    expect(activeFilterCount(filters)).toBe(1);
    expect(hasActiveFilters(filters)).toBe(true);
  });

  it('combines CEFR level, part of speech and theme with AND', () => {
    const filters = { ...NO_FILTERS, cefrLevel: 'A1', partOfSpeech: 'noun' };
    expect(ids(filterWords(words, filters, 'active'))).toEqual(['el perro']);
    expect(ids(filterWords(words, { ...filters, themeCategory: 'спорт' }, 'active'))).toEqual([]);
  });

  it('searches the Spanish and the Russian, ignoring case and surrounding spaces', () => {
    expect(ids(filterWords(words, { ...NO_FILTERS, search: '  PERR ' }, 'active'))).toEqual(['el perro']);
    expect(ids(filterWords(words, { ...NO_FILTERS, search: 'ГОВОР' }, 'active'))).toEqual(['hablar']);
    expect(ids(filterWords(words, { ...NO_FILTERS, search: 'árb' }, 'active'))).toEqual(['Árbol']);
    expect(ids(filterWords(words, { ...NO_FILTERS, search: 'кошка' }, 'active'))).toEqual([]);
  });

  it('ignores accents on both sides (docs/product/dictionary.md#search)', () => {
    const accented = [word('el niño', 'ребёнок'), word('el erizo', 'ёж'), word('la nina', 'девочка')];
    const search = (query: string) =>
      ids(filterWords([...words, ...accented], { ...NO_FILTERS, search: query }, 'active'));
    expect(search('arbol')).toEqual(['Árbol']);
    expect(search('ÁRBOL')).toEqual(['Árbol']);
    expect(search('nino')).toEqual(['el niño']);
    expect(search('niña')).toEqual(['la nina']);
    expect(search('еж')).toEqual(['el erizo']);
    expect(search('ребенок')).toEqual(['el niño']);
  });

  it('counts the filters set, for the filter button on a phone', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, search: 'x', cefrLevel: 'A1' })).toBe(1);
    expect(activeFilterCount({ ...NO_FILTERS, cefrLevel: 'A1', themeCategory: 'спорт' })).toBe(2);
  });

  it('says when a filter (not the search) is set', () => {
    expect(hasActiveFilters(NO_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, search: 'x' })).toBe(false);
    expect(hasActiveFilters({ ...NO_FILTERS, themeCategory: 'спорт' })).toBe(true);
  });

  it('counts each option over active and hidden words together', () => {
    expect(facetOptions(words, 'cefrLevel')).toEqual([
      { value: 'A1', count: 3 },
      { value: 'B1', count: 1 },
      { value: 'C2', count: 1 },
    ]);
    expect(facetOptions(words, 'partOfSpeech')).toEqual([
      { value: 'noun', count: 3 },
      { value: 'verb', count: 2 },
    ]);
    expect(facetOptions(words, 'themeCategory').map((option) => option.value)).toEqual([
      'животные',
      'природа',
      'спорт',
    ]);
  });

  it('orders CEFR levels by level, not by text', () => {
    const levels = [
      word('a', 'а', { cefrLevel: 'C1' }),
      word('b', 'б', { cefrLevel: 'A2' }),
      word('c', 'в', { cefrLevel: 'B2' }),
    ];
    expect(facetOptions(levels, 'cefrLevel').map((option) => option.value)).toEqual(['A2', 'B2', 'C1']);
  });

  it('counts the two views', () => {
    expect(countByView(words)).toEqual({ active: 4, hidden: 1 });
  });
});

describe('dictionary sort', () => {
  it('keeps the server order by default', () => {
    expect(ids(sortWords(words, 'server'))).toEqual(ids(words));
  });

  it('sorts by audiobook usage both ways, equal usage keeping the server order', () => {
    expect(ids(sortWords(words, 'usageDesc'))).toEqual(['correr', 'el perro', 'hablar', 'Árbol', 'gato']);
    expect(ids(sortWords(words, 'usageAsc'))).toEqual(['gato', 'Árbol', 'el perro', 'hablar', 'correr']);
  });

  it('sorts alphabetically in Spanish, accents beside their letter, articles ignored', () => {
    expect(ids(sortWords(words, 'alphabetical'))).toEqual(['Árbol', 'correr', 'gato', 'hablar', 'el perro']);
  });

  it('does not change the list it is given', () => {
    const before = ids(words);
    sortWords(words, 'alphabetical');
    expect(ids(words)).toEqual(before);
  });

  it('filters and sorts 10,000 words', () => {
    const many = Array.from({ length: 10_000 }, (_, index) =>
      word(`palabra${index}`, `слово${index}`, {
        cefrLevel: index % 2 ? 'A1' : 'B2',
        audiobookUsageCount: index % 17,
      }),
    );
    // How fast this runs is measured by `npm run bench:builtin`, not decided here.
    const found = sortWords(
      filterWords(many, { ...NO_FILTERS, search: 'palabra1', cefrLevel: 'A1' }, 'active'),
      'alphabetical',
    );
    // Odd numbers written palabra1…: 1, five of 10–19, fifty of 100–199, five hundred of 1000–1999.
    expect(found).toHaveLength(556);
    expect(found.every((entry) => entry.cefrLevel === 'A1' && entry.spanish.startsWith('palabra1'))).toBe(
      true,
    );
    expect(found[0]?.spanish).toBe('palabra1');
    expect(facetOptions(many, 'cefrLevel')).toEqual([
      { value: 'A1', count: 5000 },
      { value: 'B2', count: 5000 },
    ]);
  });
});
