import { useMutation, useQueryClient } from '@tanstack/react-query';
import { coverResponseSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `PUT …/cover`: the picture shown on that sentence becomes the book's cover. */
export function makeCover({ id, sentenceId }: { id: number; sentenceId: number }) {
  return apiClient.put(playerPathOf.cover(id), coverResponseSchema, { body: { sentenceId } });
}

export function useMakeCover(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: makeCover, onSuccess: () => refreshBook(queryClient, id) });
}
