import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewPaths, reviewQueueSchema } from '../../../../shared/api/review';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/review/queue`: the session's cards, fetched once when it starts (docs/product/review.md#queue);
 * `extraNew` raises today's new-card limit ('Ещё 10 новых', docs/product/review.md#more-new-cards).
 */
export function fetchReviewQueue(signal?: AbortSignal, extraNew = 0) {
  const path = extraNew > 0 ? `${reviewPaths.queue}?extraNew=${extraNew}` : reviewPaths.queue;
  return apiClient.get(path, reviewQueueSchema, { signal });
}

export const reviewQueueQueryOptions = (extraNew = 0) =>
  queryOptions({
    queryKey: extraNew > 0 ? [...queryKeys.review.queue, extraNew] : queryKeys.review.queue,
    queryFn: ({ signal }) => fetchReviewQueue(signal, extraNew),
    // A session runs on the queue it started with, offline too: no refetch behind its back, and a new
    // visit asks afresh.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useReviewQueue(extraNew = 0) {
  return useQuery(reviewQueueQueryOptions(extraNew));
}
