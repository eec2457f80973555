import { isJobFinished, type JobProgress, type JobStatus } from '../../../shared/realtime';

/**
 * How far a job is, as one number every bar and headline shows (docs/product/upload.md#overall-progress):
 * computed here once, for every screen that follows a job.
 */

/**
 * A stage's share of the whole by what it costs: pictures, audio and the language model's analysis take
 * seconds a word, saving a little, the rest next to nothing. A stage this table does not name weighs 1.
 */
const STAGE_WEIGHTS: Readonly<Record<string, number>> = {
  analysis: 3,
  images: 3,
  audio: 3,
  saving: 2,
};

export interface ProgressOf {
  status: JobStatus;
  progress: Pick<JobProgress, 'total' | 'processed' | 'failed' | 'stages'>;
}

/** Items handled so far (done or failed), never below 0. */
export function itemsDone(progress: Pick<JobProgress, 'processed' | 'failed'>): number {
  return Math.max(0, progress.processed) + Math.max(0, progress.failed);
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The share of the job done, 0–1: with stage counts, the weighted share of each stage that has work (a
 * skipped stage or one with nothing to do counts for nothing); without, items handled of the total. A
 * completed job is at 1; a job that failed or was cancelled stays where it stopped.
 */
export function jobFraction(job: ProgressOf): number {
  if (job.status === 'completed') return 1;
  const stages = (job.progress.stages ?? []).filter((stage) => !stage.skipped && stage.total > 0);
  if (stages.length > 0) {
    let weight = 0;
    let done = 0;
    for (const stage of stages) {
      const stageWeight = STAGE_WEIGHTS[stage.name] ?? 1;
      weight += stageWeight;
      done += stageWeight * clamp01(stage.completed / stage.total);
    }
    return clamp01(done / weight);
  }
  const { total } = job.progress;
  return total > 0 ? clamp01(itemsDone(job.progress) / total) : 0;
}

/** Rounding down, a share a hair under a whole number (0.3 × 10 = 2.9999…) still reaches it. */
const floorOf = (value: number) => Math.floor(value + 1e-9);

/** Whole percent, rounded down so that 100 means everything is through. */
export function jobPercent(job: ProgressOf): number {
  if (job.status === 'completed') return 100;
  return floorOf(jobFraction(job) * 100);
}

/** Items through, as the share of the job says ("12 of 30"); once it ended, the items handled. */
export function jobDoneCount(job: ProgressOf): number {
  const total = Math.max(0, job.progress.total);
  if (isJobFinished(job.status)) return Math.min(itemsDone(job.progress), total);
  return Math.min(total, floorOf(jobFraction(job) * total));
}

/**
 * "Word 5 of 30": the same share of the items; while the job runs, the item being worked on (1-based),
 * once it ended (or before it starts), the items handled.
 */
export function jobCurrentIndex(job: ProgressOf): number {
  const total = Math.max(0, job.progress.total);
  if (job.status === 'pending') return 0;
  if (isJobFinished(job.status)) return jobDoneCount(job);
  return Math.min(total, jobDoneCount(job) + 1);
}
