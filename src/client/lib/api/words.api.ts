import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WordListItem, wordListSchema, wordsPaths } from '../../../shared/api/words';
import { getPreferringEarly } from './early-answers';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../query-keys';

/** A dictionary row is the shared list item; its clip paths feed the play button. */
export type DictionaryWord = WordListItem;

/**
 * The learner's whole word list in one request, cached once under `queryKeys.words.whole`: the dictionary
 * (search, filters and sort run in memory), Learn and the upload statistics all read this one entry. The first
 * fetch of a page load that asked for the list early (early-answers.ts) parses that answer.
 */
export function fetchWords(signal?: AbortSignal) {
  return getPreferringEarly(wordsPaths.words, wordListSchema, { signal });
}

export const wordsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.words.whole,
    queryFn: ({ signal }) => fetchWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
  });

/**
 * docs/product/dictionary.md#screen: the dictionary and Learn refetch the list whenever they open, since jobs
 * change words meanwhile; a cached list from the last visit would bring back hidden words and old counts.
 * On the first screen of a page load, that fetch is the one the load started early (fetchWords);
 * `isFetchedAfterMount` says the list shown is one of this visit.
 */
export function useWordsFreshOnMount() {
  return useQuery({ ...wordsQueryOptions(), refetchOnMount: 'always' });
}
