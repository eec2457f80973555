import { useIsAuthenticated } from '../lib/api/auth-status.api';
import { HomePage } from '../features/home/home.page';
import { LandingPage } from '../features/landing/landing.page';
import { AppShell, PublicLayout } from './layouts.component';

/**
 * `/` is the home screen when signed in and the landing page for a visitor
 * (docs/product/auth.md#signed-out-visitors).
 */
export function IndexRoute() {
  const isAuthenticated = useIsAuthenticated();
  return isAuthenticated ? (
    <AppShell>
      <HomePage />
    </AppShell>
  ) : (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
