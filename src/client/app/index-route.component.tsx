import { Suspense } from 'react';
import { useIsAuthenticated } from '../lib/api/auth-status.api';
import { LandingPage } from '../features/landing/landing.page';
import { PublicLayout } from './public-layout.component';
import { LoadingScreen } from './route-guards.component';
import { LazySignedInHome, loadedSignedInHome } from './signed-in-home.loader';

/**
 * `/` is the home screen when signed in and the landing page for a visitor
 * (docs/product/auth.md#signed-out-visitors). The visitor's page carries neither the shell nor home.
 */
export function IndexRoute() {
  const isAuthenticated = useIsAuthenticated();
  if (!isAuthenticated) {
    return (
      <PublicLayout>
        <LandingPage />
      </PublicLayout>
    );
  }
  const home = loadedSignedInHome();
  if (home) return <home.SignedInHome />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LazySignedInHome />
    </Suspense>
  );
}
