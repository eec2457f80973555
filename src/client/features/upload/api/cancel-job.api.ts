import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { uploadPaths } from '../../../../shared/api/uploads';
import { apiClient } from '../../../lib/api-client';

/** The contract names no answer body; the job's new status arrives over `/ws` and the next poll. */
export function cancelJob(jobId: string) {
  return apiClient.post(uploadPaths.cancel(jobId), z.unknown());
}

export function useCancelJob() {
  return useMutation({ mutationFn: cancelJob });
}
