import type { DictionaryJobKind } from '../../../../shared/api/dictionary';
import type { JobProgress, ServerMessage } from '../../../../shared/realtime';
import { isJobFinished, type JobStatus } from '../../../lib/job-status';

/**
 * The maintenance jobs the screen started and follows: one per kind at a time, moved by `jobProgress`
 * and `jobStatus` messages, never backwards (a late message of an older state is ignored).
 */
export interface TrackedJob {
  jobId: string;
  kind: DictionaryJobKind;
  status: JobStatus;
  total: number;
  processed: number;
  failed: number;
  currentWord: string | null;
}

export function startedJob(jobId: string, kind: DictionaryJobKind, totalWords: number): TrackedJob {
  return { jobId, kind, status: 'pending', total: totalWords, processed: 0, failed: 0, currentWord: null };
}

function withProgress(job: TrackedJob, status: JobStatus, progress: JobProgress | null): TrackedJob {
  if (isJobFinished(job.status)) return job;
  return {
    ...job,
    status,
    total: progress?.total ?? job.total,
    processed: Math.max(job.processed, progress?.processed ?? 0),
    failed: Math.max(job.failed, progress?.failed ?? 0),
    currentWord: progress ? progress.currentWord : job.currentWord,
  };
}

/** The jobs after one socket message; the same array when the message is about none of them. */
export function applyJobMessage(jobs: readonly TrackedJob[], message: ServerMessage): readonly TrackedJob[] {
  if (message.type !== 'jobProgress' && message.type !== 'jobStatus') return jobs;
  const index = jobs.findIndex((job) => job.jobId === message.jobId);
  const job = jobs[index];
  if (!job) return jobs;
  const next =
    message.type === 'jobProgress'
      ? withProgress(job, message.status, message.progress)
      : withProgress(job, message.status, null);
  if (next === job) return jobs;
  return jobs.map((candidate, position) => (position === index ? next : candidate));
}

/** A new job of a kind replaces the previous one of that kind. */
export function trackJob(jobs: readonly TrackedJob[], job: TrackedJob): readonly TrackedJob[] {
  return [...jobs.filter((candidate) => candidate.kind !== job.kind), job];
}

export function jobPercent(job: Pick<TrackedJob, 'status' | 'total' | 'processed'>): number {
  if (job.status === 'completed') return 100;
  if (job.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((job.processed / job.total) * 100)));
}
