/**
 * Counts attempts per key (an address, an account, an account and client) in a fixed window; the sign-in
 * limits (sign-in-limits.ts) and the per-learner call limit are made of these. In memory: each instance
 * counts its own.
 */
export function createAttemptLimiter(options: { max: number; windowMs: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt > now()) return window;
    if (window) windows.delete(key);
    return undefined;
  };

  return {
    isBlocked: (key: string) => (current(key)?.count ?? 0) >= options.max,
    record(key: string) {
      const window = current(key);
      if (window) window.count += 1;
      else windows.set(key, { count: 1, resetAt: now() + options.windowMs });
      // Expired windows would otherwise pile up under a long-running guessing campaign.
      if (windows.size > 10_000) for (const staleKey of windows.keys()) current(staleKey);
    },
    reset: (key: string) => windows.delete(key),
  };
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;
