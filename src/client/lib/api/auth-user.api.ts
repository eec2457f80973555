import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuthStatus, authPaths, type User, userSchema } from '../../../shared/api/auth';
import { getPreferringEarly } from './early-answers';
import { queryKeys } from '../query-keys';
import { useIsAuthenticated } from './auth-status.api';

/** docs/product/overview.md#client-constants: the user is trusted for 5 minutes. */
export const AUTH_USER_STALE_TIME_MS = 5 * 60 * 1000;

export function fetchAuthUser(signal?: AbortSignal) {
  return getPreferringEarly(authPaths.user, userSchema, { signal });
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

/**
 * A sign-in or registration answered with the user: the auth state and the user are known from that answer,
 * so the first screen after it renders with the name instead of a fallback and a loading state
 * (docs/product/auth.md#registration). The rest of the auth cache (sign-in methods) is read again.
 */
export async function seedSignedInUser(queryClient: QueryClient, user: User): Promise<void> {
  await queryClient.cancelQueries({ queryKey: queryKeys.auth.all });
  queryClient.setQueryData<AuthStatus>(queryKeys.auth.status, { isAuthenticated: true });
  queryClient.setQueryData<User>(queryKeys.auth.user, user);
  await queryClient.invalidateQueries({ queryKey: queryKeys.auth.providers });
}
