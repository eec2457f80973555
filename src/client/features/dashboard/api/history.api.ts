import { queryOptions, useQuery } from '@tanstack/react-query';
import { historySchema, statsPaths } from '../../../../shared/api/stats';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/stats/history`: what the dashboard's charts draw (docs/product/progress.md#progress-over-time). */
export function fetchHistory(signal?: AbortSignal) {
  return apiClient.get(statsPaths.history, historySchema, { signal });
}

export const historyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.stats.history, queryFn: ({ signal }) => fetchHistory(signal) });

export function useHistory() {
  return useQuery(historyQueryOptions());
}
