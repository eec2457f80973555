import { isWordInStudy, type WordListItem } from '../../../../shared/api/words';
import { stripLeadingArticle } from '../../../../shared/text/duplicate-key';
import { foldForSearch } from '../../../../shared/text/search-fold';

/**
 * The dictionary's search, filters and sort (docs/product/dictionary.md#screen), applied in memory to the
 * list fetched once: with 10,000 words a round trip per keystroke or filter would be the slow part.
 */

export type WordView = 'active' | 'hidden';
export type WordSortOrder = 'server' | 'usageDesc' | 'usageAsc' | 'alphabetical';
export const WORD_SORT_ORDERS: readonly Exclude<WordSortOrder, 'server'>[] = [
  'usageDesc',
  'usageAsc',
  'alphabetical',
];

export const FACETS = ['cefrLevel', 'partOfSpeech', 'themeCategory'] as const;
export type Facet = (typeof FACETS)[number];

export interface WordFilters {
  /** The applied search (Enter applies it), not what is being typed. */
  search: string;
  cefrLevel: string | null;
  partOfSpeech: string | null;
  themeCategory: string | null;
  /** 'Без перевода': only the words kept without a translation (docs/product/dictionary.md#filters). */
  isUntranslatedOnly: boolean;
}

export const NO_FILTERS: WordFilters = {
  search: '',
  cefrLevel: null,
  partOfSpeech: null,
  themeCategory: null,
  isUntranslatedOnly: false,
};

type FilterableWord = Pick<
  WordListItem,
  | 'spanish'
  | 'russian'
  | 'needsTranslation'
  | 'isActive'
  | 'isHidden'
  | 'cefrLevel'
  | 'partOfSpeech'
  | 'themeCategory'
  | 'audiobookUsageCount'
>;

/**
 * docs/product/dictionary.md#hidden-words: hidden means isActive false; a word hidden on the Learn screen
 * (isHidden) is too.
 */
export const isInView = (word: Pick<WordListItem, 'isActive' | 'isHidden'>, view: WordView) =>
  view === 'hidden' ? !isWordInStudy(word) : isWordInStudy(word);

export function hasActiveFilters(filters: WordFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** How many filters (not the search) are set: the phone's filter button shows it. */
export function activeFilterCount(filters: WordFilters): number {
  return FACETS.filter((facet) => filters[facet] !== null).length + Number(filters.isUntranslatedOnly);
}

/** docs/product/dictionary.md#search: the shared fold (case and accents), spaces trimmed and collapsed. */
export function normalizeSearch(text: string): string {
  return foldForSearch(text.trim().replace(/\s+/gu, ' '));
}

/** A substring of the Spanish or the Russian, ignoring case and accents, like the server's own search. */
export function matchesSearch(word: Pick<WordListItem, 'spanish' | 'russian'>, normalizedQuery: string) {
  if (normalizedQuery === '') return true;
  return (
    normalizeSearch(word.spanish).includes(normalizedQuery) ||
    normalizeSearch(word.russian).includes(normalizedQuery)
  );
}

/** Every condition at once (AND), the view included. */
export function filterWords<T extends FilterableWord>(
  words: readonly T[],
  filters: WordFilters,
  view: WordView,
): T[] {
  const query = normalizeSearch(filters.search);
  return words.filter(
    (word) =>
      isInView(word, view) &&
      (!filters.isUntranslatedOnly || word.needsTranslation) &&
      FACETS.every((facet) => filters[facet] === null || word[facet] === filters[facet]) &&
      matchesSearch(word, query),
  );
}

/**
 * Made on first use, not when the screen's code loads: a page's first Spanish collator costs a phone some
 * 100 ms while the browser loads its collation data, and the dictionary's default order and a dictionary
 * without levels, parts of speech or themes never compare two words' texts
 * (docs/product/overview.md#serving-the-client).
 */
let spanishCollator: Intl.Collator | undefined;
const compareSpanish = (a: string, b: string) =>
  (spanishCollator ??= new Intl.Collator('es', { sensitivity: 'base', numeric: true })).compare(a, b);

/** "el perro" files under p, as in a paper dictionary. */
const alphabeticalKey = (spanish: string) => stripLeadingArticle(spanish.trim());

/** Stable: words with equal usage keep the server's order (newest first). */
export function sortWords<T extends FilterableWord>(words: readonly T[], order: WordSortOrder): T[] {
  switch (order) {
    case 'server':
      return [...words];
    case 'usageDesc':
      return [...words].sort((a, b) => b.audiobookUsageCount - a.audiobookUsageCount);
    case 'usageAsc':
      return [...words].sort((a, b) => a.audiobookUsageCount - b.audiobookUsageCount);
    case 'alphabetical': {
      const keys = new Map(words.map((word) => [word, alphabeticalKey(word.spanish)]));
      return [...words].sort((a, b) => compareSpanish(keys.get(a) ?? '', keys.get(b) ?? ''));
    }
  }
}

export interface FacetOption {
  value: string;
  /** Active and hidden words together (spec: "each option shows total (active+hidden)"). */
  count: number;
}

const CEFR_ORDER = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

function compareFacetValues(facet: Facet, a: string, b: string): number {
  if (facet === 'cefrLevel') {
    const rank = (value: string) => {
      const index = CEFR_ORDER.indexOf(value.toUpperCase());
      return index === -1 ? CEFR_ORDER.length : index;
    };
    const byRank = rank(a) - rank(b);
    if (byRank !== 0) return byRank;
  }
  return compareSpanish(a, b);
}

/** The options of one filter: every value the dictionary has, with its count over the whole dictionary. */
export function facetOptions(words: readonly FilterableWord[], facet: Facet): FacetOption[] {
  const counts = new Map<string, number>();
  for (const word of words) {
    const value = word[facet];
    if (value === null || value.trim() === '') continue;
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => compareFacetValues(facet, a.value, b.value));
}

export function countByView(words: readonly Pick<WordListItem, 'isActive' | 'isHidden'>[]) {
  let active = 0;
  for (const word of words) if (isWordInStudy(word)) active += 1;
  return { active, hidden: words.length - active };
}

/** Words kept without a translation in the view: the 'Без перевода' filter shows while there are any. */
export const countUntranslated = (
  words: readonly Pick<WordListItem, 'needsTranslation' | 'isActive' | 'isHidden'>[],
  view: WordView,
) => words.filter((word) => word.needsTranslation && isInView(word, view)).length;
