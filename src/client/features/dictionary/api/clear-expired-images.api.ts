import { dictionaryPaths, clearExpiredImagesResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Starts a job dropping picture references whose media is gone or no longer loads. */
export function clearExpiredImages() {
  return apiClient.post(dictionaryPaths.clearExpiredImages, clearExpiredImagesResponseSchema);
}
