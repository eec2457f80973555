import { queryOptions, useQuery } from '@tanstack/react-query';
import { wordListSchema, wordsPaths, type WordListQuery } from '../../../../shared/api/words';
import { apiClient } from '../../../lib/api-client';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../../../lib/query-keys';

/**
 * The home screen shows a 7-word slice of the most recent words (docs/product/overview.md#home-and-progress).
 */
export const RECENT_WORDS_LIMIT = 7;

export async function fetchRecentWords(signal?: AbortSignal) {
  const query = { limit: RECENT_WORDS_LIMIT } satisfies WordListQuery;
  const words = await apiClient.get(wordsPaths.words, wordListSchema, { query, signal });
  // The server already returns newest first; the slice guards against a server that ignores `limit`.
  return words.slice(0, RECENT_WORDS_LIMIT);
}

export const recentWordsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.words.list({ limit: RECENT_WORDS_LIMIT }),
    queryFn: ({ signal }) => fetchRecentWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
  });

export function useRecentWords() {
  return useQuery(recentWordsQueryOptions());
}
