import { useMutation } from '@tanstack/react-query';
import {
  type ProcessBatchRequest,
  processBatchResponseSchema,
  uploadPaths,
} from '../../../../shared/api/uploads';
import { apiClient } from '../../../lib/api-client';

/** Starts enriching the pasted lines as a background job; the answer is only its id. */
export function processBatch(request: ProcessBatchRequest) {
  return apiClient.post(uploadPaths.processBatch, processBatchResponseSchema, { body: request });
}

export function useProcessBatch() {
  return useMutation({ mutationFn: processBatch });
}
