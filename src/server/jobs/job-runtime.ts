import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type CodedError, coded } from '../../shared/api/errors';
import { emptyJobProgress, isJobFinished, type ServerMessage, stageCountSchema } from '../../shared/realtime';
import type { JobProgress, JobStatus } from '../db/schema';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { JobView } from '../lib/job-starter';
import { type JobData, UnreadableJobDataError } from './job-data';
import { codeOfLegacySentence, failureOf, JOB_ERROR_CODES } from '../http/job-failure';
import { JOB_LEASE_DEFAULTS, type JobLeaseSettings } from './job-leases';
import type { JobQueue } from './job-queue';
import type { JobRow, JobsRepository, JobViewRow } from './jobs.repository';

/**
 * The one job runtime (docs/product/jobs.md): a job the learner starts is a row they own (`jobs`)
 * plus a pg-boss job that does the work. A declared job names its kind, the versioned schemas of its
 * input, checkpoint and results, and plans a run as units of work with one step function; the runtime
 * drives the loop (so many units at once, cancellation and shutdown checked between units, a fatal
 * provider failure stopping it), publishes progress over `/ws`, saves the checkpoint, and stores the
 * outcome. A run holds its job by a lease this instance renews (docs/product/jobs.md#crashed-jobs), so
 * two instances never run one job and a job whose process died is counted and, at the third time,
 * failed. Every rule below exists here once.
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
export const readProgress = (raw: unknown): JobProgress =>
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
  /**
   * The instance holding the job's lease (docs/product/jobs.md#crashed-jobs): a repository that writes the
   * checkpoint in the transaction of its own work writes it only while this instance still holds the job.
   */
  ownerInstanceId: string;
  /** The input, parsed (and converted from an older version) on this read. */
  input: TInput;
  /** What an interrupted earlier run saved (parsed and converted likewise); null on a first run. */
  checkpoint: TCheckpoint | null;
  /**
   * Stores and pushes progress (throttled: at most every 250 ms, and always the last one). With
   * `checkpoint`, the same write saves it, so the progress a reload reads and the work a restart skips
   * agree.
   */
  reportProgress(progress: Partial<JobProgress>, checkpoint?: () => TCheckpoint): Promise<void>;
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
export type AnyJobDefinition = JobDefinition<any, any, any, any>;

export type { JobView };

const PROGRESS_INTERVAL_MS = 250;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** A run of a job on this instance, as its lease, the guard of uncaught errors and the drain see it. */
interface ActiveRun {
  jobId: string;
  /** Set when a renewal or a write found the lease gone: the run stops at its next unit, writing nothing. */
  isLeaseLost: boolean;
  /** Set once the run's outcome is written, the job released, or the run given up. */
  isOver: boolean;
  /** Fails the job at once with an error that escaped its steps (an uncaught exception or rejection). */
  failNow(error: unknown): void;
  /** Marks the run over and settles `over`. */
  end(): void;
  /** Settles once the run is over, even while a step it gave up on never returns. */
  over: Promise<void>;
}

export function createJobRuntime(deps: {
  jobs: JobsRepository;
  queue: Pick<JobQueue, 'define' | 'send'>;
  hub: Pick<RealtimeHub, 'publish'>;
  /** False in test apps that do not exercise jobs: rows are created (left pending) but nothing runs. */
  isRunning?: boolean;
  log?: JobLog;
  /** The lease durations; tests shorten them. */
  leases?: Partial<JobLeaseSettings>;
  /**
   * No other instance can hold a job: the embedded database, behind the data folder's lock. Every lease
   * found at start is then a dead process's, and lapses at once: a restart resumes its jobs without
   * waiting out the lapse (the crash still counted).
   */
  isSoleInstance?: boolean;
}) {
  const { jobs, queue, hub } = deps;
  const isRunning = deps.isRunning ?? true;
  const leases: JobLeaseSettings = { ...JOB_LEASE_DEFAULTS, ...deps.leases };
  /** This instance, as the rows of the jobs it holds name it: drawn anew at every start. */
  const instanceId = randomUUID();
  const definitions = new Map<string, AnyJobDefinition>();
  /** startOnce calls in flight, per learner and kind. */
  const startingOnce = new Map<string, Promise<string>>();
  /** Jobs this instance is running: a late redelivery by pg-boss of one of them is ignored. */
  const running = new Map<string, ActiveRun>();
  /** Every delivery being handled, for the drain to wait on. */
  const executions = new Set<Promise<unknown>>();
  /**
   * The run a callback belongs to, however late it is called: a timer or an event a step started carries
   * its run, so an error thrown there fails that job only (`claimUncaughtError`).
   */
  const runScope = new AsyncLocalStorage<ActiveRun>();
  /** Set when the server shuts down: running jobs return at their next unit, and are released. */
  let shutdownRequested = false;
  // A function, not the variable: the flag changes while a run awaits, which narrowing cannot see.
  const isShuttingDown = () => shutdownRequested;
  let leaseTimer: NodeJS.Timeout | undefined;
  let tickInFlight: Promise<void> | undefined;

  /** What goes over `/ws` is a display: a failed push is logged and never fails the job. */
  const publish = async (userId: string, message: ServerMessage) => {
    try {
      await hub.publish(userId, message);
    } catch (error) {
      deps.log?.warn({ err: error, type: message.type }, 'job message not published');
    }
  };

  type JobIdentity = Pick<JobRow, 'id' | 'userId' | 'kind'>;

  async function publishProgress(row: JobIdentity, status: JobStatus, progress: JobProgress) {
    await publish(row.userId, {
      type: 'jobProgress',
      jobId: row.id,
      kind: row.kind,
      status,
      // Read through readProgress and changed only by its own fields: nothing else rides along.
      progress,
    });
  }

  /** A job's end as its learner's screens hear it, from whichever instance wrote it. */
  async function publishEnd(row: JobIdentity, status: JobStatus, progress: JobProgress) {
    await publishProgress(row, status, progress);
    await publish(row.userId, { type: 'jobStatus', jobId: row.id, status });
  }

  /** Queues a job for any instance; a failure is logged, and the job waits for the next start's resume. */
  async function requeue(kind: string, jobId: string) {
    try {
      await queue.send(kind, { jobId });
    } catch (error) {
      deps.log?.warn({ err: error, jobId, kind }, 'job not queued again; the next start resumes it');
    }
  }

  /**
   * Writes the outcome while this instance holds the job, and lets it go. Without the lease (another
   * instance took the job over) nothing is written or sent: the outcome is that instance's to write.
   */
  async function finishAs(
    row: JobIdentity,
    status: 'completed' | 'cancelled' | 'failed',
    progress: JobProgress,
    outcome: { results?: Record<string, unknown>; error?: CodedError },
  ): Promise<void> {
    const results = outcome.results ? { results: outcome.results } : {};
    const changes = {
      progress,
      ...results,
      ...(outcome.error ? { error: outcome.error } : {}),
      completedAt: new Date(),
    };
    let final = status;
    if (status === 'cancelled') {
      if (!(await jobs.finishIfHeld(row.id, instanceId, { status, ...changes }, { isUnfinishedOnly: false })))
        return;
    } else if (
      !(await jobs.finishIfHeld(row.id, instanceId, { status, ...changes }, { isUnfinishedOnly: true }))
    ) {
      // The learner cancelled while the last units ran: the job stays cancelled, with what it did.
      if ((await jobs.findStatus(row.id)) !== 'cancelled') return;
      final = 'cancelled';
      if (
        !(await jobs.finishIfHeld(row.id, instanceId, { progress, ...results }, { isUnfinishedOnly: false }))
      )
        return;
    }
    await publishEnd(row, final, progress);
  }

  /** What a job's log lines name: which job, its kind, its learner and the stage it was at. */
  const factsOf = (row: JobIdentity, progress: JobProgress) => ({
    jobId: row.id,
    kind: row.kind,
    userId: row.userId,
    stage: progress.stage,
  });

  /**
   * Clears lapsed leases (docs/product/jobs.md#crashed-jobs): each counts one crashed start and its job is
   * queued again for any instance, but the one that reaches the limit fails the job with `job_crashed`,
   * and its learner is told. Answers the jobs queued again.
   */
  async function reapLapsedLeases(options: { isEveryOtherLapsed?: boolean } = {}): Promise<Set<string>> {
    const reaped = await jobs.reapLapsedLeases(
      leases,
      { code: JOB_ERROR_CODES.jobCrashed },
      options.isEveryOtherLapsed ? { ownerInstanceId: instanceId } : undefined,
    );
    const requeued = new Set<string>();
    for (const job of reaped) {
      const progress = readProgress(job.progress);
      const facts = { ...factsOf(job, progress), crashedStarts: job.crashedStarts };
      if (job.status === 'failed' && job.crashedStarts >= leases.maxCrashedStarts) {
        deps.log?.error(facts, 'job failed with job_crashed: its process died during it too often');
        await publishEnd(job, 'failed', progress);
      } else if (!isJobFinished(job.status)) {
        deps.log?.warn(facts, 'job lease lapsed (its process died): one crashed start counted, queued again');
        await requeue(job.kind, job.id);
        requeued.add(job.id);
      }
    }
    return requeued;
  }

  /**
   * One tick of this instance's leases: renews those of the jobs it runs, in one statement (a job whose
   * lease is gone stops at its next unit, writing nothing), then clears any lapsed lease.
   */
  async function tickLeases() {
    try {
      const held = [...running.values()];
      if (held.length > 0) {
        const renewed = new Set(
          await jobs.renewLeases(
            instanceId,
            held.map((run) => run.jobId),
          ),
        );
        for (const run of held) {
          if (!renewed.has(run.jobId)) run.isLeaseLost = true;
        }
      }
      await reapLapsedLeases();
    } catch (error) {
      deps.log?.warn({ err: error }, 'job leases not renewed or checked this time');
    }
  }

  /**
   * Handles one delivery of a job by pg-boss. False: declined because this instance is stopping, for the
   * queue to hand it to another (job-queue.ts). Any other delivery is handled, run or ignored.
   */
  async function execute(kind: string, jobId: string): Promise<boolean> {
    if (isShuttingDown()) return false;
    if (running.has(jobId)) return true;
    const definition = definitions.get(kind);
    if (!definition) return true;
    // Finished, cancelled, deleted with its learner, or held by a live lease elsewhere: nothing to run.
    const row = await jobs.claim(jobId, instanceId, leases);
    if (!row) return true;

    let markOver: () => void = () => undefined;
    const run: ActiveRun = {
      jobId,
      isLeaseLost: false,
      isOver: false,
      failNow: () => undefined,
      end() {
        run.isOver = true;
        markOver();
      },
      over: new Promise<void>((resolve) => {
        markOver = resolve;
      }),
    };
    running.set(jobId, run);
    try {
      // The run, or its end without it: a job failed by an uncaught error frees its worker even while the
      // step that let the error escape never returns.
      await Promise.race([runScope.run(run, () => runJob(definition, row, run)), run.over]);
    } catch (error) {
      // Nothing a job does may take the worker down; a failure while shutting down is no verdict on it.
      if (isShuttingDown()) {
        await release(row).catch(() => undefined);
      } else {
        deps.log?.warn({ err: error, jobId }, 'job failed outside its run');
        await finishAs(row, 'failed', readProgress(row.progress), { error: failureOf(error) }).catch(
          () => undefined,
        );
      }
    } finally {
      run.end();
      running.delete(jobId);
    }
    return true;
  }

  /**
   * Lets the job go at a graceful stop, its progress and checkpoint saved, and queues it at once for any
   * instance; no crashed start is counted. A job the learner cancelled meanwhile is only saved.
   */
  async function release(
    row: JobIdentity,
    saved: { progress?: JobProgress; results?: Record<string, unknown> } = {},
  ) {
    const status = await jobs.release(row.id, instanceId, saved);
    if (status === 'pending' || status === 'processing') await requeue(row.kind, row.id);
  }

  async function runJob(definition: AnyJobDefinition, row: JobRow, run: ActiveRun) {
    const { userId, id: jobId } = row;
    let progress = readProgress(row.progress);

    /**
     * The one outcome of this run, written once whichever path reaches it first (the end of its units, or
     * an uncaught error). A write that fails is logged: the job keeps its lease, which lapses now that no
     * run renews it, and it is queued again.
     */
    let outcome: Promise<void> | undefined;
    const settle = (write: () => Promise<void>) =>
      (outcome ??= write()
        .catch((error: unknown) => deps.log?.warn({ err: error, jobId }, 'job outcome not stored'))
        .finally(() => run.end()));

    let input: unknown;
    let checkpoint: unknown;
    try {
      input = definition.input.read(row.input);
      checkpoint = row.results === null ? null : definition.checkpoint.read(row.results);
    } catch (error) {
      if (!(error instanceof UnreadableJobDataError)) throw error;
      // This job's row is unreadable (written by a version no converter reads): it fails, others go on.
      deps.log?.warn({ err: error, jobId, kind: row.kind }, error.message);
      await settle(() =>
        finishAs(row, 'failed', progress, { error: { code: JOB_ERROR_CODES.dataUnreadable } }),
      );
      return;
    }

    const startedAt = Date.now();
    let lastPushAt = 0;
    let stopError: unknown;
    let isCancelled = false;
    let latestCheckpoint: (() => unknown) | undefined;

    const checkpointNow = () =>
      latestCheckpoint ? definition.checkpoint.write(latestCheckpoint()) : undefined;
    const saveProgress = async () => {
      if (run.isLeaseLost) return;
      const results = checkpointNow();
      const isHeld = await jobs.saveProgressIfHeld(jobId, instanceId, {
        progress,
        ...(results ? { results } : {}),
      });
      if (!isHeld) run.isLeaseLost = true;
    };

    const context: JobContext<unknown, unknown> = {
      jobId,
      userId,
      ownerInstanceId: instanceId,
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
        if (!run.isLeaseLost && !run.isOver) await publishProgress(row, 'processing', progress);
      },
      encodeCheckpoint: (value) => definition.checkpoint.write(value),
      async shouldStop() {
        if (stopError !== undefined || isShuttingDown() || isCancelled || run.isLeaseLost || run.isOver)
          return true;
        isCancelled = (await jobs.findStatus(jobId)) === 'cancelled';
        return isCancelled;
      },
      stopWith(error) {
        stopError ??= error;
      },
      publish: (message) => publish(userId, message),
    };

    /**
     * The lease went (this instance missed its renewals for longer than a lapse, and another counted a
     * crashed start): nothing is written, the outcome being the next run's. The job is queued again in
     * case the delivery meant for that next run came here and was ignored while this run went on.
     */
    const giveUp = () =>
      settle(async () => {
        deps.log?.warn(factsOf(row, progress), 'job lease lost: this run stopped without an outcome');
        await requeue(row.kind, jobId);
      });

    const failWith = (error: unknown) =>
      run.isLeaseLost
        ? giveUp()
        : settle(async () => {
            // A failure while the server shuts down (its database closing under it) is no verdict on the job.
            if (isShuttingDown()) {
              await release(row, { progress, results: checkpointNow() });
              return;
            }
            const failure = failureOf(error);
            if (failure.code === JOB_ERROR_CODES.unknown) deps.log?.warn({ err: error, jobId }, 'job failed');
            await finishAs(row, 'failed', progress, { error: failure });
          });

    // An error a step let escape (a timer's or an event's callback it started): this job fails at once,
    // without waiting for a unit that may never end, and the process goes on.
    run.failNow = (error) => {
      context.stopWith(error);
      void settle(() => finishAs(row, 'failed', progress, { error: failureOf(error) }));
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
      if (outcome) {
        await outcome;
        return;
      }
      if (run.isLeaseLost) {
        await giveUp();
        return;
      }
      if (stopError !== undefined) {
        await failWith(stopError);
        return;
      }

      isCancelled = (await jobs.findStatus(jobId)) === 'cancelled';
      if (isShuttingDown() && !isCancelled) {
        // Interrupted, not finished: released with its checkpoint, for any instance to resume.
        await settle(() => release(row, { progress, results: checkpointNow() }));
        return;
      }
      // The definition's own type, which the registry does not keep.
      results = definition.results.write((await plan.finish({ isCancelled })) as object);
    } catch (error) {
      await failWith(error);
      return;
    }
    // Outside the try: a job whose outcome is stored is never turned into a failure afterwards.
    await settle(() => finishAs(row, isCancelled ? 'cancelled' : 'completed', progress, { results }));
  }

  /** A job row as the screens read it; its results read by its kind's schema, once it is over. */
  function viewOf(row: JobViewRow): JobView {
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

  /** A delivery being handled, kept until it is, for the drain to wait on. */
  function tracked<T>(execution: Promise<T>): Promise<T> {
    executions.add(execution);
    void execution.catch(() => undefined).finally(() => executions.delete(execution));
    return execution;
  }

  return {
    /** This instance, as the rows of the jobs it holds name it. */
    instanceId,

    async define(definition: AnyJobDefinition) {
      definitions.set(definition.kind, definition);
      if (!isRunning) return;
      await queue.define(definition.kind, ({ jobId }) => tracked(execute(definition.kind, jobId)), {
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

    /**
     * Called at start-up: every unfinished job no live instance holds is queued again — pending ones,
     * those released at a graceful stop, and those whose lease lapsed (each lapse a crashed start counted;
     * the last one fails the job instead; a sole instance takes every lease it finds as lapsed). A job
     * another instance holds by a live lease is left to it.
     */
    async resumeUnfinished(): Promise<number> {
      if (!isRunning) return 0;
      const requeued = await reapLapsedLeases({ isEveryOtherLapsed: deps.isSoleInstance === true });
      const unowned = (await jobs.findUnownedUnfinished()).filter((job) => !requeued.has(job.id));
      for (const job of unowned) await queue.send(job.kind, { jobId: job.id });
      return requeued.size + unowned.length;
    },

    /**
     * Renews this instance's leases and clears lapsed ones on every tick, from now until the drain
     * (docs/product/jobs.md#crashed-jobs). Called once the instance runs jobs.
     */
    watchLeases() {
      if (!isRunning || leaseTimer) return;
      leaseTimer = setInterval(() => {
        // A tick that outlasts the interval is not doubled.
        tickInFlight ??= tickLeases().finally(() => {
          tickInFlight = undefined;
        });
      }, leases.renewIntervalMs);
      leaseTimer.unref();
    },

    /** Tells running jobs to wrap up at their next unit, where each is released; no new run starts. */
    interrupt() {
      shutdownRequested = true;
    },

    /**
     * The graceful stop, before pg-boss stops and the database closes: running jobs stop at their next
     * unit, save their checkpoint and are released to the queue for any instance. A job still inside a
     * unit after `drainTimeoutMs` keeps its lease, which lapses now that no tick renews it.
     */
    async drain(): Promise<void> {
      shutdownRequested = true;
      deps.log?.info({ jobIds: [...running.keys()] }, 'jobs stop at their next unit');
      let timer: NodeJS.Timeout | undefined;
      const isDrained = await Promise.race([
        Promise.allSettled([...executions]).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), leases.drainTimeoutMs);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(leaseTimer);
      await tickInFlight;
      if (!isDrained) {
        deps.log?.warn(
          { jobIds: [...running.keys()] },
          'jobs still inside a unit at the stop keep their lease, which will lapse (a crashed start)',
        );
      }
    },

    /**
     * Takes an uncaught exception or unhandled rejection thrown inside a job's run (in a timer or an event
     * a step started), and fails that job only: true. False for one no run of this instance threw, which
     * keeps its fatal course (server-process.ts).
     */
    claimUncaughtError(error: unknown): boolean {
      const run = runScope.getStore();
      if (!run) return false;
      if (run.isOver) {
        // A callback a finished run left behind (a timer, a stream): still that job's, never the process's.
        deps.log?.error({ err: error, jobId: run.jobId }, 'uncaught error from a job that has ended');
      } else {
        deps.log?.error({ err: error, jobId: run.jobId }, 'uncaught error in a job: that job fails');
        run.failNow(error);
      }
      return true;
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
