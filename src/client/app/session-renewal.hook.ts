import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { checkSession } from '../features/auth/api/session-check';
import { queryKeys } from '../lib/query-keys';
import { startSessionRenewal } from '../lib/session-renewal';
import { toastStore } from '../ui/toast-store';

/**
 * While signed in, keeps the session alive and sends the learner to /login once it is gone
 * (docs/product/auth.md#session-renewal).
 */
export function useSessionRenewal(isAuthenticated: boolean): void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isAuthenticated) return undefined;
    return startSessionRenewal({
      checkSession,
      onExpired: () => {
        toastStore.toast({ title: t('session.loggedOut') });
        queryClient.setQueryData(queryKeys.auth.status, { isAuthenticated: false });
        queryClient.removeQueries({ queryKey: queryKeys.auth.user });
        void navigate('/login', { replace: true });
      },
      activityTarget: window,
      visibilityTarget: document,
    });
  }, [isAuthenticated, navigate, queryClient, t]);
}
