import { queryOptions } from '@tanstack/react-query';
import { dictionaryJobSchema } from '../../../../shared/api/dictionary';
import { uploadPaths } from '../../../../shared/api/uploads';
import { apiClient } from '../../../lib/api-client';

/** The results are not shown here; the list is refetched when the job ends instead. */
const jobStatusSchema = dictionaryJobSchema.pick({ jobId: true, kind: true, status: true, progress: true });

/** A maintenance job polled alongside the socket, so a missed last message cannot leave it "running". */
export const DICTIONARY_JOB_POLL_INTERVAL_MS = 3000;

export function fetchDictionaryJobStatus(jobId: string, signal?: AbortSignal) {
  return apiClient.get(uploadPaths.job(jobId), jobStatusSchema, { signal });
}

export const dictionaryJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ['dictionary-job', jobId] as const,
    queryFn: ({ signal }) => fetchDictionaryJobStatus(jobId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: DICTIONARY_JOB_POLL_INTERVAL_MS,
  });
