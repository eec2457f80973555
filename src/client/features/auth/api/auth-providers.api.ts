import { queryOptions, useQuery } from '@tanstack/react-query';
import { authPaths, authProvidersSchema } from '../../../../shared/api/auth';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function fetchAuthProviders(signal?: AbortSignal) {
  return apiClient.get(authPaths.providers, authProvidersSchema, { signal });
}

/** Server configuration changes only on restart, so one answer per page load is enough. */
export const authProvidersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.providers,
    queryFn: ({ signal }) => fetchAuthProviders(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
