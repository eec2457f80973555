import { assumeSignedInUntilChecked } from './api/auth-status.api';
import { installDoubleTapBlock, isIosDevice, isStandaloneDisplay, keepPortrait, pwaStartState } from './pwa';

/**
 * Start-up of the installed app (docs/product/overview.md#installing-the-app). main.tsx imports this module
 * before the app's, because the router reads the address as its module loads: the screen to restore must
 * be in the address by then.
 */
export const isInstalledApp = typeof window !== 'undefined' && isStandaloneDisplay(window);

if (isInstalledApp) {
  installDoubleTapBlock(document);
  keepPortrait(window, document.documentElement, isIosDevice(window.navigator));
  const start = pwaStartState(`${window.location.pathname}${window.location.search}`, { now: Date.now() });
  if (start.preserved) {
    assumeSignedInUntilChecked();
    if (start.restorePath) window.history.replaceState(null, '', start.restorePath);
  }
}
