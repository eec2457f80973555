import type { UploadJobProgress } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { RealtimeHub } from '../../realtime/realtime-hub';
import type { ServerMessage } from '../../../shared/realtime';
import type { JobsRepository } from './jobs.repository';

export interface JobContext<TInput> {
  jobId: string;
  userId: string;
  input: TInput;
  /** True once the learner stopped the job; checked between steps, so a stop lands within one step. */
  isCancelled(): Promise<boolean>;
  /**
   * True while the server shuts down: the job should return at the next step boundary, having saved
   * what it finished; it stays 'processing' and resumes on the next start.
   */
  isInterrupted(): boolean;
  /**
   * The partial results an earlier, interrupted run of this job kept on its row (a job writes them
   * together with the work they describe, in one transaction).
   */
  checkpoint: unknown;
  /** Stores and pushes progress (throttled: at most every 250 ms, and always the last one). */
  reportProgress(progress: Partial<UploadJobProgress>): Promise<void>;
  /** Any other message for the owner (translation corrections…). */
  publish(message: ServerMessage): Promise<void>;
}

export interface JobDefinition<TInput> {
  kind: string;
  /** How many jobs of this kind this process runs at once (each for its own learner, usually). */
  concurrency?: number;
  run(context: JobContext<TInput>): Promise<unknown>;
}

const PROGRESS_INTERVAL_MS = 250;

const emptyProgress = (total: number): UploadJobProgress => ({
  total,
  processed: 0,
  failed: 0,
  stage: 'pending',
  currentWord: null,
  estimatedTimeRemaining: null,
});

/**
 * User-visible long jobs: a row the learner owns (`upload_jobs`) plus a pg-boss job that does the
 * work. Progress is persisted, so a reload can read it, and pushed to the owner's sockets only.
 */
export function createJobsService(deps: { jobs: JobsRepository; queue: JobQueue; hub: RealtimeHub }) {
  const { jobs, queue, hub } = deps;
  /** Jobs this process is running: a late redelivery by pg-boss of a job resumed here is ignored. */
  const running = new Set<string>();
  let isShuttingDown = false;

  async function publishProgress(
    userId: string,
    jobId: string,
    kind: string,
    status: 'processing' | 'completed' | 'failed' | 'cancelled',
    progress: UploadJobProgress,
  ) {
    await hub.publish(userId, {
      type: 'jobProgress',
      jobId,
      kind,
      status,
      progress: {
        total: progress.total,
        processed: progress.processed,
        failed: progress.failed,
        stage: progress.stage,
        currentWord: progress.currentWord,
        estimatedTimeRemaining: progress.estimatedTimeRemaining,
        ...(progress.stages ? { stages: progress.stages } : {}),
      },
    });
  }

  async function execute<TInput>(definition: JobDefinition<TInput>, jobId: string) {
    const row = await jobs.findById(jobId);
    // Cancelled before it started, finished by an earlier delivery, or deleted with its learner.
    if (!row || row.status === 'cancelled' || row.status === 'completed' || row.status === 'failed') return;
    if (running.has(jobId) || isShuttingDown) return;
    running.add(jobId);
    try {
      await runJob(definition, row);
    } finally {
      running.delete(jobId);
    }
  }

  async function runJob<TInput>(
    definition: JobDefinition<TInput>,
    row: NonNullable<Awaited<ReturnType<JobsRepository['findById']>>>,
  ) {
    const { userId, id: jobId } = row;
    let progress = row.progress ?? emptyProgress(0);
    const startedAt = Date.now();
    let lastPushAt = 0;
    await jobs.update(jobId, { status: 'processing' });

    const context: JobContext<TInput> = {
      jobId,
      userId,
      input: row.input as TInput,
      async isCancelled() {
        return (await jobs.findStatus(jobId)) === 'cancelled';
      },
      async reportProgress(change) {
        progress = { ...progress, ...change };
        const elapsed = Date.now() - startedAt;
        const done = progress.processed + progress.failed;
        progress.estimatedTimeRemaining =
          done > 0 && progress.total > done ? Math.round((elapsed / done) * (progress.total - done)) : null;
        if (Date.now() - lastPushAt < PROGRESS_INTERVAL_MS && done < progress.total) return;
        lastPushAt = Date.now();
        await jobs.update(jobId, { progress });
        await publishProgress(userId, jobId, definition.kind, 'processing', progress);
      },
      publish: (message) => hub.publish(userId, message),
      isInterrupted: () => isShuttingDown,
      checkpoint: row.results,
    };

    try {
      const results = await definition.run(context);
      if (isShuttingDown && !(await context.isCancelled())) {
        // Interrupted, not finished: left 'processing' with its checkpoint, for resumeUnfinished().
        await jobs.update(jobId, { progress });
        return;
      }
      const isCancelled = await context.isCancelled();
      const status = isCancelled ? 'cancelled' : 'completed';
      await jobs.update(jobId, { status, progress, results, completedAt: new Date() });
      await publishProgress(userId, jobId, definition.kind, status, progress);
      await hub.publish(userId, { type: 'jobStatus', jobId, status });
    } catch (error) {
      // A failure while the server shuts down (its database closing under it) is no verdict on the job.
      if (isShuttingDown) return;
      const message = error instanceof Error ? error.message : String(error);
      await jobs.update(jobId, {
        status: 'failed',
        progress,
        errorMessage: message,
        completedAt: new Date(),
      });
      await publishProgress(userId, jobId, definition.kind, 'failed', progress);
      await hub.publish(userId, { type: 'jobStatus', jobId, status: 'failed' });
    }
  }

  return {
    async define<TInput>(definition: JobDefinition<TInput>) {
      await queue.define(definition.kind, ({ jobId }) => execute(definition, jobId), {
        concurrency: definition.concurrency,
      });
    },

    async start(userId: string, kind: string, input: unknown, total: number): Promise<string> {
      const row = await jobs.create(userId, kind, input, emptyProgress(total));
      await queue.send(kind, { jobId: row.id });
      return row.id;
    },

    cancel: (userId: string, jobId: string) => jobs.cancel(userId, jobId),

    /** Called at start-up: every job a stopped or crashed server left unfinished is queued again. */
    async resumeUnfinished(): Promise<number> {
      const unfinished = await jobs.findAllUnfinished();
      for (const job of unfinished) await queue.send(job.kind, { jobId: job.id });
      return unfinished.length;
    },

    /** Tells running jobs to wrap up at their next step; called before the queue stops. */
    interrupt() {
      isShuttingDown = true;
    },

    async cancelUnfinished(userId: string, kind: string): Promise<number> {
      const unfinished = await jobs.findUnfinished(userId, kind);
      const cancelled = await Promise.all(unfinished.map((job) => jobs.cancel(userId, job.id)));
      return cancelled.filter(Boolean).length;
    },

    findOwned: (userId: string, jobId: string) => jobs.findOwned(userId, jobId),
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
