import { queryOptions, useQuery } from '@tanstack/react-query';
import { authPaths, userSchema } from '../../../shared/api/auth';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';
import { useIsAuthenticated } from './auth-status.api';

/** docs/product/overview.md#client-constants: the user is trusted for 5 minutes. */
export const AUTH_USER_STALE_TIME_MS = 5 * 60 * 1000;

export function fetchAuthUser(signal?: AbortSignal) {
  return apiClient.get(authPaths.user, userSchema, { signal });
}

export const authUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.user,
    queryFn: ({ signal }) => fetchAuthUser(signal),
    staleTime: AUTH_USER_STALE_TIME_MS,
  });

/**
 * Fetched only when signed in: for a visitor the call could only answer 401
 * (docs/product/auth.md#signed-out-visitors).
 */
export function useAuthUser() {
  const isAuthenticated = useIsAuthenticated();
  return useQuery({ ...authUserQueryOptions(), enabled: isAuthenticated });
}
