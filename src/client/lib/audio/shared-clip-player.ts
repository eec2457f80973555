import { createBrowserClipPlayer } from './browser-clip-player';

/**
 * One audio element for every screen that plays (Learn, the audiobook player, the audio diagnostics): it
 * keeps the playback permission the learner's first press gave, the Media Session follows it with the
 * screen off, and visits do not leave elements behind for the navigation bar's stop-all to pause.
 */
let shared: ReturnType<typeof createBrowserClipPlayer> | undefined;
export const sharedClipPlayer = () => (shared ??= createBrowserClipPlayer());
