import { dictionaryPaths, generateMissingImagesResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Starts a job drawing a picture for every word that has none. */
export function generateMissingImages() {
  return apiClient.post(dictionaryPaths.generateMissingImages, generateMissingImagesResponseSchema);
}
