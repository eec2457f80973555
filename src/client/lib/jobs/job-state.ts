import type { CodedError } from '../../../shared/api/errors';
import type { Job } from '../../../shared/api/jobs';
import {
  emptyJobProgress,
  isJobFinished,
  type JobProgress,
  type JobStatus,
  type ServerMessage,
} from '../../../shared/realtime';

/**
 * The rules of following one background job (docs/product/jobs.md), free of React: the socket and the
 * job status call both feed one snapshot per job, and these functions decide what that snapshot becomes.
 */

/** The status call is asked this often while the job is unfinished: the safety net under the socket. */
export const JOB_POLL_INTERVAL_MS = 2000;
/** How long a start waits for the socket to open: long enough on a slow start, short enough not to hang. */
export const SOCKET_WAIT_MS = 3000;

export interface JobSnapshot<TDetails = unknown> {
  jobId: string;
  /** upload, regenerate-all-phrases… ; null until the server has said. */
  kind: string | null;
  status: JobStatus;
  progress: JobProgress;
  /** Only ever from the status call, and only once the job is finished. */
  results: unknown;
  error: CodedError | null;
  /** What a screen gathers from the job's extra messages (translation corrections…); never from the poll. */
  details?: TDetails;
}

/** How a screen folds a job's extra socket messages (those without a job id) into the job's details. */
export interface JobDetailsRule<TDetails> {
  initial: TDetails;
  reduce: (details: TDetails, message: ServerMessage) => TDetails;
}

/** No details: those come from the socket only, so an answer can stand for a job of any screen. */
export function snapshotFromAnswer(answer: Job): JobSnapshot<never> {
  return {
    jobId: answer.jobId,
    kind: answer.kind,
    status: answer.status,
    progress: answer.progress,
    results: answer.results,
    error: answer.error,
  };
}

/** The job as it stands right after the server accepted it, before the first poll or socket message. */
export function pendingJob(
  jobId: string,
  total: number,
  kind: string | null = null,
  stages?: JobProgress['stages'],
): JobSnapshot<never> {
  return {
    jobId,
    kind,
    status: 'pending',
    progress: { ...emptyJobProgress(total), ...(stages ? { stages } : {}) },
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

function workDone(progress: JobProgress): number {
  const stagesDone = (progress.stages ?? []).reduce((sum, stage) => sum + stage.completed, 0);
  return progress.processed + progress.failed + stagesDone;
}

/**
 * Either source can arrive late (a poll answered just before a socket message lands after it), so a job
 * never moves backwards, in status or in work done; a message without stage counts keeps the last known
 * ones; results, an error message and the screen's details once known are kept.
 */
export function mergeJobSnapshot<TDetails>(
  previous: JobSnapshot<TDetails> | undefined,
  incoming: JobSnapshot<TDetails>,
): JobSnapshot<TDetails> {
  if (!previous || previous.jobId !== incoming.jobId) return incoming;
  if (isJobFinished(previous.status) && !isJobFinished(incoming.status)) return previous;
  const status =
    STATUS_RANK[incoming.status] >= STATUS_RANK[previous.status] ? incoming.status : previous.status;
  const stages =
    incoming.progress.stages && incoming.progress.stages.length > 0
      ? incoming.progress.stages
      : previous.progress.stages;
  const candidate: JobProgress = { ...incoming.progress, ...(stages ? { stages } : {}) };
  const isBehind = !isJobFinished(incoming.status) && workDone(candidate) < workDone(previous.progress);
  return {
    ...incoming,
    kind: incoming.kind ?? previous.kind,
    status,
    progress: isBehind ? previous.progress : candidate,
    results: incoming.results ?? previous.results,
    error: incoming.error ?? previous.error,
    details: incoming.details ?? previous.details,
  };
}

type JobMessage = Extract<ServerMessage, { type: 'jobProgress' | 'jobStatus' }>;

/** A `jobProgress` or `jobStatus` message about this job. */
export function isMessageAboutJob(message: ServerMessage, jobId: string): message is JobMessage {
  return (message.type === 'jobProgress' || message.type === 'jobStatus') && message.jobId === jobId;
}

/** The job says it has ended: its results are then read once more from the status call. */
export function isFinishingMessage(message: JobMessage): boolean {
  return isJobFinished(message.status);
}

/** The snapshot after one socket message about it; the same object when the message changes nothing. */
export function applyJobMessage<TDetails>(
  previous: JobSnapshot<TDetails> | undefined,
  message: JobMessage,
): JobSnapshot<TDetails> | undefined {
  if (previous && previous.jobId !== message.jobId) return previous;
  if (message.type === 'jobStatus') {
    if (!previous) return undefined;
    return mergeJobSnapshot(previous, { ...previous, status: message.status });
  }
  const incoming: JobSnapshot<TDetails> = {
    jobId: message.jobId,
    kind: message.kind,
    status: message.status,
    progress: message.progress,
    results: null,
    error: null,
  };
  return mergeJobSnapshot(previous, incoming);
}

/** The snapshot after one of the job's extra messages, folded by the screen's rule into its details. */
export function applyDetailsMessage<TDetails>(
  previous: JobSnapshot<TDetails> | undefined,
  rule: JobDetailsRule<TDetails>,
  message: ServerMessage,
): JobSnapshot<TDetails> | undefined {
  if (!previous) return previous;
  const details = previous.details ?? rule.initial;
  const next = rule.reduce(details, message);
  return next === details ? previous : { ...previous, details: next };
}

/** The status call keeps being asked until the job has ended (or is gone). */
export function shouldPollJob(snapshot: Pick<JobSnapshot, 'status'> | undefined): boolean {
  return !snapshot || !isJobFinished(snapshot.status);
}

/**
 * Finish is reported once per job, whichever source told it first (the socket, the poll, the first read
 * after a reload). Returns the jobs to report now and records them as reported.
 */
export function takeNewlyFinished<T extends Pick<JobSnapshot, 'jobId' | 'status'>>(
  snapshots: readonly (T | undefined)[],
  reported: Set<string>,
): T[] {
  const finished: T[] = [];
  for (const snapshot of snapshots) {
    if (!snapshot || !isJobFinished(snapshot.status) || reported.has(snapshot.jobId)) continue;
    reported.add(snapshot.jobId);
    finished.push(snapshot);
  }
  return finished;
}
