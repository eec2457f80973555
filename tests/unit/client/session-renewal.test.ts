import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/client/lib/api-client';
import {
  ACTIVITY_CHECK_MIN_INTERVAL_MS,
  createSessionCheck,
  PLAYER_SESSION_RENEWAL_INTERVAL_MS,
  SESSION_RENEWAL_INTERVAL_MS,
  startSessionRenewal,
  type SessionCheckResult,
} from '../../../src/client/lib/session-renewal';

/** A stand-in for window/document: records listeners so the test can fire events. */
class FakeEventTarget {
  visibilityState = 'visible';
  private readonly listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

describe('startSessionRenewal', () => {
  let window: FakeEventTarget;
  let document: FakeEventTarget;
  let result: SessionCheckResult;
  const checkSession = vi.fn(async () => result);
  const onExpired = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    window = new FakeEventTarget();
    document = new FakeEventTarget();
    result = 'valid';
    checkSession.mockClear();
    onExpired.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  const start = () =>
    startSessionRenewal({ checkSession, onExpired, activityTarget: window, visibilityTarget: document });

  it('checks every 20 minutes', async () => {
    const stop = start();
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_INTERVAL_MS - 1);
    expect(checkSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(checkSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_INTERVAL_MS);
    expect(checkSession).toHaveBeenCalledTimes(2);
    stop();
  });

  it('checks every 15 minutes in the audiobook player', async () => {
    expect(PLAYER_SESSION_RENEWAL_INTERVAL_MS).toBe(15 * 60 * 1000);
    const stop = startSessionRenewal({
      checkSession,
      onExpired,
      activityTarget: window,
      visibilityTarget: document,
      intervalMs: PLAYER_SESSION_RENEWAL_INTERVAL_MS,
    });
    await vi.advanceTimersByTimeAsync(PLAYER_SESSION_RENEWAL_INTERVAL_MS - 1);
    expect(checkSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(checkSession).toHaveBeenCalledTimes(1);
    stop();
  });

  it('checks on activity at most every 5 minutes', async () => {
    const stop = start();
    window.fire('pointerdown');
    expect(checkSession).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(ACTIVITY_CHECK_MIN_INTERVAL_MS);
    window.fire('keydown');
    window.fire('pointerdown');
    await vi.advanceTimersByTimeAsync(0);
    expect(checkSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ACTIVITY_CHECK_MIN_INTERVAL_MS - 1);
    window.fire('keydown');
    expect(checkSession).toHaveBeenCalledTimes(1);
    stop();
  });

  it('checks when the tab becomes visible, not when it is hidden', async () => {
    const stop = start();
    document.visibilityState = 'hidden';
    document.fire('visibilitychange');
    expect(checkSession).not.toHaveBeenCalled();
    document.visibilityState = 'visible';
    document.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(0);
    expect(checkSession).toHaveBeenCalledTimes(1);
    stop();
  });

  it('signs out once when the session is gone, then stops listening', async () => {
    start();
    result = 'expired';
    document.fire('visibilitychange');
    document.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(0);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(window.listenerCount() + document.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_INTERVAL_MS * 3);
    expect(checkSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the learner in place when the check cannot tell', async () => {
    const stop = start();
    result = 'unknown';
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_INTERVAL_MS);
    checkSession.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(SESSION_RENEWAL_INTERVAL_MS);
    expect(checkSession).toHaveBeenCalledTimes(2);
    expect(onExpired).not.toHaveBeenCalled();
    stop();
  });
});

describe('createSessionCheck', () => {
  const user = { id: 'u1' };

  it('asks status, then user', async () => {
    const calls: string[] = [];
    const check = createSessionCheck({
      fetchStatus: async () => (calls.push('status'), { isAuthenticated: true }),
      fetchUser: async () => (calls.push('user'), user),
    });
    await expect(check()).resolves.toBe('valid');
    expect(calls).toEqual(['status', 'user']);
  });

  it.each([
    ['signed out status', async () => ({ isAuthenticated: false }), async () => user, 'expired'],
    ['401 from user', async () => ({ isAuthenticated: true }), rejectWith(401), 'expired'],
    ['403 from status', rejectWith(403), async () => user, 'expired'],
    ['500 from status', rejectWith(500), async () => user, 'unknown'],
    ['network failure', () => Promise.reject(new TypeError('Failed to fetch')), async () => user, 'unknown'],
  ] as const)('%s → %s', async (_name, fetchStatus, fetchUser, expected) => {
    await expect(createSessionCheck({ fetchStatus, fetchUser })()).resolves.toBe(expected);
  });

  function rejectWith(status: number) {
    return () => Promise.reject(new HttpError(status, '', undefined));
  }
});
