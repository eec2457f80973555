import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewPaths, reviewQueueSchema } from '../../../../shared/api/review';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/review/queue`: the session's cards, fetched once when it starts (docs/product/review.md#queue). */
export function fetchReviewQueue(signal?: AbortSignal) {
  return apiClient.get(reviewPaths.queue, reviewQueueSchema, { signal });
}

export const reviewQueueQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.review.queue,
    queryFn: ({ signal }) => fetchReviewQueue(signal),
    // A session runs on the queue it started with, offline too: no refetch behind its back, and a new
    // visit asks afresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useReviewQueue() {
  return useQuery(reviewQueueQueryOptions());
}
