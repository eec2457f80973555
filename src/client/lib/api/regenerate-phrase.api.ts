import { dictionaryPaths, regeneratePhraseResponseSchema } from '../../../shared/api/dictionary';
import { apiClient } from '../api-client';

/** One word's new example sentence, translation and audio; answers the updated word. */
export function regeneratePhrase(wordId: number) {
  return apiClient.post(
    dictionaryPaths.regeneratePhrase.replace(':id', String(wordId)),
    regeneratePhraseResponseSchema,
  );
}
