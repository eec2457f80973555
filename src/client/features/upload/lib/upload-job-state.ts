import { z } from 'zod';
import type { UploadJob, UploadResults } from '../../../../shared/api/uploads';
import type { JobProgress, ServerMessage } from '../../../../shared/realtime';
import { isJobFinished, type JobStatus } from '../../../lib/job-status';
import { isUploadStage } from './upload-stages';

type JobProgressMessage = Extract<ServerMessage, { type: 'jobProgress' }>;

/** Polling interval while the job is not finished: the fallback when the socket is down, and after a reload. */
export const JOB_POLL_INTERVAL_MS = 2000;

/** The job as it stands right after the server accepted it, before the first poll or socket message. */
export function pendingJob(jobId: string, total: number): UploadJob {
  return {
    jobId,
    status: 'pending',
    progress: {
      total,
      processed: 0,
      failed: 0,
      stage: 'pending',
      currentWord: null,
      estimatedTimeRemaining: null,
      stages: [],
    },
    results: null,
    error: null,
  };
}

/** A socket progress message as a job snapshot; results only ever come from `GET /api/words/job/:id`. */
export function jobFromProgressMessage(message: JobProgressMessage): UploadJob {
  const { stages, ...progress } = message.progress;
  return {
    jobId: message.jobId,
    status: message.status,
    progress: {
      ...progress,
      stages: (stages ?? []).flatMap((stage) =>
        isUploadStage(stage.name) ? [{ ...stage, name: stage.name }] : [],
      ),
    },
    results: null,
    error: null,
  };
}

const STATUS_RANK: Record<JobStatus, number> = {
  pending: 0,
  processing: 1,
  completed: 2,
  failed: 2,
  cancelled: 2,
};

function workDone(progress: UploadJob['progress']): number {
  return (
    progress.processed + progress.failed + progress.stages.reduce((sum, stage) => sum + stage.completed, 0)
  );
}

/**
 * The socket and the poll both feed one snapshot, and either can arrive late: a poll answered just before
 * a socket message lands after it. So a job never moves backwards (in status or in work done), a message
 * without stage counts keeps the last known ones, and results or an error message once known are kept.
 */
export function mergeJobSnapshot(previous: UploadJob | undefined, incoming: UploadJob): UploadJob {
  if (!previous || previous.jobId !== incoming.jobId) return incoming;
  if (isJobFinished(previous.status) && !isJobFinished(incoming.status)) return previous;
  const status =
    STATUS_RANK[incoming.status] >= STATUS_RANK[previous.status] ? incoming.status : previous.status;
  const stages = incoming.progress.stages.length > 0 ? incoming.progress.stages : previous.progress.stages;
  const candidate = { ...incoming.progress, stages };
  const isBehind = !isJobFinished(incoming.status) && workDone(candidate) < workDone(previous.progress);
  return {
    ...incoming,
    status,
    progress: isBehind ? previous.progress : candidate,
    results: incoming.results ?? previous.results,
    error: incoming.error ?? previous.error,
  };
}

/** Words handled so far (enriched or failed); the progress bar and the index count both. */
export function wordsDone(progress: Pick<JobProgress, 'processed' | 'failed'>): number {
  return Math.max(0, progress.processed) + Math.max(0, progress.failed);
}

/** Whole percent, clamped to 0–100 (spec part 1 §5); a finished job with nothing to do is at 100. */
export function jobPercent(job: {
  status: JobStatus;
  progress: Pick<JobProgress, 'total' | 'processed' | 'failed'>;
}) {
  const { total } = job.progress;
  if (total <= 0) return job.status === 'completed' ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((wordsDone(job.progress) / total) * 100)));
}

/** "Word 5 of 30": the word being worked on while active (1-based), the words handled once finished. */
export function jobCurrentIndex(job: {
  status: JobStatus;
  progress: Pick<JobProgress, 'total' | 'processed' | 'failed'>;
}): number {
  const done = wordsDone(job.progress);
  const total = Math.max(0, job.progress.total);
  if (isJobFinished(job.status) || job.status === 'pending') return Math.min(done, total);
  return Math.min(done + 1, total);
}

/** Milliseconds to whole minutes and seconds, rounded up to 5 s so the estimate does not flicker. */
export function splitRemaining(ms: number | null): { minutes: number; seconds: number } | null {
  if (ms === null || !Number.isFinite(ms) || ms <= 0) return null;
  const totalSeconds = Math.ceil(ms / 5000) * 5;
  return { minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 };
}

export interface UploadSummary {
  added: number;
  duplicates: number;
  activeDuplicates: number;
  inactiveDuplicates: number;
  errors: number;
  /** The completion message turns destructive when nothing was added (spec part 1 "Upload screen"). */
  isNothingAdded: boolean;
}

export function summarizeResults(results: UploadResults | null): UploadSummary {
  const words = results?.words ?? [];
  const duplicates = results?.duplicates ?? [];
  const activeDuplicates = duplicates.filter((duplicate) => duplicate.isActive).length;
  return {
    added: words.length,
    duplicates: duplicates.length,
    activeDuplicates,
    inactiveDuplicates: duplicates.length - activeDuplicates,
    errors: results?.errors.length ?? 0,
    isNothingAdded: words.length === 0,
  };
}

/** What is kept in localStorage about the watched job. */
const storedUploadJobSchema = z.object({ jobId: z.string().min(1), hasNotified: z.boolean() });
export type StoredUploadJob = z.infer<typeof storedUploadJobSchema>;

export function parseStoredUploadJob(raw: string | null): StoredUploadJob | null {
  if (!raw) return null;
  try {
    const parsed = storedUploadJobSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface WordStats {
  total: number;
  hidden: number;
  studying: number;
  listened: number;
}

/** The statistics block: hidden means isActive false (spec part 1 §4); listened sums the listen counts. */
export function wordStats(words: readonly { isActive: boolean; listenCount: number }[]): WordStats {
  let hidden = 0;
  let listened = 0;
  for (const word of words) {
    if (!word.isActive) hidden += 1;
    listened += Math.max(0, word.listenCount);
  }
  return { total: words.length, hidden, studying: words.length - hidden, listened };
}

/** Long result lists grow by this many rows per "show more", so a 5,000-line upload never renders at once. */
export const RESULT_PAGE_SIZE = 50;

export function nextVisibleCount(visible: number, total: number, pageSize = RESULT_PAGE_SIZE): number {
  return Math.min(total, visible + pageSize);
}
