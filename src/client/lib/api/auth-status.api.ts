import { queryOptions, useQuery } from '@tanstack/react-query';
import { authPaths } from '../../../shared/api/auth-paths';
import { type AuthStatus, authStatusParser, SESSION_HINT_META } from '../../../shared/api/auth-status';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';

/** docs/product/overview.md#client-constants: the auth state is trusted for 60 s. */
export const AUTH_STATUS_STALE_TIME_MS = 60 * 1000;

export function fetchAuthStatus(signal?: AbortSignal) {
  return apiClient.get(authPaths.status, authStatusParser, { signal });
}

/**
 * Whether the page came with the server's session hint (a session cookie was sent): what to fetch early,
 * nothing more; the sign-in check decides who is signed in.
 */
export const hasSessionHint = (): boolean =>
  document.querySelector(`meta[name="${SESSION_HINT_META}"][content="present"]`) !== null;

export const authStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.auth.status,
    queryFn: ({ signal }) => fetchAuthStatus(signal),
    staleTime: AUTH_STATUS_STALE_TIME_MS,
  });

/**
 * Set at start-up when the installed app was opened within 24 hours of its last session stamp
 * (docs/product/overview.md#installing-the-app): the app renders as signed in while the first check runs,
 * and whatever the check answers replaces it.
 */
let assumedStatus: AuthStatus | undefined;
export function assumeSignedInUntilChecked(): void {
  assumedStatus = { isAuthenticated: true };
}

export function useAuthStatus() {
  return useQuery({ ...authStatusQueryOptions(), placeholderData: assumedStatus });
}

/**
 * True once the server has said so, or while the installed app's first check runs after a reopening within
 * 24 hours (docs/product/overview.md#installing-the-app); while loading otherwise, or after a failure, the
 * visitor counts as signed out.
 */
export function useIsAuthenticated(): boolean {
  return useAuthStatus().data?.isAuthenticated ?? false;
}
