import { useMutation } from '@tanstack/react-query';
import { dictionaryPaths, regenerateImageResponseSchema } from '../../../shared/api/dictionary';
import { apiClient } from '../api-client';

/**
 * `POST /api/words/:id/regenerate-image`: one word's new picture, in the chosen style (an id or a key)
 * or else the settings' default style; every earlier version stays in the library.
 */
export function regenerateImage(wordId: number, style?: number | string) {
  return apiClient.post(
    dictionaryPaths.regenerateImage.replace(':id', String(wordId)),
    regenerateImageResponseSchema,
    { body: style === undefined ? {} : { style } },
  );
}

export function useRegenerateImage() {
  return useMutation({ mutationFn: (wordId: number) => regenerateImage(wordId) });
}
