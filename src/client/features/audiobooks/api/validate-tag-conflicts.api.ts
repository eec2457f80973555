import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, validateTagConflictsResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Removes genre links that contradict a book's genre list. (docs/product/audiobooks.md#maintenance) */
export function validateTagConflicts() {
  return apiClient.post(audiobookPaths.validateTagConflicts, validateTagConflictsResponseSchema);
}

export function useValidateTagConflicts() {
  return useMutation({ mutationFn: validateTagConflicts });
}
