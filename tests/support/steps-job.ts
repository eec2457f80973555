import { z } from 'zod';
import { jobData } from '../../src/server/jobs/job-data';
import type { JobDefinition } from '../../src/server/jobs/job-runtime';

/**
 * A job kind for tests of the job runtime through the app (`extraJobs`): its units are named words done one
 * at a time, each recorded in its checkpoint, and `beforeStep` lets a test hold a unit (a promise it
 * resolves, a request a server of its own holds) or break it.
 */
export const stepsInput = jobData('steps input', z.object({ units: z.array(z.string()) }));
export const stepsDone = jobData('steps done', z.object({ done: z.array(z.string()) }));
export type StepsDone = ReturnType<typeof stepsDone.read>;

/** The steps kind the test servers of tests/support/job-server-child.ts run, each unit held by the test. */
export const HELD_STEPS_KIND = 'held-steps';

/** The stage a steps job reports while it runs: what the runtime's log lines and the jobs CLI show. */
export const STEPS_STAGE = 'steps';

export function createStepsJob(
  kind: string,
  hooks: {
    /** Before each unit; what it throws fails the job as a step's error would. */
    beforeStep?: (unit: string, jobId: string) => Promise<void>;
    /** Jobs of this kind the app runs at once (pg-boss workers). */
    concurrency?: number;
  } = {},
): JobDefinition<{ units: string[] }, StepsDone, StepsDone, string> {
  return {
    kind,
    concurrency: hooks.concurrency,
    input: stepsInput,
    checkpoint: stepsDone,
    results: stepsDone,
    async plan(context) {
      const done = [...(context.checkpoint?.done ?? [])];
      return {
        units: context.input.units.filter((unit) => !done.includes(unit)),
        unitsAtOnce: 1,
        async step(unit) {
          await hooks.beforeStep?.(unit, context.jobId);
          done.push(unit);
          await context.reportProgress(
            { processed: done.length, stage: STEPS_STAGE, currentWord: unit },
            () => ({ done: [...done] }),
          );
        },
        finish: async () => ({ done }),
      };
    },
  };
}

/**
 * A `beforeStep` that asks the test's hold server before each unit and waits for its answer: the test
 * holds the unit as long as it wants, and knows which process is inside it.
 */
export function askingHoldServer(holdUrl: string) {
  return async (unit: string, jobId: string) => {
    const query = new URLSearchParams({ job: jobId, unit, pid: String(process.pid) });
    const answer = await fetch(`${holdUrl}?${query.toString()}`);
    if (!answer.ok) throw new Error(`the hold server answered ${answer.status}`);
  };
}

/** A promise the test resolves when it chooses: a step that waits on it stays in flight until then. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
