import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { RefreshCw } from 'lucide-react';
import { useAuthStatus, useIsAuthenticated } from '../lib/api/auth-status.api';
import { useInstalledAppSession } from '../lib/hooks/installed-app-session.hook';
import { applyDeferredHeadLinks } from '../lib/deferred-head-links';
import { useRevealInSlices } from '../lib/hooks/reveal-in-slices.hook';
import { whenIdle } from '../lib/when-idle';
import { buttonVariants } from '../ui/button-variants';
import { FullScreenMessage } from '../ui/full-screen-message.component';
import { useAppearanceSync } from './appearance-sync.hook';
import { preloadSignedInHome } from './signed-in-home.loader';

const LazySignedInSync = lazy(async () => ({
  default: (await import('./signed-in-sync.component')).SignedInSync,
}));

/** The visitor's appearance: the remembered theme and the defaults. Renders nothing. */
function VisitorAppearance() {
  useAppearanceSync(undefined);
  return null;
}

export function LoadingScreen() {
  const { t } = useTranslation();
  return <FullScreenMessage>{t('common.loading')}</FullScreenMessage>;
}

/**
 * Every route sits below this: nothing renders until the server has said who is signed in
 * (docs/product/auth.md#signed-out-visitors), except in the installed app opened within 24 hours of its
 * last session, which shows its screen while the check runs (docs/product/overview.md#installing-the-app).
 */
export function RootLayout() {
  const authStatus = useAuthStatus();
  const isAuthenticated = authStatus.data?.isAuthenticated ?? false;
  useInstalledAppSession({
    isConfirmed: authStatus.isSuccess && !authStatus.isPlaceholderData,
    isAuthenticated,
  });

  // Where a learner signs in, home is fetched ahead, so it greets them from its first frame.
  const { pathname } = useLocation();
  const isSigningIn = pathname === '/login' || pathname === '/register';
  useEffect(() => {
    if (isSigningIn) void preloadSignedInHome();
  }, [isSigningIn]);

  // The signed-in sync applies the learner's saved appearance; until then, the remembered one stays.
  const sync = isAuthenticated ? (
    <Suspense fallback={null}>
      <LazySignedInSync />
    </Suspense>
  ) : (
    <VisitorAppearance />
  );
  const isChecked = useRevealInSlices(!authStatus.isPending);
  useEffect(() => (isChecked ? whenIdle(() => applyDeferredHeadLinks()) : undefined), [isChecked]);
  if (!isChecked) {
    return (
      <>
        {sync}
        <LoadingScreen />
      </>
    );
  }
  return (
    <>
      {sync}
      <Outlet />
    </>
  );
}

/** Signed-out visitors reach only the landing and sign-in pages; everything else sends them to /login. */
export function RequireAuth() {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? <Outlet /> : <Navigate to="/login" replace />;
}

/**
 * A failed chunk load after a deploy (old index, new files) lands here; a reload fetches the new build.
 * Other render errors land here too rather than blanking the page.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="text-muted-foreground">{t('routeError.description')}</p>
      <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" />
        {t('routeError.reload')}
      </button>
    </main>
  );
}
