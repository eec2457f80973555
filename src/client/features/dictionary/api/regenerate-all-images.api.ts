import { dictionaryPaths, regenerateAllImagesResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Starts a job drawing a new picture for every word in the default style. */
export function regenerateAllImages() {
  return apiClient.post(dictionaryPaths.regenerateAllImages, regenerateAllImagesResponseSchema);
}
