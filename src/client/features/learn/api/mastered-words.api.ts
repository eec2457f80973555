import { queryOptions, useQuery } from '@tanstack/react-query';
import { masteredWordsSchema, reviewPaths } from '../../../../shared/api/review';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/review/mastered-words`: words mastered in review, which leave Learn's list when the learner
 * chose so (docs/product/review.md#learn-and-audiobooks); none otherwise.
 */
export function fetchMasteredWords(signal?: AbortSignal) {
  return apiClient.get(reviewPaths.masteredWords, masteredWordsSchema, { signal });
}

export const masteredWordsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.masteredWords,
    queryFn: ({ signal }) => fetchMasteredWords(signal),
  });

export function useMasteredWords() {
  return useQuery(masteredWordsQueryOptions());
}
