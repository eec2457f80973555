import { readStorage, removeStorage, writeStorage, type KeyValueStorage } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The installed app (docs/product/overview.md#installing-the-app): rules that apply only when Palabra runs
 * from a home screen, in its own window without browser controls.
 */

/** A second tap this soon after the last one is blocked in the installed app. */
export const DOUBLE_TAP_BLOCK_MS = 300;
/** While signed in, the installed app stamps the time this often… */
export const PWA_SESSION_REFRESH_MS = 30 * 60 * 1000;
/** …and a stamp younger than this counts as a session still there when the app is opened again. */
export const PWA_SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface DisplayHost {
  matchMedia(query: string): { matches: boolean };
  navigator: { standalone?: boolean; userAgent: string; platform?: string; maxTouchPoints?: number };
}

/** Opened from the home screen: the manifest's standalone display, or iOS's own flag for it. */
export function isStandaloneDisplay(host: DisplayHost): boolean {
  return host.matchMedia('(display-mode: standalone)').matches || host.navigator.standalone === true;
}

/** iPhone, iPad (which calls itself a Mac with a touch screen) and iPod. */
export function isIosDevice(navigator: DisplayHost['navigator']): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && (navigator.maxTouchPoints ?? 0) > 1)
  );
}

/** The pure rule: is a tap at `now` the second of a double tap? (times in ms, same clock) */
export function isDoubleTap(previousTapAt: number | null, now: number): boolean {
  return previousTapAt !== null && now >= previousTapAt && now - previousTapAt < DOUBLE_TAP_BLOCK_MS;
}

interface TouchTarget {
  addEventListener(
    type: 'touchend',
    listener: (event: Event) => void,
    options: AddEventListenerOptions,
  ): void;
  removeEventListener(
    type: 'touchend',
    listener: (event: Event) => void,
    options: EventListenerOptions,
  ): void;
}

/**
 * Blocks the second tap of a double tap: its default (the zoom, the synthesized click) is prevented, so a
 * quick second tap neither zooms the installed app nor presses a button twice. Returns the way to stop.
 */
export function installDoubleTapBlock(target: TouchTarget, now: () => number = () => performance.now()) {
  let lastTapAt: number | null = null;
  const onTouchEnd = (event: Event) => {
    const at = now();
    if (isDoubleTap(lastTapAt, at) && event.cancelable) event.preventDefault();
    lastTapAt = at;
  };
  // Not passive: a passive listener may not prevent the default.
  target.addEventListener('touchend', onTouchEnd, { capture: true, passive: false });
  return () => target.removeEventListener('touchend', onTouchEnd, { capture: true });
}

/** Whether a stamp (ms since the epoch, as stored) is under 24 hours old at `now`. */
export function isPwaSessionPreserved(stamp: string | null, now: number): boolean {
  if (stamp === null) return false;
  const at = Number(stamp);
  return Number.isFinite(at) && at <= now && now - at < PWA_SESSION_MAX_AGE_MS;
}

export interface StampTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const globalTimers: StampTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/** Stamps the time now and every 30 minutes while the learner is signed in; returns the way to stop. */
export function startPwaSessionStamp(
  options: { storage?: KeyValueStorage | undefined; now?: () => number; timers?: StampTimers } = {},
): () => void {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? globalTimers;
  const stamp = () => writeStorage(STORAGE_KEYS.pwaSessionAt, String(now()), options.storage);
  stamp();
  const handle = timers.setInterval(stamp, PWA_SESSION_REFRESH_MS);
  return () => timers.clearInterval(handle);
}

/** Signed out (or found signed out): the next opening waits for the session check again. */
export function forgetPwaSession(storage?: KeyValueStorage): void {
  removeStorage(STORAGE_KEYS.pwaSessionAt, storage);
  removeStorage(STORAGE_KEYS.pwaLastScreen, storage);
}

export function rememberLastScreen(path: string, storage?: KeyValueStorage): void {
  writeStorage(STORAGE_KEYS.pwaLastScreen, path, storage);
}

/**
 * What the installed app opens with: with a session stamp under 24 hours old, the screen the learner left
 * (the home screen always opens the start page, `/`), shown at once while the session check runs. Returns
 * `preserved: false` when the app must wait for the check as a browser tab does.
 */
export function pwaStartState(
  currentPath: string,
  options: { storage?: KeyValueStorage | undefined; now: number },
): { preserved: boolean; restorePath: string | null } {
  if (!isPwaSessionPreserved(readStorage(STORAGE_KEYS.pwaSessionAt, options.storage), options.now)) {
    return { preserved: false, restorePath: null };
  }
  const last = readStorage(STORAGE_KEYS.pwaLastScreen, options.storage);
  const isRestorable =
    last !== null && last.startsWith('/') && !last.startsWith('//') && last !== currentPath;
  return { preserved: true, restorePath: currentPath === '/' && isRestorable ? last : null };
}

/**
 * Which way an upright page must turn on a landscape iOS home-screen app: iOS ignores the manifest's
 * portrait orientation, so the page turns itself against the device. `angle` is the screen's rotation
 * (90: turned anticlockwise, -90 or 270: clockwise).
 */
export function iosPortraitTurn(angle: number): 'left' | 'right' | null {
  const normalised = ((angle % 360) + 360) % 360;
  if (normalised === 90) return 'left';
  if (normalised === 270) return 'right';
  return null;
}

interface OrientationHost {
  screen: { orientation?: { angle: number; lock?: (orientation: 'portrait') => Promise<void> } };
  orientation?: number;
  addEventListener(type: 'orientationchange' | 'resize', listener: () => void): void;
}

/**
 * Keeps the installed app upright (docs/product/overview.md#installing-the-app): where the browser can lock
 * the orientation it is asked to; on iOS, where nothing can, `data-ios-turn` on the root lets the style
 * sheet turn the page back.
 */
export function keepPortrait(host: OrientationHost, root: HTMLElement, isIos: boolean): void {
  host.screen.orientation?.lock?.('portrait').catch(() => {
    // Most browsers refuse a lock outside full screen; the manifest's orientation covers them.
  });
  if (!isIos) return;
  const apply = () => {
    const angle = host.screen.orientation?.angle ?? host.orientation ?? 0;
    const turn = iosPortraitTurn(angle);
    if (turn) root.dataset.iosTurn = turn;
    else delete root.dataset.iosTurn;
  };
  apply();
  host.addEventListener('orientationchange', apply);
  host.addEventListener('resize', apply);
}
