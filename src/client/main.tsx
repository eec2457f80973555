import './app/globals.css';
// Before the app: the installed app may restore its last screen into the address the router reads.
import './lib/installed-app';
import { startFetchingScreens } from './app/app-routes.component';
import { rememberedAppearance } from './app/appearance-sync.hook';
import { appRoutes } from './app/router';
import { preloadSignedInHome } from './app/signed-in-home.loader';
import { i18next, initInterfaceTexts, startInterfaceLanguage } from './i18n/setup';
import { authStatusQueryOptions, hasSessionHint } from './lib/api/auth-status.api';
import { startEarlyRequests } from './lib/api/early-answers';
import { applyDeferredStylesheets } from './lib/deferred-stylesheets';
import { applyTheme } from './lib/appearance';
import { prepareClassMerging } from './lib/cn';
import { nextTask } from './lib/next-task';
import { queryClient } from './lib/query-client';
import { resetCachesOnRouterVersionChange, unregisterServiceWorkers } from './lib/startup';

/**
 * docs/product/overview.md#client-constants: if the root is missing or mounting fails, the page says so
 * instead of staying blank.
 */
function writeMountError(error: unknown): void {
  console.error(error);
  initInterfaceTexts();
  const heading = document.createElement('h1');
  heading.textContent = i18next.t('mountError.title');
  heading.style.cssText = 'font: 600 1.5rem system-ui, sans-serif; margin: 2rem; text-align: center';
  document.body.replaceChildren(heading);
}

/**
 * The start, in tasks of its own (`nextTask`), not one long task: a phone would stay busy for several hundred
 * milliseconds with the first page's evaluation, and Lighthouse counts such a task as blocking time. Each step
 * is short, and what goes out over the network in one goes out as soon as that step is over.
 */
async function start(): Promise<void> {
  // The first screen's code goes out before anything else, and before the first render: on `/` with a session,
  // home's chunks, as the router has asked for any other screen's already.
  startFetchingScreens(appRoutes, window.location);
  const { pathname } = window.location;
  const isProbablySignedIn = hasSessionHint();
  if (pathname === '/' && isProbablySignedIn) preloadSignedInHome().catch(() => undefined);
  await nextTask();
  // Before the first request: the query cache is cleared at once, the CacheStorage clean-up (a task of its own
  // on a first visit) is left to run, as nothing waits for it.
  void resetCachesOnRouterVersionChange({
    queryClient,
    cacheStorage: typeof caches === 'undefined' ? undefined : caches,
  }).cacheCleared;
  // The sign-in check every screen waits for goes out now, beside the screen's chunks, not once they ran.
  // A failure here is the check's own to show: the root layout asks again and renders what it gets.
  queryClient.query(authStatusQueryOptions()).catch(() => undefined);
  startEarlyRequests(pathname, isProbablySignedIn);
  await nextTask();
  const stylesApplied = applyDeferredStylesheets();
  applyTheme(
    document.documentElement,
    rememberedAppearance().theme,
    window.matchMedia('(prefers-color-scheme: dark)').matches,
  );
  void unregisterServiceWorkers();
  await nextTask();
  const languageShown = startInterfaceLanguage();
  await nextTask();
  prepareClassMerging();
  await nextTask();
  const { mountApp } = await import('./app/mount');
  // An English interface fetches its catalogue first, so the first frame is already in English; and the first
  // frame is styled.
  await Promise.all([languageShown, stylesApplied]);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('The #root element is missing from index.html');
  mountApp(rootElement, queryClient);
}

start().catch(writeMountError);
