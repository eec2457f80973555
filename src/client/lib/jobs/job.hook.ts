import { useEffect, useRef } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { isJobFinished, type ServerMessage } from '../../../shared/realtime';
import { useRealtimeMessage } from '../hooks/realtime-message.hook';
import { queryKeys } from '../query-keys';
import { realtimeSocket } from '../realtime-socket';
import { fetchJob, isJobGone, jobQueryOptions } from './job.api';
import {
  applyDetailsMessage,
  applyJobMessage,
  isFinishingMessage,
  isMessageAboutJob,
  type JobDetailsRule,
  type JobSnapshot,
  mergeJobSnapshot,
  SOCKET_WAIT_MS,
  takeNewlyFinished,
} from './job-state';

export interface UseJobOptions<TDetails> {
  /** Called once per job when it has ended (completed, failed or cancelled), with its final snapshot. */
  onFinish?: (job: JobSnapshot<TDetails>) => void;
  /** For a job that sends extra messages of its own without a job id (the translation fix). */
  details?: JobDetailsRule<TDetails>;
}

export interface FollowedJob<TDetails> {
  jobId: string;
  /** Null until first known, and for a job that is gone. */
  job: JobSnapshot<TDetails> | null;
  /** The job's details, or the rule's initial value until its first extra message. */
  details: TDetails | undefined;
  /** The job is not (or no longer) this learner's: the status call answered 404. */
  isGone: boolean;
}

export interface StartJobOptions {
  /** 0 starts at once; a fast job's start waits for the socket, so its first messages are not missed. */
  socketWaitMs?: number;
}

/**
 * The one way to follow background jobs (docs/product/jobs.md): each job's TanStack Query entry
 * (`queryKeys.jobs.byId`) is its one store, fed by `/ws` messages and by the status call, which is asked
 * while the job is unfinished (the safety net when the socket is down or a message was missed) and once
 * more when the socket says it ended (results come only from there). `onFinish` is called once per job.
 * `start` begins a job so that none of its messages is missed, even those sent before its id is known.
 */
export function useJobs<TDetails = never>(jobIds: readonly string[], options: UseJobOptions<TDetails> = {}) {
  const queryClient = useQueryClient();
  const latest = useRef({ jobIds, options });
  useEffect(() => {
    latest.current = { jobIds, options };
  });
  // Started here but not yet among `jobIds` (the screen renders the new id a moment later).
  const started = useRef(new Set<string>());
  const finalReads = useRef(new Set<string>());
  const reported = useRef(new Set<string>());

  const queries = useQueries({ queries: jobIds.map((jobId) => jobQueryOptions(jobId)) });

  const idsKey = jobIds.join('\n');
  useEffect(() => {
    const followed = idsKey.split('\n').filter(Boolean);
    for (const jobId of followed) {
      started.current.delete(jobId);
      // The socket remembers subscriptions and sends them again after a reconnect.
      if (!reported.current.has(jobId)) realtimeSocket.subscribeToJob(jobId);
    }
    // A job the screen stopped following (dismissed, replaced) is not subscribed to again on reconnect.
    return () => {
      for (const jobId of followed) realtimeSocket.forgetJob(jobId);
    };
  }, [idsKey]);

  const handle = (jobId: string, message: ServerMessage) => {
    const key = queryKeys.jobs.byId(jobId);
    if (isMessageAboutJob(message, jobId)) {
      if (!isFinishingMessage(message)) {
        queryClient.setQueryData<JobSnapshot<TDetails>>(key, (previous) =>
          applyJobMessage(previous, message),
        );
        return;
      }
      if (finalReads.current.has(jobId)) return;
      finalReads.current.add(jobId);
      // Results come only from the status call: it is read once more before the job shows as ended, so
      // the end is never shown without them. If that read fails, the job stays unfinished here and the
      // poll, still running, brings the end with its results.
      void fetchJob(jobId).then(
        (answer) =>
          queryClient.setQueryData<JobSnapshot<TDetails>>(key, (previous) =>
            applyJobMessage(mergeJobSnapshot(previous, answer), message),
          ),
        () => {
          finalReads.current.delete(jobId);
        },
      );
      return;
    }
    const rule = latest.current.options.details;
    const current = queryClient.getQueryData<JobSnapshot<TDetails>>(key);
    if (rule && current && !isJobFinished(current.status))
      queryClient.setQueryData<JobSnapshot<TDetails>>(key, (previous) =>
        applyDetailsMessage(previous, rule, message),
      );
  };

  useRealtimeMessage((message) => {
    for (const jobId of new Set([...latest.current.jobIds, ...started.current])) handle(jobId, message);
  });

  // The entry is shared by every screen; the details a screen folds into it are of its own rule's type.
  const snapshots = queries.map((query) => query.data as JobSnapshot<TDetails> | undefined);
  useEffect(() => {
    for (const job of takeNewlyFinished(snapshots, reported.current)) {
      // Forgotten at the end, so a reconnect does not subscribe to it again.
      realtimeSocket.forgetJob(job.jobId);
      latest.current.options.onFinish?.(job);
    }
  });

  /**
   * Starts a job: waits for the socket (unless told not to), keeps every message that arrives while the
   * server answers, then seeds the job's entry from the answer and replays those messages into it.
   */
  const start = async <TAnswer extends { jobId: string }>(
    request: () => Promise<TAnswer>,
    seed: (answer: TAnswer) => JobSnapshot<never>,
    { socketWaitMs = SOCKET_WAIT_MS }: StartJobOptions = {},
  ): Promise<TAnswer> => {
    if (socketWaitMs > 0) await realtimeSocket.whenOpen(socketWaitMs);
    const early: ServerMessage[] = [];
    const stopKeeping = realtimeSocket.listen((message) => early.push(message));
    let answer: TAnswer;
    try {
      answer = await request();
    } finally {
      stopKeeping();
    }
    started.current.add(answer.jobId);
    queryClient.setQueryData<JobSnapshot<TDetails>>(queryKeys.jobs.byId(answer.jobId), seed(answer));
    for (const message of early) handle(answer.jobId, message);
    realtimeSocket.subscribeToJob(answer.jobId);
    return answer;
  };

  const jobs: FollowedJob<TDetails>[] = jobIds.map((jobId, index) => {
    const query = queries[index];
    const isGone = isJobGone(query?.error);
    const job = isGone ? null : (snapshots[index] ?? null);
    return { jobId, job, details: job?.details ?? options.details?.initial, isGone };
  });
  return { jobs, start };
}

/** One job: `useJobs` for a single id, or none yet. */
export function useJob<TDetails = never>(jobId: string | null, options: UseJobOptions<TDetails> = {}) {
  const { jobs, start } = useJobs(jobId ? [jobId] : [], options);
  const followed = jobs[0];
  return {
    job: followed?.job ?? null,
    details: followed?.details ?? options.details?.initial,
    isGone: followed?.isGone ?? false,
    start,
  };
}
