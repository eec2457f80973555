import { useMutation } from '@tanstack/react-query';
import { dictionaryPaths, regenerateImageResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** One word's new picture in the settings' default style; every earlier version stays in the library. */
export function regenerateImage(wordId: number) {
  return apiClient.post(
    dictionaryPaths.regenerateImage.replace(':id', String(wordId)),
    regenerateImageResponseSchema,
    { body: {} },
  );
}

export function useRegenerateImage() {
  return useMutation({ mutationFn: regenerateImage });
}
