import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressPaths, progressSchema } from '../../../shared/api/progress';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';

export function fetchProgress(signal?: AbortSignal) {
  return apiClient.get(progressPaths.progress, progressSchema, { signal });
}

export const progressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.progress,
    queryFn: ({ signal }) => fetchProgress(signal),
  });

export function useProgress() {
  return useQuery(progressQueryOptions());
}
