import { useMutation } from '@tanstack/react-query';
import { dictionaryPaths, setPrimaryImageResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Makes one of the gallery's pictures the one the word shows; answers its path. */
export function setPrimaryImage({ wordId, imageId }: { wordId: number; imageId: number }) {
  return apiClient.post(
    dictionaryPaths.setPrimaryImage.replace(':id', String(wordId)),
    setPrimaryImageResponseSchema,
    { body: { imageId } },
  );
}

export function useSetPrimaryImage() {
  return useMutation({ mutationFn: setPrimaryImage });
}
