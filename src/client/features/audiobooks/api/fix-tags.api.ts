import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, fixTagsResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Re-links each book's genres from its genre list. (docs/product/audiobooks.md#maintenance) */
export function fixTags() {
  return apiClient.post(audiobookPaths.fixTags, fixTagsResponseSchema);
}

export function useFixTags() {
  return useMutation({ mutationFn: fixTags });
}
