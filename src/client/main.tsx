import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/globals.css';
import './i18n/setup';
// Before the app: the installed app may restore its last screen into the address the router reads.
import './lib/installed-app';
import { App } from './app/app.component';
import { startFetchingScreens } from './app/app-routes.component';
import { rememberedAppearance } from './app/appearance-sync.hook';
import { appRoutes } from './app/router';
import { preloadSignedInHome } from './app/signed-in-home.loader';
import { i18next, interfaceLanguageReady } from './i18n/setup';
import { authStatusQueryOptions, hasSessionHint } from './lib/api/auth-status.api';
import { startEarlyRequests } from './lib/api/early-answers';
import { applyDeferredStylesheets } from './lib/deferred-stylesheets';
import { applyTheme } from './lib/appearance';
import { queryClient } from './lib/query-client';
import { resetCachesOnRouterVersionChange, unregisterServiceWorkers } from './lib/startup';

/**
 * docs/product/overview.md#client-constants: if the root is missing or mounting fails, the page says so
 * instead of staying blank.
 */
function writeMountError(error: unknown): void {
  console.error(error);
  const heading = document.createElement('h1');
  heading.textContent = i18next.t('mountError.title');
  heading.style.cssText = 'font: 600 1.5rem system-ui, sans-serif; margin: 2rem; text-align: center';
  document.body.replaceChildren(heading);
}

async function start(): Promise<void> {
  // The first screen's code goes out before anything else, and before the first render.
  startFetchingScreens(appRoutes, window.location);
  const stylesApplied = applyDeferredStylesheets();
  applyTheme(
    document.documentElement,
    rememberedAppearance().theme,
    window.matchMedia('(prefers-color-scheme: dark)').matches,
  );
  void unregisterServiceWorkers();
  // Nothing is awaited before the first requests go out: on a first visit the CacheStorage clean-up took a
  // task of its own, and the sign-in check and the early answers waited for it.
  void resetCachesOnRouterVersionChange({
    queryClient,
    cacheStorage: typeof caches === 'undefined' ? undefined : caches,
  }).cacheCleared;
  const { pathname } = window.location;
  const isProbablySignedIn = hasSessionHint();
  // Home's chunks first where the browser has a session, as the router has asked for any other screen's
  // already: the larger files take the page's few connections first, and the small answers follow.
  if (pathname === '/' && isProbablySignedIn) preloadSignedInHome().catch(() => undefined);
  // The sign-in check every screen waits for goes out now, beside the screen's chunks, not once they ran.
  // A failure here is the check's own to show: the root layout asks again and renders what it gets.
  queryClient.query(authStatusQueryOptions()).catch(() => undefined);
  startEarlyRequests(pathname, isProbablySignedIn);

  // An English interface fetches its catalogue first, so the first frame is already in English; and the first
  // frame is styled.
  await Promise.all([interfaceLanguageReady, stylesApplied]);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The #root element is missing from index.html');
  const root = createRoot(rootElement);
  // A transition, so the first screen renders in slices and a phone stays responsive while it does.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}

start().catch(writeMountError);
