import type { DictionaryJobResults } from '../../shared/api/dictionary';
import type { JobContext } from '../modules/jobs/jobs.service';
import { failureMessageOf } from '../modules/uploads/word-enrichment';
import { describeProviderError, ProviderError } from '../providers/provider-error';

/** Enough to show the learner what went wrong without growing the job row with a whole dictionary. */
const MAX_REPORTED_ERRORS = 100;

interface WordRef {
  id: number;
  spanish: string;
}

/**
 * The bookkeeping every dictionary job shares: counts, per-word errors, progress over `/ws`, and when to
 * stop (cancelled, server shutting down, or a provider failure that no further word would survive).
 */
export function createDictionaryJobProgress(context: JobContext<unknown>, total: number, stage: string) {
  const results: DictionaryJobResults = { processed: 0, changed: 0, failed: 0, errors: [] };
  /** A wrong key or an empty account: every next word would fail the same way. */
  let fatal: ProviderError | undefined;
  let isStopped = false;

  const report = (currentWord: string | null) =>
    context.reportProgress({
      total,
      processed: results.processed,
      failed: results.failed,
      stage,
      currentWord,
    });

  return {
    results,
    report,

    succeed: async (word: WordRef, isChanged: boolean) => {
      results.processed += 1;
      if (isChanged) results.changed += 1;
      await report(word.spanish);
    },

    fail: async (word: WordRef, error: unknown) => {
      results.failed += 1;
      if (results.errors.length < MAX_REPORTED_ERRORS) {
        results.errors.push({ wordId: word.id, spanish: word.spanish, message: failureMessageOf(error) });
      }
      if (
        error instanceof ProviderError &&
        (error.code === 'provider_invalid_key' || error.code === 'provider_quota_exhausted')
      ) {
        fatal ??= error;
      }
      await report(word.spanish);
    },

    shouldStop: async (): Promise<boolean> => {
      if (isStopped || fatal !== undefined || context.isInterrupted()) return true;
      isStopped = await context.isCancelled();
      return isStopped;
    },

    /** The results, or the fatal provider failure in the learner's words (the job then ends 'failed'). */
    finish: (): DictionaryJobResults => {
      if (fatal) throw new Error(describeProviderError(fatal).message);
      return results;
    },
  };
}

/** Runs `task` over the items, `concurrency` at a time, until they run out or the job should stop. */
export async function forEachInPool<T>(
  items: readonly T[],
  concurrency: number,
  shouldStop: () => Promise<boolean>,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      if (await shouldStop()) return;
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
