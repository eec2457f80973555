import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type WordListItem, wordListSchema, wordsPaths } from '../../../shared/api/words';
import { apiClient } from '../api-client';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../query-keys';

/** A dictionary row is the shared list item; its clip paths feed the play button. */
export type DictionaryWord = WordListItem;

/**
 * The learner's whole word list in one request, cached once under `queryKeys.words.whole`: the dictionary
 * (search, filters and sort run in memory), Learn and the upload statistics all read this one entry.
 */
export function fetchWords(signal?: AbortSignal) {
  return apiClient.get(wordsPaths.words, wordListSchema, { signal });
}

export const wordsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.words.whole,
    queryFn: ({ signal }) => fetchWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
  });

/** The page load asked for the list itself (startWordsEarly), and no screen has read it yet. */
let isEarlyListUnread = false;

/**
 * docs/product/dictionary.md#screen: the dictionary and Learn refetch the list whenever they open, since jobs
 * change words meanwhile; a cached list from the last visit would bring back hidden words and old counts.
 * The one exception is the first screen of a page load, which reads the list the load already asked for.
 * `isFresh`: the list shown is one of this visit.
 */
export function useWordsFreshOnMount() {
  const queryClient = useQueryClient();
  const [isFromPageLoad] = useState(
    () => isEarlyListUnread && queryClient.getQueryState(queryKeys.words.whole)?.status !== 'error',
  );
  useEffect(() => {
    isEarlyListUnread = false;
  }, []);
  const query = useQuery({ ...wordsQueryOptions(), refetchOnMount: isFromPageLoad ? false : 'always' });
  return { ...query, isFresh: query.isFetchedAfterMount || (isFromPageLoad && query.isSuccess) };
}

/**
 * Opening the dictionary or Learn directly (a reload, a bookmark, the installed app) asks for the word list at
 * once, beside the sign-in check, instead of after it, the user and the screen's chunk: the list is usually
 * the screen's longest wait (docs/product/overview.md#serving-the-client). Signed out, the answer is a 401 that
 * nothing reads.
 */
export function startWordsEarly(queryClient: QueryClient, pathname: string): void {
  if (!/^\/(dictionary|learn)\/?$/.test(pathname)) return;
  isEarlyListUnread = true;
  queryClient.query(wordsQueryOptions()).catch(() => undefined);
}
