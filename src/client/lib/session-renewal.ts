import type { AuthStatus } from '../../shared/api/auth';
import { HttpError } from './api-client';

/** Regular renewal (docs/product/auth.md#session-renewal). */
export const SESSION_RENEWAL_INTERVAL_MS = 20 * 60 * 1000;
/** The audiobook player renews more often (docs/product/audiobooks.md#playback). */
export const PLAYER_SESSION_RENEWAL_INTERVAL_MS = 15 * 60 * 1000;
/** Activity re-checks the session at most this often, so typing does not flood the server. */
export const ACTIVITY_CHECK_MIN_INTERVAL_MS = 5 * 60 * 1000;
/** The spec names a 5-minute warning threshold that the product never used; kept only to document it. */
export const SESSION_WARNING_THRESHOLD_MS = 5 * 60 * 1000;
export const ACTIVITY_EVENTS = ['pointerdown', 'keydown'] as const;

/** 'unknown' (network failure, server error) keeps the learner in place: only a clear answer signs them out. */
export type SessionCheckResult = 'valid' | 'expired' | 'unknown';

export interface ListenerTarget {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
}

export interface VisibilityTarget extends ListenerTarget {
  readonly visibilityState: string;
}

export interface SessionTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface SessionRenewalOptions {
  checkSession: () => Promise<SessionCheckResult>;
  /** Called once, the first time a check finds the session gone; renewal stops afterwards. */
  onExpired: () => void;
  /** Where pointer and key activity is heard (window in the browser). */
  activityTarget: ListenerTarget;
  /** Where visibility changes are heard (document in the browser). */
  visibilityTarget: VisibilityTarget;
  now?: () => number;
  timers?: SessionTimers;
  /** How often the session is renewed without activity; 20 minutes unless a screen asks otherwise. */
  intervalMs?: number;
}

const globalTimers: SessionTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/**
 * Keeps the server session alive and notices when it is gone: every 20 minutes (15 in the audiobook
 * player), on activity at most
 * every 5 minutes, and whenever the tab becomes visible again. Returns a function that stops it.
 */
export function startSessionRenewal(options: SessionRenewalOptions): () => void {
  const { checkSession, onExpired, activityTarget, visibilityTarget } = options;
  const now = options.now ?? Date.now;
  const timers = options.timers ?? globalTimers;

  // The app checked the session while starting, so the first activity check waits a full window.
  let lastCheckAt = now();
  let isRunning = true;
  let isChecking = false;

  const stop = () => {
    if (!isRunning) return;
    isRunning = false;
    timers.clearInterval(intervalHandle);
    for (const type of ACTIVITY_EVENTS) activityTarget.removeEventListener(type, onActivity);
    visibilityTarget.removeEventListener('visibilitychange', onVisibilityChange);
  };

  const runCheck = async () => {
    // One check at a time: a tab coming back while the timer fires must not sign out twice.
    if (!isRunning || isChecking) return;
    isChecking = true;
    lastCheckAt = now();
    let result: SessionCheckResult;
    try {
      result = await checkSession();
    } catch {
      result = 'unknown';
    } finally {
      isChecking = false;
    }
    // stop() may have run while the check was awaited; TypeScript cannot see that.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
    if (result === 'expired' && isRunning) {
      stop();
      onExpired();
    }
  };

  function onActivity() {
    if (now() - lastCheckAt >= ACTIVITY_CHECK_MIN_INTERVAL_MS) void runCheck();
  }

  function onVisibilityChange() {
    if (visibilityTarget.visibilityState === 'visible') void runCheck();
  }

  const intervalHandle = timers.setInterval(
    () => void runCheck(),
    options.intervalMs ?? SESSION_RENEWAL_INTERVAL_MS,
  );
  for (const type of ACTIVITY_EVENTS) activityTarget.addEventListener(type, onActivity, { passive: true });
  visibilityTarget.addEventListener('visibilitychange', onVisibilityChange);

  return stop;
}

export interface SessionCheckCalls {
  fetchStatus: () => Promise<AuthStatus>;
  fetchUser: () => Promise<unknown>;
}

function isAuthRejection(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.status === 403);
}

/**
 * The spec's renewal sequence: GET /api/auth/status, then GET /api/auth/user
 * (docs/product/auth.md#session-renewal).
 */
export function createSessionCheck(calls: SessionCheckCalls): () => Promise<SessionCheckResult> {
  return async () => {
    try {
      const status = await calls.fetchStatus();
      if (!status.isAuthenticated) return 'expired';
      await calls.fetchUser();
      return 'valid';
    } catch (error) {
      return isAuthRejection(error) ? 'expired' : 'unknown';
    }
  };
}
