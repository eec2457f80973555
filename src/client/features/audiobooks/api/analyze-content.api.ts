import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, analyzeContentResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Recomputes each book's counts from its sentences. (docs/product/audiobooks.md#maintenance) */
export function analyzeContent() {
  return apiClient.post(audiobookPaths.analyzeContent, analyzeContentResponseSchema);
}

export function useAnalyzeContent() {
  return useMutation({ mutationFn: analyzeContent });
}
