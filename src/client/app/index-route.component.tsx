import { useIsAuthenticated } from '../lib/api/auth-status.api';
import { LandingPage } from '../features/landing/landing.page';
import { PublicLayout } from './public-layout.component';
import { LoadingScreen } from './route-guards.component';
import { useSignedInHome } from './signed-in-home.loader';

/** Home, fetched (if it is not already) only once the learner is known to be signed in. */
function SignedInIndex() {
  const home = useSignedInHome();
  return home ? <home.SignedInHome /> : <LoadingScreen />;
}

/**
 * `/` is the home screen when signed in and the landing page for a visitor
 * (docs/product/auth.md#signed-out-visitors). The visitor's page carries neither the shell nor home.
 */
export function IndexRoute() {
  const isAuthenticated = useIsAuthenticated();
  if (isAuthenticated) return <SignedInIndex />;
  return (
    <PublicLayout>
      <LandingPage />
    </PublicLayout>
  );
}
