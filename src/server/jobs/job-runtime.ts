import { z } from 'zod';
import { type CodedError, coded } from '../../shared/api/errors';
import { emptyJobProgress, isJobFinished, type ServerMessage, stageCountSchema } from '../../shared/realtime';
import type { UploadJobProgress, UploadJobStatus } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { type JobData, UnreadableJobDataError } from './job-data';
import { codeOfLegacySentence, failureOf, JOB_ERROR_CODES } from './job-failure';
import type { JobQueue } from './job-queue';
import type { JobRow, JobsRepository } from './jobs.repository';

/**
 * The one job runtime (docs/product/jobs.md): a job the learner starts is a row they own (`upload_jobs`)
 * plus a pg-boss job that does the work. A declared job names its kind, the versioned schemas of its
 * input, checkpoint and results, and plans a run as units of work with one step function; the runtime
 * drives the loop (so many units at once, cancellation and shutdown checked between units, a fatal
 * provider failure stopping it), publishes progress over `/ws`, saves the checkpoint, and stores the
 * outcome. Every rule below exists here once.
 */

const storedProgressSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  stage: z.string(),
  currentWord: z.string().nullable(),
  estimatedTimeRemaining: z.number().nullable(),
  // Rows written before stages could be skipped read as they are: the field is optional.
  stages: z.array(stageCountSchema).optional(),
  counters: z.record(z.string(), z.number().int()).optional(),
});

/** Progress is only ever a display: a row whose progress does not read shows none rather than failing. */
export const readProgress = (raw: unknown): UploadJobProgress =>
  storedProgressSchema.safeParse(raw).data ?? emptyJobProgress(0);

/**
 * Why a whole job failed: the `error` column holds the code; rows that failed before errors became codes
 * hold a Russian sentence in `error_message` instead, read back to its code.
 */
export function readJobError(row: Pick<JobRow, 'error' | 'errorMessage'>): CodedError | null {
  const stored = coded.safeParse(row.error);
  if (stored.success) return stored.data;
  return row.errorMessage === null ? null : codeOfLegacySentence(row.errorMessage);
}

export interface JobContext<TInput, TCheckpoint> {
  jobId: string;
  userId: string;
  /** The input, parsed (and converted from an older version) on this read. */
  input: TInput;
  /** What an interrupted earlier run saved (parsed and converted likewise); null on a first run. */
  checkpoint: TCheckpoint | null;
  /**
   * Stores and pushes progress (throttled: at most every 250 ms, and always the last one). With
   * `checkpoint`, the same write saves it, so the progress a reload reads and the work a restart skips
   * agree.
   */
  reportProgress(progress: Partial<UploadJobProgress>, checkpoint?: () => TCheckpoint): Promise<void>;
  /** The checkpoint as stored, for a repository that writes it in the transaction of the work it records. */
  encodeCheckpoint(checkpoint: TCheckpoint): Record<string, unknown>;
  /** True once the learner stopped the job, the server is shutting down, or the run is stopping. */
  shouldStop(): Promise<boolean>;
  /**
   * Ends the run with this failure once the units in flight are done: what a fatal provider failure of
   * one word does to the whole job. The runtime applies it to anything a step throws, too.
   */
  stopWith(error: unknown): void;
  /** Any other message for the owner (translation corrections…). */
  publish(message: ServerMessage): Promise<void>;
}

/** One run of a job: the units left to do and the step that does one. */
export interface JobPlan<TUnit, TResults> {
  units: readonly TUnit[];
  /** Units in flight at once. */
  unitsAtOnce: number;
  step(unit: TUnit): Promise<void>;
  /**
   * The results once the loop is over: every unit done, or the job cancelled (a cancelled job keeps what
   * it did). Not called when the server shuts down mid-run or the run failed.
   */
  finish(outcome: { isCancelled: boolean }): Promise<TResults>;
}

export interface JobDefinition<
  TInput extends object,
  TCheckpoint extends object,
  TResults extends object,
  TUnit,
> {
  kind: string;
  /** How many jobs of this kind this process runs at once (each for its own learner, usually). */
  concurrency?: number;
  input: JobData<TInput>;
  /**
   * The checkpoint shares the `results` column while the job runs, and its version numbers with the
   * results: a job cancelled while no process runs it keeps its checkpoint as its results, so a
   * checkpoint must read as results too (it holds the results so far, plus what it alone needs).
   */
  checkpoint: JobData<TCheckpoint>;
  results: JobData<TResults>;
  /** Reads what the steps need and which units are left (after the checkpoint); fails the job if it throws. */
  plan(context: JobContext<TInput, TCheckpoint>): Promise<JobPlan<TUnit, TResults>>;
}

// Each definition has its own types; the registry only hands rows to the one of their kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJobDefinition = JobDefinition<any, any, any, any>;

/** A job as the learner's screens read it: results parsed once the job is over, failure as a code. */
export interface JobView {
  id: string;
  kind: string;
  status: UploadJobStatus;
  progress: UploadJobProgress;
  results: unknown;
  error: CodedError | null;
}

const PROGRESS_INTERVAL_MS = 250;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createJobRuntime(deps: {
  jobs: JobsRepository;
  queue: Pick<JobQueue, 'define' | 'send'>;
  hub: Pick<RealtimeHub, 'publish'>;
  /** False in test apps that do not exercise jobs: rows are created (left pending) but nothing runs. */
  isRunning?: boolean;
  log?: { warn(object: object, message: string): void };
}) {
  const { jobs, queue, hub } = deps;
  const isRunning = deps.isRunning ?? true;
  const definitions = new Map<string, AnyJobDefinition>();
  /** startOnce calls in flight, per learner and kind. */
  const startingOnce = new Map<string, Promise<string>>();
  /** Jobs this process is running: a late redelivery by pg-boss of a job resumed here is ignored. */
  const running = new Set<string>();
  /** Set when the server shuts down: running jobs return at their next unit, left resumable. */
  let shutdownRequested = false;
  // A function, not the variable: the flag changes while a run awaits, which narrowing cannot see.
  const isShuttingDown = () => shutdownRequested;

  /** What goes over `/ws` is a display: a failed push is logged and never fails the job. */
  const publish = async (userId: string, message: ServerMessage) => {
    try {
      await hub.publish(userId, message);
    } catch (error) {
      deps.log?.warn({ err: error, type: message.type }, 'job message not published');
    }
  };

  async function publishProgress(row: JobRow, status: UploadJobStatus, progress: UploadJobProgress) {
    await publish(row.userId, {
      type: 'jobProgress',
      jobId: row.id,
      kind: row.kind,
      status,
      // Read through readProgress and changed only by its own fields: nothing else rides along.
      progress,
    });
  }

  async function finishAs(
    row: JobRow,
    status: 'completed' | 'cancelled' | 'failed',
    progress: UploadJobProgress,
    outcome: { results?: Record<string, unknown>; error?: CodedError },
  ) {
    const changes = {
      progress,
      ...(outcome.results ? { results: outcome.results } : {}),
      ...(outcome.error ? { error: outcome.error } : {}),
      completedAt: new Date(),
    };
    let final = status;
    if (status === 'cancelled') {
      await jobs.update(row.id, { status, ...changes });
    } else if (!(await jobs.updateIfRunning(row.id, { status, ...changes }))) {
      // The learner cancelled while the last units ran: the job stays cancelled, with what it did.
      if ((await jobs.findStatus(row.id)) !== 'cancelled') return;
      final = 'cancelled';
      await jobs.update(row.id, { progress, ...(outcome.results ? { results: outcome.results } : {}) });
    }
    await publishProgress(row, final, progress);
    await publish(row.userId, { type: 'jobStatus', jobId: row.id, status: final });
  }

  async function execute(kind: string, jobId: string) {
    const row = await jobs.findById(jobId);
    // Cancelled before it started, finished by an earlier delivery, or deleted with its learner.
    if (!row || isJobFinished(row.status)) return;
    if (running.has(jobId) || isShuttingDown()) return;
    const definition = definitions.get(kind);
    if (!definition) return;
    running.add(jobId);
    try {
      await runJob(definition, row);
    } catch (error) {
      // Nothing a job does may take the worker down; a failure while shutting down is no verdict on it.
      if (isShuttingDown()) return;
      deps.log?.warn({ err: error, jobId }, 'job failed outside its run');
      await finishAs(row, 'failed', readProgress(row.progress), { error: failureOf(error) }).catch(
        () => undefined,
      );
    } finally {
      running.delete(jobId);
    }
  }

  async function runJob(definition: AnyJobDefinition, row: JobRow) {
    const { userId, id: jobId } = row;
    let progress = readProgress(row.progress);

    let input: unknown;
    let checkpoint: unknown;
    try {
      input = definition.input.read(row.input);
      checkpoint = row.results === null ? null : definition.checkpoint.read(row.results);
    } catch (error) {
      if (!(error instanceof UnreadableJobDataError)) throw error;
      // This job's row is unreadable (written by a version no converter reads): it fails, others go on.
      deps.log?.warn({ err: error, jobId, kind: row.kind }, error.message);
      await finishAs(row, 'failed', progress, { error: { code: JOB_ERROR_CODES.dataUnreadable } });
      return;
    }

    const startedAt = Date.now();
    let lastPushAt = 0;
    let stopError: unknown;
    let isCancelled = false;
    let latestCheckpoint: (() => unknown) | undefined;
    // Cancelled between its delivery and now: nothing to run.
    if (!(await jobs.updateIfRunning(jobId, { status: 'processing' }))) return;

    const saveProgress = async () => {
      await jobs.update(jobId, {
        progress,
        ...(latestCheckpoint ? { results: definition.checkpoint.write(latestCheckpoint()) } : {}),
      });
    };

    const context: JobContext<unknown, unknown> = {
      jobId,
      userId,
      input,
      checkpoint,
      async reportProgress(change, nextCheckpoint) {
        progress = { ...progress, ...change };
        if (nextCheckpoint) latestCheckpoint = nextCheckpoint;
        const elapsed = Date.now() - startedAt;
        const done = progress.processed + progress.failed;
        progress.estimatedTimeRemaining =
          done > 0 && progress.total > done ? Math.round((elapsed / done) * (progress.total - done)) : null;
        if (Date.now() - lastPushAt < PROGRESS_INTERVAL_MS && done < progress.total) return;
        lastPushAt = Date.now();
        await saveProgress();
        await publishProgress(row, 'processing', progress);
      },
      encodeCheckpoint: (value) => definition.checkpoint.write(value),
      async shouldStop() {
        if (stopError !== undefined || isShuttingDown() || isCancelled) return true;
        isCancelled = (await jobs.findStatus(jobId)) === 'cancelled';
        return isCancelled;
      },
      stopWith(error) {
        stopError ??= error;
      },
      publish: (message) => publish(userId, message),
    };

    let results: Record<string, unknown>;
    try {
      const plan = await definition.plan(context);
      let next = 0;
      const worker = async () => {
        for (;;) {
          if (await context.shouldStop()) return;
          // Claimed only after the await: another worker may have taken the last unit meanwhile.
          if (next >= plan.units.length) return;
          const unit: unknown = plan.units[next];
          next += 1;
          try {
            await plan.step(unit);
          } catch (error) {
            context.stopWith(error);
          }
        }
      };
      const workers = Math.max(1, Math.min(plan.unitsAtOnce, plan.units.length));
      await Promise.all(Array.from({ length: workers }, worker));
      if (stopError !== undefined) {
        await failWith(stopError);
        return;
      }

      isCancelled = (await jobs.findStatus(jobId)) === 'cancelled';
      if (isShuttingDown() && !isCancelled) {
        // Interrupted, not finished: left 'processing' with its checkpoint, for resumeUnfinished().
        await saveProgress();
        return;
      }
      // The definition's own type, which the registry does not keep.
      results = definition.results.write((await plan.finish({ isCancelled })) as object);
    } catch (error) {
      await failWith(error);
      return;
    }
    // Outside the try: a job whose outcome is stored is never turned into a failure afterwards.
    await finishAs(row, isCancelled ? 'cancelled' : 'completed', progress, { results });

    async function failWith(error: unknown) {
      // A failure while the server shuts down (its database closing under it) is no verdict on the job.
      if (isShuttingDown()) return;
      const failure = failureOf(error);
      if (failure.code === JOB_ERROR_CODES.unknown) deps.log?.warn({ err: error, jobId }, 'job failed');
      await finishAs(row, 'failed', progress, { error: failure });
    }
  }

  /** A job row as the screens read it; its results read by its kind's schema, once it is over. */
  function viewOf(row: JobRow): JobView {
    const view: JobView = {
      id: row.id,
      kind: row.kind,
      status: row.status,
      progress: readProgress(row.progress),
      results: null,
      error: readJobError(row),
    };
    const definition = definitions.get(row.kind);
    // A checkpoint mid-run is partial; results are answered once the job is over.
    if (!isJobFinished(row.status) || row.results === null || !definition) {
      return view;
    }
    try {
      view.results = definition.results.read(row.results);
    } catch (error) {
      deps.log?.warn({ err: error, jobId: row.id }, 'unreadable job results');
      view.error ??= { code: JOB_ERROR_CODES.dataUnreadable };
    }
    return view;
  }

  /**
   * Creates the job's row and queues it. The input is checked against its kind's schema and written at
   * the current version, so a bad input fails the call that starts it, not the run.
   */
  async function start(userId: string, kind: string, input: object, total: number): Promise<string> {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`no job of kind ${kind} is defined`);
    // Parsed before it is stored: a bad input fails this call, and unknown fields are not kept.
    const stored = definition.input.write(definition.input.read(definition.input.write(input)));
    const row = await jobs.create(userId, kind, stored, emptyJobProgress(total));
    if (isRunning) await queue.send(kind, { jobId: row.id });
    return row.id;
  }

  return {
    async define(definition: AnyJobDefinition) {
      definitions.set(definition.kind, definition);
      if (!isRunning) return;
      await queue.define(definition.kind, ({ jobId }) => execute(definition.kind, jobId), {
        concurrency: definition.concurrency,
      });
    },

    start,

    /**
     * Starts a job of this kind for the learner unless one is still waiting to start: that one will see
     * everything this one would, so a burst of callers queues one job, not one each. A job already
     * running may have read its work before the caller's change, so it does not count. Calls for one
     * learner are taken one at a time, so two of them cannot both find none waiting.
     */
    startOnce(userId: string, kind: string, input: object, total: number): Promise<string> {
      const key = `${userId}:${kind}`;
      const previous = startingOnce.get(key) ?? Promise.resolve('');
      const next = previous
        .catch(() => '')
        .then(async () => {
          const unfinished = await jobs.findUnfinished(userId, kind);
          const waiting = unfinished.find((job) => job.status === 'pending');
          return waiting ? waiting.id : start(userId, kind, input, total);
        });
      startingOnce.set(key, next);
      void next
        .catch(() => undefined)
        .finally(() => {
          if (startingOnce.get(key) === next) startingOnce.delete(key);
        });
      return next;
    },

    cancel: (userId: string, jobId: string) => jobs.cancel(userId, jobId),

    /** Called at start-up: every job a stopped or crashed server left unfinished is queued again. */
    async resumeUnfinished(): Promise<number> {
      if (!isRunning) return 0;
      const unfinished = await jobs.findAllUnfinished();
      for (const job of unfinished) await queue.send(job.kind, { jobId: job.id });
      return unfinished.length;
    },

    /** Tells running jobs to wrap up at their next unit; called before the queue stops. */
    interrupt() {
      shutdownRequested = true;
    },

    async cancelUnfinished(userId: string, kind: string): Promise<number> {
      const unfinished = await jobs.findUnfinished(userId, kind);
      const cancelled = await Promise.all(unfinished.map((job) => jobs.cancel(userId, job.id)));
      return cancelled.filter(Boolean).length;
    },

    /** The learner's job of this kind their screens show: running, else the newest not dismissed. */
    async findLatestShown(userId: string, kind: string): Promise<JobView | undefined> {
      const row = await jobs.findLatestShown(userId, kind);
      return row ? viewOf(row) : undefined;
    },

    /** Closes the learner's finished job for every device; false for a running one. */
    async dismiss(userId: string, jobId: string): Promise<boolean> {
      if (!UUID.test(jobId)) return false;
      return jobs.dismiss(userId, jobId);
    },

    /** The learner's job, read; undefined for anyone else's, as for one that does not exist. */
    async findOwned(userId: string, jobId: string): Promise<JobView | undefined> {
      // Job ids are UUIDs; anything else names no job (and would be refused by PostgreSQL's uuid type).
      if (!UUID.test(jobId)) return undefined;
      const row = await jobs.findOwned(userId, jobId);
      return row ? viewOf(row) : undefined;
    },
  };
}
export type JobRuntime = ReturnType<typeof createJobRuntime>;
