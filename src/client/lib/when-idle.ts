/** Safari has no idle callback: there the task waits this long instead. */
const FALLBACK_DELAY_MS = 300;

/**
 * Runs `task` once the main thread is idle, and at the latest after `timeoutMs`; returns a cancel function
 * (an effect's cleanup).
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(id);
}
