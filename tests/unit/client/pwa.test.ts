import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../../src/client/lib/local-storage';
import {
  DOUBLE_TAP_BLOCK_MS,
  forgetPwaSession,
  installDoubleTapBlock,
  iosPortraitTurn,
  isDoubleTap,
  isIosDevice,
  isPwaSessionPreserved,
  isStandaloneDisplay,
  PWA_SESSION_MAX_AGE_MS,
  PWA_SESSION_REFRESH_MS,
  pwaStartState,
  rememberLastScreen,
  startPwaSessionStamp,
} from '../../../src/client/lib/pwa';

/** docs/product/overview.md#installing-the-app */
function memoryStorage(): KeyValueStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

describe('standalone display', () => {
  const host = (isStandaloneQuery: boolean, standalone?: boolean) => ({
    matchMedia: (query: string) => ({ matches: isStandaloneQuery && query === '(display-mode: standalone)' }),
    navigator: { userAgent: 'Mozilla/5.0 (Linux; Android 14)', standalone },
  });

  it('is the manifest display mode or iOS’s own flag', () => {
    expect(isStandaloneDisplay(host(true))).toBe(true);
    expect(isStandaloneDisplay(host(false, true))).toBe(true);
    expect(isStandaloneDisplay(host(false))).toBe(false);
  });

  it('recognises iPhones and iPads, including the iPad that calls itself a Mac', () => {
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(
      isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 5 }),
    ).toBe(true);
    expect(
      isIosDevice({ userAgent: 'Mozilla/5.0 (Macintosh)', platform: 'MacIntel', maxTouchPoints: 0 }),
    ).toBe(false);
    expect(isIosDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' })).toBe(false);
  });

  it('turns the page against a sideways iPhone', () => {
    expect(iosPortraitTurn(0)).toBeNull();
    expect(iosPortraitTurn(180)).toBeNull();
    expect(iosPortraitTurn(90)).toBe('left');
    expect(iosPortraitTurn(-90)).toBe('right');
    expect(iosPortraitTurn(270)).toBe('right');
  });
});

describe('double-tap block', () => {
  it('blocks a second tap under 300 ms after the previous one', () => {
    expect(isDoubleTap(null, 1000)).toBe(false);
    expect(isDoubleTap(1000, 1000 + DOUBLE_TAP_BLOCK_MS - 1)).toBe(true);
    expect(isDoubleTap(1000, 1000 + DOUBLE_TAP_BLOCK_MS)).toBe(false);
    expect(isDoubleTap(1000, 900)).toBe(false);
  });

  it('prevents the default of the second touchend only', () => {
    const target = new EventTarget();
    let clock = 0;
    const stop = installDoubleTapBlock(target, () => clock);
    const tap = (at: number) => {
      clock = at;
      const event = new Event('touchend', { cancelable: true });
      target.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect([tap(0), tap(120), tap(500), tap(900)]).toEqual([false, true, false, false]);
    // Three quick taps: each after the first is a second tap of its pair.
    expect([tap(2000), tap(2100), tap(2200)]).toEqual([false, true, true]);
    stop();
    expect([tap(3000), tap(3050)]).toEqual([false, false]);
  });
});

describe('session timestamp', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-01T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('is stamped at once and refreshed every 30 minutes until stopped', () => {
    const storage = memoryStorage();
    const stop = startPwaSessionStamp({ storage });
    const start = Date.now();
    expect(storage.getItem('pwaSessionAt')).toBe(String(start));
    vi.advanceTimersByTime(PWA_SESSION_REFRESH_MS - 1);
    expect(storage.getItem('pwaSessionAt')).toBe(String(start));
    vi.advanceTimersByTime(1);
    expect(storage.getItem('pwaSessionAt')).toBe(String(start + 30 * MINUTE));
    vi.advanceTimersByTime(2 * PWA_SESSION_REFRESH_MS);
    expect(storage.getItem('pwaSessionAt')).toBe(String(start + 90 * MINUTE));
    stop();
    vi.advanceTimersByTime(5 * PWA_SESSION_REFRESH_MS);
    expect(storage.getItem('pwaSessionAt')).toBe(String(start + 90 * MINUTE));
  });

  it('counts as preserved under 24 hours, not at 24 hours or with a stamp from the future', () => {
    const storage = memoryStorage();
    startPwaSessionStamp({ storage })();
    const stamp = storage.getItem('pwaSessionAt');
    vi.advanceTimersByTime(PWA_SESSION_MAX_AGE_MS - 1);
    expect(isPwaSessionPreserved(stamp, Date.now())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isPwaSessionPreserved(stamp, Date.now())).toBe(false);
    expect(isPwaSessionPreserved(String(Date.now() + HOUR), Date.now())).toBe(false);
    expect(isPwaSessionPreserved('not a time', Date.now())).toBe(false);
    expect(isPwaSessionPreserved(null, Date.now())).toBe(false);
  });

  it('reopens at the last screen within 24 hours, and waits for the check after that or a sign-out', () => {
    const storage = memoryStorage();
    startPwaSessionStamp({ storage })();
    rememberLastScreen('/dictionary?tab=hidden', storage);
    vi.advanceTimersByTime(23 * HOUR);
    expect(pwaStartState('/', { storage, now: Date.now() })).toEqual({
      preserved: true,
      restorePath: '/dictionary?tab=hidden',
    });
    // Opened at another address (a link): that address wins.
    expect(pwaStartState('/learn', { storage, now: Date.now() })).toEqual({
      preserved: true,
      restorePath: null,
    });
    vi.advanceTimersByTime(HOUR);
    expect(pwaStartState('/', { storage, now: Date.now() })).toEqual({ preserved: false, restorePath: null });

    startPwaSessionStamp({ storage })();
    forgetPwaSession(storage);
    expect(storage.values.size).toBe(0);
    expect(pwaStartState('/', { storage, now: Date.now() })).toEqual({ preserved: false, restorePath: null });
  });

  it('never restores an address outside the app', () => {
    const storage = memoryStorage();
    startPwaSessionStamp({ storage })();
    rememberLastScreen('//evil.example/', storage);
    expect(pwaStartState('/', { storage, now: Date.now() }).restorePath).toBeNull();
  });
});
