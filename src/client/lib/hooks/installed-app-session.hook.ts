import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isInstalledApp } from '../installed-app';
import { forgetPwaSession, rememberLastScreen, startPwaSessionStamp } from '../pwa';

/**
 * In the installed app, stamps the session every 30 minutes while the server says the learner is signed in,
 * remembers the screen they are on, and forgets both once the server says they are not
 * (docs/product/overview.md#installing-the-app).
 */
export function useInstalledAppSession(status: { isConfirmed: boolean; isAuthenticated: boolean }): void {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  const { isConfirmed, isAuthenticated } = status;

  useEffect(() => {
    if (!isInstalledApp || !isConfirmed) return undefined;
    if (!isAuthenticated) {
      forgetPwaSession();
      return undefined;
    }
    return startPwaSessionStamp();
  }, [isConfirmed, isAuthenticated]);

  useEffect(() => {
    if (isInstalledApp && isAuthenticated) rememberLastScreen(path);
  }, [isAuthenticated, path]);
}
