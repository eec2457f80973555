import { dictionaryPaths, deleteWithoutImagesResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Deletes every word that has no picture; answers how many went. */
export function deleteWithoutImages() {
  return apiClient.post(dictionaryPaths.deleteWithoutImages, deleteWithoutImagesResponseSchema);
}
