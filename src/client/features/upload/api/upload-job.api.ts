import { queryOptions, useQuery } from '@tanstack/react-query';
import { type UploadJob, uploadJobSchema, uploadPaths } from '../../../../shared/api/uploads';
import { HttpError } from '../../../lib/api-client';
import { apiClient } from '../../../lib/api-client';
import { shouldRetryQuery } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { JOB_POLL_INTERVAL_MS, mergeJobSnapshot } from '../lib/upload-job-state';
import { isJobFinished } from '../../../lib/job-status';

export function fetchUploadJob(jobId: string, signal?: AbortSignal) {
  return apiClient.get(uploadPaths.job(jobId), uploadJobSchema, { signal });
}

/** A job that is not (or no longer) this learner's: asking again cannot bring it back. */
export function isJobGone(error: unknown): boolean {
  return error instanceof HttpError && error.status === 404;
}

/**
 * `GET /api/words/job/:id`, read once on mount (a reload picks the job up again) and every 2 s until the
 * job is finished, alongside the socket. Socket messages are written into the same entry, and every
 * answer is merged rather than replaced, so neither source can move the job backwards.
 */
export const uploadJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: queryKeys.uploads.job(jobId),
    queryFn: ({ signal }) => fetchUploadJob(jobId, signal),
    // Always worth asking on mount: a job may have moved on while the learner was on another screen.
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (isJobGone(query.state.error)) return false;
      return status && isJobFinished(status) ? false : JOB_POLL_INTERVAL_MS;
    },
    // The poll keeps running in a background tab: the job is the learner's reason to wait.
    refetchIntervalInBackground: true,
    retry: (failureCount, error) => !isJobGone(error) && shouldRetryQuery(failureCount, error),
    structuralSharing: (previous, next) =>
      mergeJobSnapshot(previous as UploadJob | undefined, next as UploadJob),
  });

export function useUploadJobQuery(jobId: string | null) {
  return useQuery({ ...uploadJobQueryOptions(jobId ?? ''), enabled: jobId !== null });
}
