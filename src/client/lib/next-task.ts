/** The part of the Prioritized Task Scheduling API this uses (Chromium 129+; not yet in TypeScript's DOM types). */
export interface TaskScheduler {
  yield?: () => Promise<void>;
}

/**
 * Settles in a task of its own, after the current task has ended: a long piece of work split at its awaits runs
 * as several short tasks, between which the browser can paint and answer the learner
 * (docs/product/overview.md#serving-the-client). `scheduler.yield()` where the browser has it, as its
 * continuation runs ahead of other queued tasks; otherwise a message to a channel of its own, which, unlike a
 * timer, a background tab does not hold back.
 */
export function nextTask(
  scheduler: TaskScheduler | undefined = (globalThis as { scheduler?: TaskScheduler }).scheduler,
): Promise<void> {
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
