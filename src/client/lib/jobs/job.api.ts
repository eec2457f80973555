import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type Job, jobPaths, jobSchema } from '../../../shared/api/jobs';
import { apiClient, HttpError } from '../api-client';
import { shouldRetryQuery } from '../query-client';
import { queryKeys } from '../query-keys';
import {
  JOB_POLL_INTERVAL_MS,
  type JobSnapshot,
  mergeJobSnapshot,
  shouldPollJob,
  snapshotFromAnswer,
} from './job-state';

/** `GET /api/jobs/:id`: any kind of job (upload, dictionary maintenance, translation fix, audio). */
export async function fetchJob(jobId: string, signal?: AbortSignal): Promise<JobSnapshot<never>> {
  return snapshotFromAnswer(await apiClient.get(jobPaths.job(jobId), jobSchema, { signal }));
}

/** A job that is not (or no longer) this learner's: asking again cannot bring it back. */
export function isJobGone(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/**
 * One job's entry, the one store of everything known about it: read on mount (a reload picks the job up
 * again) and every 2 s until it is finished. Socket messages are written into the same entry, and every
 * answer is merged rather than replaced, so neither source can move the job backwards.
 */
export const jobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.jobs.byId(jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    // Always worth asking on mount: a job may have moved on while the learner was on another screen.
    staleTime: 0,
    refetchInterval: (query) =>
      !isJobGone(query.state.error) && shouldPollJob(query.state.data) ? JOB_POLL_INTERVAL_MS : false,
    // The poll keeps running in a background tab: the job is the learner's reason to wait.
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isJobGone(error) && shouldRetryQuery(failureCount, error),
    structuralSharing: (previous, next) =>
      mergeJobSnapshot(previous as JobSnapshot | undefined, next as JobSnapshot<never>),
  });

/**
 * A job another call named (the learner's current upload, say), written into its entry the way a status
 * answer is, so the job hook that follows it starts from what the server said and never moves it back.
 */
export function seedJob(queryClient: QueryClient, answer: Job): void {
  queryClient.setQueryData<JobSnapshot>(queryKeys.jobs.byId(answer.jobId), (previous) =>
    mergeJobSnapshot(previous, snapshotFromAnswer(answer)),
  );
}
