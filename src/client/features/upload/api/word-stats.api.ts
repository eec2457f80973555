import { queryOptions, useQuery } from '@tanstack/react-query';
import { wordListSchema, wordsPaths } from '../../../../shared/api/words';
import { apiClient } from '../../../lib/api-client';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../../../lib/query-keys';
import { wordStats } from '../lib/upload-job-state';

export function fetchAllWords(signal?: AbortSignal) {
  return apiClient.get(wordsPaths.words, wordListSchema, { signal });
}

/**
 * The learner's whole list for the statistics block. Its own key under `words`, so an upload or a reset
 * (which invalidate `words`) refresh it, and so no other screen's filtered list is mistaken for it.
 */
export const wordStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.words.list({ scope: 'upload-stats' }),
    queryFn: ({ signal }) => fetchAllWords(signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
    select: wordStats,
  });

export function useWordStats() {
  return useQuery(wordStatsQueryOptions());
}
