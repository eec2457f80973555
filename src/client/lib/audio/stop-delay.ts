import { untilAborted } from './abortable-waits';

/** docs/product/learn.md#timing: the silence after a cut before the next voice may start. */
export const STOP_DELAY_MS = 100;

/**
 * The 100 ms stop delay. Cutting a card that was loading or sounding (stop(), a card switch with
 * audioSwitchBehavior 'stop', playing another card, hiding the sounding word) aborts it and stops
 * the clip at once, and the snapshot goes idle at once; what waits is the next voice: any card that
 * starts within 100 ms of the cut loads its clips meanwhile but starts its first voice only when the
 * 100 ms have passed, so the tail of the cut clip never overlaps it.
 */
export function createStopDelay() {
  let quiet: { timer: ReturnType<typeof setTimeout>; done: Promise<void>; release: () => void } | null = null;
  return {
    /** A cut happened: the next voice waits 100 ms from now. */
    start: () => {
      quiet?.release();
      let release: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      const entry = {
        timer: setTimeout(() => {
          if (quiet === entry) quiet = null;
          release();
        }, STOP_DELAY_MS),
        done,
        release: () => {
          clearTimeout(entry.timer);
          release();
        },
      };
      quiet = entry;
    },
    /** Resolves when the delay is over, at once without one, or when the signal aborts. */
    wait: async (signal: AbortSignal) => {
      if (quiet) await untilAborted(quiet.done, signal);
    },
    /** Ends the delay now (the engine is disposed). */
    release: () => {
      quiet?.release();
      quiet = null;
    },
  };
}
export type StopDelay = ReturnType<typeof createStopDelay>;
