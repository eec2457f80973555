import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewPaths, reviewStatsSchema } from '../../../shared/api/review';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';

/** `GET /api/review/stats`: Home's 'На повторение: N' and the session summary's next due time. */
export function fetchReviewStats(signal?: AbortSignal) {
  return apiClient.get(reviewPaths.stats, reviewStatsSchema, { signal });
}

export const reviewStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.stats,
    queryFn: ({ signal }) => fetchReviewStats(signal),
  });

export function useReviewStats() {
  return useQuery(reviewStatsQueryOptions());
}
