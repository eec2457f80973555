import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, optimizeCoversResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Gives every book a small stored cover. (docs/product/audiobooks.md#maintenance) */
export function optimizeCovers() {
  return apiClient.post(audiobookPaths.optimizeCovers, optimizeCoversResponseSchema);
}

export function useOptimizeCovers() {
  return useMutation({ mutationFn: optimizeCovers });
}
