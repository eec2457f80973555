import { deleteWordsResponseSchema, wordsPaths } from '../../../../shared/api/words';
import { apiClient } from '../../../lib/api-client';

/** `DELETE /api/words` with {wordIds}: the selected words, or every active one. */
export function deleteWords(wordIds: readonly number[]) {
  return apiClient.delete(wordsPaths.words, deleteWordsResponseSchema, { body: { wordIds } });
}
