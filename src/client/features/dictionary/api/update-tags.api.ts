import { dictionaryPaths, updateTagsResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Starts a job re-analysing the words missing a CEFR level, part of speech or theme. */
export function updateTags() {
  return apiClient.post(dictionaryPaths.updateTags, updateTagsResponseSchema);
}
