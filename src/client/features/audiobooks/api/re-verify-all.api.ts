import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, reVerifyAllResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Recomputes every book's words used from its sentences. (docs/product/audiobooks.md#maintenance) */
export function reVerifyAll() {
  return apiClient.post(audiobookPaths.reVerifyAll, reVerifyAllResponseSchema);
}

export function useReVerifyAll() {
  return useMutation({ mutationFn: reVerifyAll });
}
