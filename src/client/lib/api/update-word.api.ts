import { useMutation } from '@tanstack/react-query';
import { type WordUpdate, wordListItemSchema, wordsPaths } from '../../../shared/api/words';
import { apiClient } from '../api-client';

export const wordPath = (wordId: number) => wordsPaths.word.replace(':id', String(wordId));

/** `PUT /api/words/:id` with {isActive} (eye toggle, bulk hide) or {imageUrl} (media library). */
export function updateWord({ wordId, update }: { wordId: number; update: WordUpdate }) {
  return apiClient.put(wordPath(wordId), wordListItemSchema, { body: update });
}

export function useUpdateWord() {
  return useMutation({ mutationFn: updateWord });
}
