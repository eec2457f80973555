import { dictionaryPaths, regenerateImageResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** `POST /api/words/:id/regenerate-image` {style}: a new picture in the chosen style (an id or a key). */
export function regenerateWordImage({ wordId, style }: { wordId: number; style: number | string }) {
  return apiClient.post(
    dictionaryPaths.regenerateImage.replace(':id', String(wordId)),
    regenerateImageResponseSchema,
    { body: { style } },
  );
}
