/**
 * Turns many small calls into few large ones: calls that arrive within a few milliseconds of each other,
 * or while a batch is being written, go together in one. Under load, as when an upload stores thousands
 * of clips, one statement carries dozens of rows. On PGlite,
 * where every statement queues for the one connection, that is the difference between an upload bound
 * by the providers and one bound by the database.
 *
 * `handle` answers one result per item, in order. When a batch of several fails, each item is tried on
 * its own, so one bad item fails only its own caller.
 */
export function createBatcher<TItem, TResult>(
  handle: (items: TItem[]) => Promise<TResult[]>,
  options: { maxBatchSize?: number; windowMs?: number } = {},
) {
  const { maxBatchSize = 100, windowMs = 10 } = options;
  interface Waiting {
    item: TItem;
    resolve: (result: TResult) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let isRunning = false;

  const settle = async (batch: Waiting[]) => {
    try {
      const results = await handle(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results[index] as TResult));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const entry of batch) await settle([entry]);
    }
  };

  const drain = async () => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatchSize);
      waiting = waiting.slice(maxBatchSize);
      await settle(batch);
    }
    isRunning = false;
  };

  return (item: TItem): Promise<TResult> =>
    new Promise<TResult>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (isRunning) return;
      isRunning = true;
      // A few milliseconds later, so calls that come together (an upload's clips, finishing one after
      // another) share the batch; a click waits those milliseconds once.
      setTimeout(() => void drain(), windowMs);
    });
}
