import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressPaths, progressSchema } from '../../../shared/api/progress';
import { getPreferringEarly } from './early-answers';
import { queryKeys } from '../query-keys';

export function fetchProgress(signal?: AbortSignal) {
  return getPreferringEarly(progressPaths.progress, progressSchema, { signal });
}

export const progressQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.progress,
    queryFn: ({ signal }) => fetchProgress(signal),
  });

export function useProgress() {
  return useQuery(progressQueryOptions());
}
