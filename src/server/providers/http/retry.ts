import { ProviderError } from '../provider-error';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  /** A longer `retry-after` than this is not waited for: the call fails as unavailable instead. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 20_000 };

/**
 * A connection's policy: the default, with the first back-off a test may shorten (`retryBaseDelayMs`);
 * the tries and the longest `retry-after` waited for stay the default's.
 */
export const retryPolicyOf = (connection: { retryBaseDelayMs?: number | undefined }): RetryPolicy =>
  connection.retryBaseDelayMs === undefined
    ? DEFAULT_RETRY_POLICY
    : { ...DEFAULT_RETRY_POLICY, baseDelayMs: connection.retryBaseDelayMs };

/** `retry-after` as seconds or an HTTP date, in milliseconds; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `operation` again after a transient ProviderError (429, 5xx, dropped connection), waiting the
 * provider's `retry-after` when it gives one and doubling back-off with jitter otherwise.
 */
export async function withRetries<T>(
  operation: () => Promise<T>,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.isRetryable || attempt >= policy.attempts) throw error;
      const backOff = policy.baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
      const delay = error.retryAfterMs ?? backOff;
      if (delay > policy.maxDelayMs) throw error;
      await sleep(delay, signal);
    }
  }
}
