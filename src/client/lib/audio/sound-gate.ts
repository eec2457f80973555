import type { Outcome } from './abortable-waits';
import type { PlayerStore } from './player-store';

/**
 * The wait, at a voice the browser refused to start, for the learner's tap
 * (docs/product/learn.md#sound-blocked). The snapshot says `soundBlocked` meanwhile.
 */
export function createSoundGate(store: PlayerStore) {
  /** The voice the browser refused to start, waiting for the learner's tap. */
  let blocked: { resume: () => void } | null = null;
  return {
    /**
     * Waits for the tap. The tap calls `restart` synchronously, inside its own event, so the browser lets
     * the clip sound; the attempt it started is handed back (wrapped: a promise resolved with a promise would
     * adopt it). Null when the card stops meanwhile.
     */
    untilSoundAllowed: (
      signal: AbortSignal,
      restart: () => Promise<Outcome>,
    ): Promise<{ attempt: Promise<Outcome> } | null> =>
      new Promise((resolve) => {
        if (signal.aborted) {
          resolve(null);
          return;
        }
        const entry = {
          resume: () => {
            signal.removeEventListener('abort', onAbort);
            resolve({ attempt: restart() });
          },
        };
        const onAbort = () => {
          if (blocked === entry) {
            blocked = null;
            store.update({ soundBlocked: false });
          }
          resolve(null);
        };
        blocked = entry;
        signal.addEventListener('abort', onAbort, { once: true });
        // Waiting for the learner's tap is not a start in progress: the play-all button stops it again.
        store.update({ soundBlocked: true, isStarting: false });
      }),
    /** The learner's tap: the refused voice starts again, inside it. */
    resume: () => {
      const entry = blocked;
      if (!entry) return;
      blocked = null;
      store.update({ soundBlocked: false });
      entry.resume();
    },
  };
}
export type SoundGate = ReturnType<typeof createSoundGate>;
