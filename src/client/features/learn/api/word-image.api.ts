import { queryOptions, useQuery } from '@tanstack/react-query';
import { learnPath, learnPaths, wordImageResponseSchema } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';
import { queryKeys, WORDS_GC_TIME_MS, WORDS_STALE_TIME_MS } from '../../../lib/query-keys';

/** `GET /api/words/:id/image`: the picture of a word whose list entry carries none. */
export function fetchWordImage(wordId: number, signal?: AbortSignal) {
  return apiClient.get(learnPath(learnPaths.image, wordId), wordImageResponseSchema, { signal });
}

export const wordImageQueryOptions = (wordId: number) =>
  queryOptions({
    queryKey: queryKeys.words.image(wordId),
    queryFn: ({ signal }) => fetchWordImage(wordId, signal),
    staleTime: WORDS_STALE_TIME_MS,
    gcTime: WORDS_GC_TIME_MS,
  });

export function useWordImage(wordId: number, isEnabled: boolean) {
  return useQuery({ ...wordImageQueryOptions(wordId), enabled: isEnabled });
}
