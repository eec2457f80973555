/**
 * At most `limit` tasks at once; the rest wait in order. Shared by everything that calls one provider,
 * so a long upload and a click in the dictionary together still stay inside the provider's limits.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
export type Limiter = ReturnType<typeof createLimiter>;

/** Runs every task at once: for a single call that needs no bound. */
export const unbounded: Limiter = (task) => task();
