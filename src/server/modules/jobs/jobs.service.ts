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
  /** Stores and pushes progress (throttled: at most every 250 ms, and always the last one). */
  reportProgress(progress: Partial<UploadJobProgress>): Promise<void>;
  /** Any other message for the owner (translation corrections…). */
  publish(message: ServerMessage): Promise<void>;
}

export interface JobDefinition<TInput> {
  kind: string;
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
    const { userId } = row;
    let progress = row.progress ?? emptyProgress(0);
    const startedAt = Date.now();
    let lastPushAt = 0;
    await jobs.update(jobId, { status: 'processing' });

    const context: JobContext<TInput> = {
      jobId,
      userId,
      input: row.input as TInput,
      async isCancelled() {
        return (await jobs.findById(jobId))?.status === 'cancelled';
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
    };

    try {
      const results = await definition.run(context);
      const isCancelled = await context.isCancelled();
      const status = isCancelled ? 'cancelled' : 'completed';
      await jobs.update(jobId, { status, progress, results, completedAt: new Date() });
      await publishProgress(userId, jobId, definition.kind, status, progress);
      await hub.publish(userId, { type: 'jobStatus', jobId, status });
    } catch (error) {
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
      await queue.define(definition.kind, ({ jobId }) => execute(definition, jobId));
    },

    async start(userId: string, kind: string, input: unknown, total: number): Promise<string> {
      const row = await jobs.create(userId, kind, input, emptyProgress(total));
      await queue.send(kind, { jobId: row.id });
      return row.id;
    },

    cancel: (userId: string, jobId: string) => jobs.cancel(userId, jobId),

    async cancelUnfinished(userId: string, kind: string): Promise<number> {
      const unfinished = await jobs.findUnfinished(userId, kind);
      const cancelled = await Promise.all(unfinished.map((job) => jobs.cancel(userId, job.id)));
      return cancelled.filter(Boolean).length;
    },

    findOwned: (userId: string, jobId: string) => jobs.findOwned(userId, jobId),
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
