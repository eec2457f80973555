import { z } from 'zod';
import { type BuiltinClipsResults, builtinClipsResultsSchema, JOB_KINDS } from '../../shared/api/jobs';
import { createMissingClips, type MissingClipsDeps } from '../modules/enrichment/missing-clips.step';
import { jobData, noJobInput } from './job-data';
import type { JobDefinition } from './job-runtime';

export const BUILTIN_CLIPS_JOB = JOB_KINDS.builtinClips;
/**
 * Low priority (docs/product/upload.md#built-in-clips-on-demand): one word at a time (its three clips
 * side by side) keeps the speech workers busy while a Learn card's own request waits behind a few clips
 * at most; one job at a time in this process, so learners' jobs take turns rather than crowd the workers.
 */
const WORDS_AT_ONCE = 1;
const JOBS_AT_ONCE = 1;

const checkpointSchema = builtinClipsResultsSchema.extend({ doneWordIds: z.array(z.number().int()) });
type BuiltinClipsCheckpoint = z.infer<typeof checkpointSchema>;
const resultsData = jobData('built-in clips results', builtinClipsResultsSchema);
const checkpointData = jobData('built-in clips checkpoint', checkpointSchema);

/**
 * The learner's missing card clips, made in the background after an upload (docs/product/upload.md#built-in-clips-on-demand):
 * every word that lacks a clip gets it in the learner's voice, by the built-in voice of the language when
 * that voice's provider fails (docs/product/providers.md#fallback); a provider that failed the learner
 * lately (in this run, the upload or Learn) is not asked until its pause is over. Words that have their clips (made meanwhile by Learn) are skipped, and the
 * words done are checkpointed, so a restart does not redo them.
 */
export function createBuiltinClipsJob(
  deps: MissingClipsDeps,
): JobDefinition<object, BuiltinClipsCheckpoint, BuiltinClipsResults, number> {
  const missingClips = createMissingClips(deps);
  return {
    kind: BUILTIN_CLIPS_JOB,
    concurrency: JOBS_AT_ONCE,
    input: noJobInput,
    checkpoint: checkpointData,
    results: resultsData,
    async plan(context) {
      const { userId } = context;
      const maker = await missingClips.forLearner(userId, {
        isBackground: true,
        purpose: 'the built-in clips job',
      });
      const { doneWordIds, ...results }: BuiltinClipsCheckpoint = context.checkpoint ?? {
        words: 0,
        clips: 0,
        failed: 0,
        doneWordIds: [],
      };
      const done = new Set(doneWordIds);
      const wordIds = (await missingClips.wordIdsOf(userId)).filter((id) => !done.has(id));
      const total = done.size + wordIds.length;
      const report = (currentWord: string | null) =>
        context.reportProgress(
          {
            total,
            processed: done.size - results.failed,
            failed: results.failed,
            stage: 'audio',
            currentWord,
          },
          () => ({ ...results, doneWordIds: [...done] }),
        );
      await report(null);

      return {
        units: wordIds,
        unitsAtOnce: WORDS_AT_ONCE,
        async step(wordId) {
          const outcome = await maker.fill(wordId);
          done.add(wordId);
          if (outcome) {
            results.clips += outcome.made;
            if (outcome.made === outcome.wanted) results.words += 1;
            else if (outcome.failures > 0) results.failed += 1;
          }
          await report(outcome?.spanish ?? null);
        },
        async finish() {
          await report(null);
          return results;
        },
      };
    },
  };
}
