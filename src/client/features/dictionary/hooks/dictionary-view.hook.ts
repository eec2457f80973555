import { useMemo, useState } from 'react';
import type { DictionaryWord } from '../../../lib/api/words.api';
import {
  countByView,
  countUntranslated,
  type Facet,
  FACETS,
  facetOptions,
  filterWords,
  NO_FILTERS,
  sortWords,
  type WordFilters,
  type WordSortOrder,
  type WordView,
} from '../lib/word-filters';

/** Search, filters, view and sort of the dictionary, and the words they leave, computed in memory. */
export function useDictionaryView(words: readonly DictionaryWord[]) {
  const [searchDraft, setSearchDraft] = useState('');
  const [filters, setFilters] = useState<WordFilters>(NO_FILTERS);
  const [view, setView] = useState<WordView>('active');
  const [sortOrder, setSortOrder] = useState<WordSortOrder>('server');

  const options = useMemo(
    () =>
      Object.fromEntries(FACETS.map((facet) => [facet, facetOptions(words, facet)])) as Record<
        Facet,
        ReturnType<typeof facetOptions>
      >,
    [words],
  );
  const counts = useMemo(() => countByView(words), [words]);
  const untranslatedCount = useMemo(() => countUntranslated(words, view), [words, view]);
  const visibleWords = useMemo(
    () => sortWords(filterWords(words, filters, view), sortOrder),
    [words, filters, view, sortOrder],
  );

  return {
    searchDraft,
    setSearchDraft,
    filters,
    view,
    setView,
    sortOrder,
    options,
    counts,
    untranslatedCount,
    visibleWords,
    applySearch: () => setFilters((current) => ({ ...current, search: searchDraft })),
    clearSearch: () => {
      setSearchDraft('');
      setFilters((current) => ({ ...current, search: '' }));
    },
    setFacet: (facet: Facet, value: string | null) =>
      setFilters((current) => ({ ...current, [facet]: value })),
    toggleUntranslatedOnly: () =>
      setFilters((current) => ({ ...current, isUntranslatedOnly: !current.isUntranslatedOnly })),
    resetFilters: () => setFilters((current) => ({ ...NO_FILTERS, search: current.search })),
    /** A second press of the active sort goes back to the server's order. */
    toggleSort: (order: WordSortOrder) => setSortOrder((current) => (current === order ? 'server' : order)),
  };
}
