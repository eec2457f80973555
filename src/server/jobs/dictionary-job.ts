import { z } from 'zod';
import { type DictionaryJobResults, dictionaryJobResultsSchema } from '../../shared/api/dictionary';
import { jobData } from './job-data';
import { codeOfLegacySentence, failureOf, isFatalFailure } from '../http/job-failure';
import type { JobContext, JobDefinition, JobPlan } from './job-runtime';

/**
 * What the five dictionary jobs share (docs/product/jobs.md#kinds): their stored data, and the
 * tally of a run — counts, per-word errors as codes, progress with the checkpoint, and the fatal stop.
 */

/** Enough to show the learner what went wrong without growing the job row with a whole dictionary. */
const MAX_REPORTED_ERRORS = 100;

/** Version 1 (before errors were codes): each error carried a Russian sentence. */
const resultsV1Schema = z.object({
  processed: z.number().int(),
  changed: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ wordId: z.number().int(), spanish: z.string(), message: z.string() })),
});

const resultsFromV1 = (old: z.infer<typeof resultsV1Schema>): DictionaryJobResults => ({
  ...old,
  errors: old.errors.map(({ wordId, spanish, message }) => ({
    wordId,
    spanish,
    ...codeOfLegacySentence(message),
  })),
});

/** The checkpoint: the results so far and the words already done, so a restart does not redo them. */
const checkpointSchema = dictionaryJobResultsSchema.extend({ doneWordIds: z.array(z.number().int()) });
export type DictionaryJobCheckpoint = z.infer<typeof checkpointSchema>;

export const dictionaryJobData = {
  results: jobData('dictionary job results', resultsV1Schema).next(dictionaryJobResultsSchema, resultsFromV1),
  checkpoint: jobData('dictionary job checkpoint', resultsV1Schema).next(checkpointSchema, (old) => ({
    ...resultsFromV1(old),
    doneWordIds: [],
  })),
};

export type DictionaryJobDefinition<TInput extends object, TUnit> = JobDefinition<
  TInput,
  DictionaryJobCheckpoint,
  DictionaryJobResults,
  TUnit
>;

interface WordRef {
  id: number;
  spanish: string;
}

/** The bookkeeping of one run of a dictionary job, picked up from its checkpoint. */
export function createDictionaryTally(
  context: Pick<JobContext<unknown, DictionaryJobCheckpoint>, 'reportProgress' | 'stopWith'>,
  options: { total: number; stage: string; checkpoint: DictionaryJobCheckpoint | null },
) {
  const { doneWordIds, ...results }: DictionaryJobCheckpoint = options.checkpoint ?? {
    processed: 0,
    changed: 0,
    failed: 0,
    errors: [],
    doneWordIds: [],
  };
  const done = new Set(doneWordIds);
  /** This run's words, plus those an earlier run did that no longer show in the list (they got a picture). */
  let total = options.total;

  const report = (currentWord: string | null) =>
    context.reportProgress(
      {
        total,
        processed: results.processed,
        failed: results.failed,
        stage: options.stage,
        currentWord,
      },
      () => ({ ...results, errors: [...results.errors], doneWordIds: [...done] }),
    );

  return {
    results,
    report,
    /** The words an earlier run of this job has not done yet. */
    remaining: <T extends WordRef>(words: readonly T[]) => {
      const listed = new Set(words.map((word) => word.id));
      total = options.total + [...done].filter((id) => !listed.has(id)).length;
      return words.filter((word) => !done.has(word.id));
    },

    succeed: async (word: WordRef, isChanged: boolean) => {
      results.processed += 1;
      if (isChanged) results.changed += 1;
      done.add(word.id);
      await report(word.spanish);
    },

    /** Records the word's failure; a fatal one (a refused key) also stops the job with it. */
    fail: async (word: WordRef, error: unknown) => {
      const failure = failureOf(error);
      results.failed += 1;
      done.add(word.id);
      if (results.errors.length < MAX_REPORTED_ERRORS) {
        results.errors.push({ wordId: word.id, spanish: word.spanish, ...failure });
      }
      if (isFatalFailure(failure)) context.stopWith(error);
      await report(word.spanish);
    },

    /**
     * Lists a failure the word got past (a built-in picture drew it instead): shown with the errors,
     * not counted as failed.
     */
    note: (word: WordRef, error: unknown) => {
      if (results.errors.length < MAX_REPORTED_ERRORS) {
        results.errors.push({ wordId: word.id, spanish: word.spanish, ...failureOf(error) });
      }
    },

    /** Counts units that are not words (links, picture references). */
    count: (processed: number) => {
      results.processed += processed;
    },
  };
}

export type DictionaryTally = ReturnType<typeof createDictionaryTally>;

/**
 * The plan of a dictionary job over a list of words, which every such job shares: the tally picked up
 * from the checkpoint, the words an earlier run did left out, the first progress reported before any unit,
 * and the last one with the results at the finish (a cancelled run keeps what it did). The job gives its
 * words, how they make units (one each, or chunks for one language-model request) and the step of a unit.
 */
export async function planDictionaryJob<TWord extends WordRef, TUnit>(
  context: Pick<JobContext<unknown, DictionaryJobCheckpoint>, 'reportProgress' | 'stopWith' | 'checkpoint'>,
  options: {
    words: readonly TWord[];
    stage: string;
    unitsAtOnce: number;
    unitsOf: (remaining: TWord[]) => TUnit[];
    stepOf: (tally: DictionaryTally) => (unit: TUnit) => Promise<void>;
  },
): Promise<JobPlan<TUnit, DictionaryJobResults>> {
  const tally = createDictionaryTally(context, {
    total: options.words.length,
    stage: options.stage,
    checkpoint: context.checkpoint,
  });
  const remaining = tally.remaining(options.words);
  await tally.report(null);
  return {
    units: options.unitsOf(remaining),
    unitsAtOnce: options.unitsAtOnce,
    step: options.stepOf(tally),
    async finish() {
      await tally.report(null);
      return tally.results;
    },
  };
}

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
