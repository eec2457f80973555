export type UncaughtOrigin = 'uncaughtException' | 'unhandledRejection';

/**
 * Routes the process's uncaught exceptions and unhandled rejections: one thrown inside a job's run is the
 * job runtime's (`claim` answers true: that job fails and the process goes on,
 * docs/product/jobs.md#crashed-jobs); any other goes to `onUnclaimed`. Answers the function that removes
 * the guard.
 */
export function guardUncaughtErrors(handlers: {
  claim(error: unknown): boolean;
  onUnclaimed(error: unknown, origin: UncaughtOrigin): void;
}): () => void {
  const onException = (error: unknown) => {
    if (!handlers.claim(error)) handlers.onUnclaimed(error, 'uncaughtException');
  };
  const onRejection = (reason: unknown) => {
    if (!handlers.claim(reason)) handlers.onUnclaimed(reason, 'unhandledRejection');
  };
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
