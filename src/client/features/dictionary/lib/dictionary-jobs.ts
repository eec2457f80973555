import { type DictionaryJobKind, dictionaryJobResultsSchema } from '../../../../shared/api/dictionary';
import type { JobStatus } from '../../../../shared/realtime';
import { jobPercent as percentOfJob } from '../../../lib/jobs/job-progress';
import type { JobSnapshot } from '../../../lib/jobs/job-state';

/** A maintenance job the screen started: its id and kind; everything else is in the job's own entry. */
export interface StartedJob {
  jobId: string;
  kind: DictionaryJobKind;
}

/** One row of the jobs panel. */
export interface TrackedJob {
  jobId: string;
  kind: DictionaryJobKind;
  status: JobStatus;
  total: number;
  processed: number;
  failed: number;
  currentWord: string | null;
}

/** A row from the followed job; null while nothing is known of it yet. */
export function trackedJobOf(started: StartedJob, job: JobSnapshot | null): TrackedJob | null {
  if (!job) return null;
  const { total, processed, failed, currentWord } = job.progress;
  return {
    jobId: started.jobId,
    kind: started.kind,
    status: job.status,
    total,
    processed,
    failed,
    currentWord,
  };
}

/** One job per kind at a time: a new job of a kind replaces the previous one of that kind. */
export function trackJob(jobs: readonly StartedJob[], job: StartedJob): readonly StartedJob[] {
  return [...jobs.filter((candidate) => candidate.kind !== job.kind), job];
}

/** The one percent rule of every job screen (docs/product/upload.md#overall-progress). */
export function jobPercent(job: Pick<TrackedJob, 'status' | 'total' | 'processed'>): number {
  return percentOfJob({
    status: job.status,
    progress: { total: job.total, processed: job.processed, failed: 0 },
  });
}

/**
 * What a finished job did, for its end toast (docs/product/dictionary.md#maintenance-actions): `changed`
 * is the real count (pictures drawn, words whose tags were filled…), against `total`, the words the job
 * was started with, which is all the start's answer could count. Undefined when the job has no readable
 * results (the toast then says what its progress counted).
 */
export function finishedCountsOf(
  job: Pick<JobSnapshot, 'results' | 'progress'>,
): { changed: number; processed: number; failed: number; total: number } | undefined {
  const results = dictionaryJobResultsSchema.safeParse(job.results);
  if (!results.success) return undefined;
  const { changed, processed, failed } = results.data;
  return { changed, processed, failed, total: job.progress.total };
}
