import { useMutation } from '@tanstack/react-query';
import {
  forceCacheRefreshResponseSchema,
  wordMaintenancePaths,
} from '../../../../shared/api/word-maintenance';
import { apiClient } from '../../../lib/api-client';

/** The server recomputes its derived counters; the caller then drops the client cache and reloads. */
export function forceCacheRefresh() {
  return apiClient.post(wordMaintenancePaths.forceCacheRefresh, forceCacheRefreshResponseSchema);
}

export function useForceCacheRefresh() {
  return useMutation({ mutationFn: forceCacheRefresh });
}
