import { queryOptions, type QueryClient, useMutation } from '@tanstack/react-query';
import { currentUploadSchema, dismissUploadSchema } from '../../../../shared/api/jobs';
import { uploadPaths } from '../../../../shared/api/uploads';
import { apiClient } from '../../../lib/api-client';
import { getPreferringEarly } from '../../../lib/api/early-answers';
import { seedJob } from '../../../lib/jobs/job.api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET /api/words/upload-jobs/current` (docs/product/upload.md#the-upload-comes-back): the learner's running
 * or last finished upload, whichever tab or device started it. The answer also seeds that job's own entry,
 * which the job hook then follows.
 */
export const currentUploadQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.uploads.current,
    queryFn: async ({ signal }) => {
      const answer = await getPreferringEarly(uploadPaths.current, currentUploadSchema, { signal });
      if (answer.job) seedJob(queryClient, answer.job);
      return answer;
    },
    // Asked on every visit: another tab or device may have started or closed an upload meanwhile.
    staleTime: 0,
  });

/** Closes a finished upload's report for every device. */
export function dismissUpload(jobId: string) {
  return apiClient.post(uploadPaths.dismiss(jobId), dismissUploadSchema);
}

export function useDismissUpload() {
  return useMutation({ mutationFn: dismissUpload });
}
