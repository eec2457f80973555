import { hideWordResponseSchema, wordsPaths } from '../../../../shared/api/words';
import { apiClient } from '../../../lib/api-client';

/** 'Убрать из изучения' (docs/product/learn.md#taking-a-word-out-of-study): answers the undo token. */
export function hideWord(wordId: number) {
  return apiClient.post(wordsPaths.hide.replace(':id', String(wordId)), hideWordResponseSchema);
}
