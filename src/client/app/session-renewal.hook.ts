import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { checkSession } from '../features/auth/api/session-check';
import { queryKeys } from '../lib/query-keys';
import {
  PLAYER_SESSION_RENEWAL_INTERVAL_MS,
  SESSION_RENEWAL_INTERVAL_MS,
  startSessionRenewal,
} from '../lib/session-renewal';
import { toastStore } from '../ui/toast-store';

/**
 * While mounted (signed in: SignedInSync), keeps the session alive and sends the learner to /login once it is gone
 * (docs/product/auth.md#session-renewal).
 */
export function useSessionRenewal(): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The player shell renews every 15 minutes, the rest of the app every 20 (docs/product/audiobooks.md#playback).
  const intervalMs =
    useMatch('/audiobook/:id') === null ? SESSION_RENEWAL_INTERVAL_MS : PLAYER_SESSION_RENEWAL_INTERVAL_MS;

  useEffect(
    () =>
      startSessionRenewal({
        checkSession,
        onExpired: () => {
          toastStore.toast({ title: t('session.loggedOut') });
          queryClient.setQueryData(queryKeys.auth.status, { isAuthenticated: false });
          queryClient.removeQueries({ queryKey: queryKeys.auth.user });
          void navigate('/login', { replace: true });
        },
        activityTarget: window,
        visibilityTarget: document,
        intervalMs,
      }),
    [navigate, queryClient, t, intervalMs],
  );
}
