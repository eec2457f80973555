import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewPaths, reviewStatsSchema } from '../../../shared/api/review';
import { getPreferringEarly } from './early-answers';
import { queryKeys } from '../query-keys';

/** `GET /api/review/stats`: Home's 'На повторение: N' and the session summary's next due time. */
export function fetchReviewStats(signal?: AbortSignal) {
  return getPreferringEarly(reviewPaths.stats, reviewStatsSchema, { signal });
}

export const reviewStatsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.stats,
    queryFn: ({ signal }) => fetchReviewStats(signal),
  });

export function useReviewStats() {
  return useQuery(reviewStatsQueryOptions());
}
