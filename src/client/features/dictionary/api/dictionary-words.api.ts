import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WordListItem, wordListSchema, wordsPaths } from '../../../../shared/api/words';
import { apiClient } from '../../../lib/api-client';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../../../lib/query-keys';

/** A dictionary row is the shared list item; its clip paths feed the play button. */
export type DictionaryWord = WordListItem;

/** The whole dictionary in one request: search, filters and sort then run in memory (lib/word-filters). */
export function fetchDictionaryWords(signal?: AbortSignal) {
  return apiClient.get(wordsPaths.words, wordListSchema, { signal });
}

export const dictionaryWordsQueryKey = queryKeys.words.list({ scope: 'dictionary' });

export const dictionaryWordsQueryOptions = () =>
  queryOptions({
    queryKey: dictionaryWordsQueryKey,
    queryFn: ({ signal }) => fetchDictionaryWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
    // Spec part 1 §7: the list is always refetched when the screen opens; jobs change words meanwhile.
    refetchOnMount: 'always',
  });

export function useDictionaryWords() {
  return useQuery(dictionaryWordsQueryOptions());
}
