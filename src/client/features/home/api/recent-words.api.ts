import { queryOptions, useQuery } from '@tanstack/react-query';
import { wordListSchema, wordsPaths, type WordListQuery } from '../../../../shared/api/words';
import { getPreferringEarly, RECENT_WORDS_LIMIT } from '../../../lib/api/early-answers';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../../../lib/query-keys';

/**
 * The home screen shows a slice of the most recent words (docs/product/overview.md#home-and-progress), asked
 * for early when a page load opens home (early-answers.ts).
 */
export async function fetchRecentWords(signal?: AbortSignal) {
  const query = { limit: RECENT_WORDS_LIMIT } satisfies WordListQuery;
  const words = await getPreferringEarly(wordsPaths.words, wordListSchema, { query, signal });
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
