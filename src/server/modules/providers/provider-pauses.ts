import { isProviderError } from '../../providers/provider-error';

/** How long a provider that failed a learner is passed over by the work that can fall back. */
export const PROVIDER_PAUSE_MS = 5 * 60 * 1000;

/** The providers one piece of work passes over: read before a call, told of a failure after one. */
export interface PausedProviders {
  has(provider: string): boolean;
  add(provider: string): void;
}

/**
 * Providers that failed a learner lately (docs/product/providers.md#fallback). The work that can fall back
 * to a built-in provider (Learn's on-demand clips, the built-in clips job) passes over them for a while
 * instead of waiting for each call to fail again: after an upload whose provider stopped answering, the
 * first card Learn opens is spoken by the built-in voice at once. Kept in this process only; another
 * instance learns it from its own first failure.
 */
export function createProviderPauses(now: () => Date = () => new Date()) {
  /** Per learner: provider → paused until (ms). */
  const paused = new Map<string, Map<string, number>>();

  const isPaused = (userId: string, provider: string) => {
    const until = paused.get(userId)?.get(provider);
    if (until === undefined) return false;
    if (until > now().getTime()) return true;
    paused.get(userId)?.delete(provider);
    if (paused.get(userId)?.size === 0) paused.delete(userId);
    return false;
  };

  const pause = (userId: string, provider: string) => {
    if (provider === 'builtin') return;
    const providers = paused.get(userId) ?? new Map<string, number>();
    providers.set(provider, now().getTime() + PROVIDER_PAUSE_MS);
    paused.set(userId, providers);
  };

  return {
    isPaused,
    pause,
    /** The learner changed this provider's key or endpoint: the next call tries it again at once. */
    resume(userId: string, provider: string) {
      paused.get(userId)?.delete(provider);
      if (paused.get(userId)?.size === 0) paused.delete(userId);
    },
    /**
     * Takes note of a failure: a provider error other than a refusal of that one request (an unknown
     * voice, a text too long) pauses its provider.
     */
    noteFailure(userId: string, error: unknown) {
      if (isProviderError(error) && error.code !== 'provider_rejected') pause(userId, error.provider);
    },
    /** This learner's paused providers, as the card-audio step reads and extends them. */
    of: (userId: string): PausedProviders => ({
      has: (provider) => isPaused(userId, provider),
      add: (provider) => pause(userId, provider),
    }),
  };
}
export type ProviderPauses = ReturnType<typeof createProviderPauses>;
