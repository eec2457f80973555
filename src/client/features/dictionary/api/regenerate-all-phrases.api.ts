import { dictionaryPaths, regenerateAllPhrasesResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Starts a job giving every active word a new example, translation and audio. */
export function regenerateAllPhrases() {
  return apiClient.post(dictionaryPaths.regenerateAllPhrases, regenerateAllPhrasesResponseSchema);
}
