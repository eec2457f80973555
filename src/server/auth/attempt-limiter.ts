import { createHash } from 'node:crypto';
import { type CallLimitName, RATE_LIMITS, type RateLimit, type SignInLimitName } from '../http/rate-limits';
import type { AttemptCountsRepository } from './attempt-counts.repository';

/**
 * Counts attempts per key (an address, an account, an account and client) in a fixed window, in this
 * process's memory: the limits whose scope is `instance` (`createAttemptLimits` below).
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

/** A limit as every caller uses it, whether its counts are shared or this instance's own. */
export interface AttemptLimit {
  isBlocked(key: string): Promise<boolean>;
  record(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

/**
 * The limits of the one table (http/rate-limits.ts), each counted where its scope says: `shared` ones in
 * the database every instance reads (`attempt_counts`, keyed by a hash of the limit's name and the key),
 * `instance` ones in this process's memory. One limit object per name, made on first use.
 */
export function createAttemptLimits(deps: { counts: AttemptCountsRepository; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const made = new Map<string, AttemptLimit>();

  const shared = (name: string, limit: RateLimit): AttemptLimit => {
    const keyOf = (key: string) => createHash('sha256').update(`${name}\n${key}`).digest('base64url');
    return {
      isBlocked: async (key) => (await deps.counts.countOf(keyOf(key), now())) >= limit.max,
      record: (key) => deps.counts.hit(keyOf(key), limit.windowMs, now()),
      reset: (key) => deps.counts.clear(keyOf(key)),
    };
  };
  const ownMemory = (limit: RateLimit): AttemptLimit => {
    const limiter = createAttemptLimiter({ ...limit, now: () => now().getTime() });
    return {
      isBlocked: (key) => Promise.resolve(limiter.isBlocked(key)),
      record: (key) => Promise.resolve(limiter.record(key)),
      reset: (key) => Promise.resolve(void limiter.reset(key)),
    };
  };
  const limitOf = (name: string, limit: RateLimit) => {
    let found = made.get(name);
    if (!found) {
      found = limit.scope === 'shared' ? shared(name, limit) : ownMemory(limit);
      made.set(name, found);
    }
    return found;
  };

  return {
    signIn: (name: SignInLimitName) => limitOf(`signIn.${name}`, RATE_LIMITS.signIn[name]),
    call: (name: CallLimitName) => limitOf(`calls.${name}`, RATE_LIMITS.calls[name]),
    /** Ended windows are forgotten (the hourly purge). */
    purgeEnded: () => deps.counts.purgeEnded(now()),
  };
}
export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
