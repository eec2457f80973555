import { queryOptions, useQuery } from '@tanstack/react-query';
import { wordListSchema, wordsPaths } from '../../../shared/api/words';
import { getPreferringEarly } from './early-answers';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../query-keys';

/** Hidden words whose next spaced-repetition interval has come: they get a days-since-disabled badge. */
export function fetchSpacedRepetitionWords(signal?: AbortSignal) {
  return getPreferringEarly(wordsPaths.spacedRepetition, wordListSchema, { signal });
}

export const spacedRepetitionWordsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.words.spacedRepetition,
    queryFn: ({ signal }) => fetchSpacedRepetitionWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
  });

export function useSpacedRepetitionWords() {
  return useQuery(spacedRepetitionWordsQueryOptions());
}
