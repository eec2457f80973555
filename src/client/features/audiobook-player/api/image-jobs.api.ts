import { queryOptions, useQuery } from '@tanstack/react-query';
import { imageJobListSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * docs/product/audiobooks.md#illustration-series: the book's series jobs, read every 5 s as a safety net; the
 * running ones are followed live like any job.
 */
export const IMAGE_JOBS_POLL_MS = 5_000;

export function fetchImageJobs(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.imageJobs(id), imageJobListSchema, { signal });
}

export const imageJobsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.imageJobs(id),
    queryFn: ({ signal }) => fetchImageJobs(id, signal),
    staleTime: 0,
    refetchInterval: IMAGE_JOBS_POLL_MS,
  });

export function useImageJobs(id: number) {
  return useQuery(imageJobsQueryOptions(id));
}
