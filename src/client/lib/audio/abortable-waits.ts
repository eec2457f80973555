/**
 * The engine's waits (docs/product/learn.md#timing), each ended at once by an abort signal, so no timer or
 * listener outlives a stopped playback.
 */

/** How a voice ended under its limit. */
export type Outcome =
  { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' } | { kind: 'aborted' };

export type Settled<T> =
  { kind: 'value'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'aborted' };

/** Read through a call: an await can abort the signal, which TypeScript's narrowing does not see. */
export const isAborted = (signal: AbortSignal) => signal.aborted;

/** Resolves after `ms`, or at once when the signal aborts; its timer never outlives the abort. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** How the promise ended, or `aborted` as soon as the signal aborts (the promise's own end is then ignored). */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  return new Promise((resolve) => {
    const onAbort = () => resolve({ kind: 'aborted' });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'failed', error });
      },
    );
  });
}

/**
 * Runs one voice (a clip or the speech fallback) under the per-voice limit. The task gets its own
 * signal, aborted when the limit passes or the card stops, and may move the deadline once it knows
 * how long it will take.
 */
export function limited(
  timeoutMs: number,
  signal: AbortSignal,
  task: (voiceSignal: AbortSignal, setDeadline: (ms: number) => void) => Promise<void>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (outcome.kind === 'timeout' || outcome.kind === 'aborted') controller.abort();
      resolve(outcome);
    };
    const onAbort = () => settle({ kind: 'aborted' });
    const setDeadline = (ms: number) => {
      if (settled) return;
      clearTimeout(timer);
      timer = setTimeout(() => settle({ kind: 'timeout' }), ms);
    };
    if (signal.aborted) {
      settle({ kind: 'aborted' });
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    setDeadline(timeoutMs);
    try {
      task(controller.signal, setDeadline).then(
        () => settle({ kind: 'done' }),
        (error: unknown) => settle({ kind: 'failed', error }),
      );
    } catch (error) {
      settle({ kind: 'failed', error });
    }
  });
}
