import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerPathOf, sentenceChangeResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `POST …/sentences/:sentenceId/regenerate-spanish`: the sentence as it is now. */
export function regenerateSpanish({ id, sentenceId }: { id: number; sentenceId: number }) {
  return apiClient.post(
    playerPathOf.sentenceAction(id, sentenceId, 'regenerate-spanish'),
    sentenceChangeResponseSchema,
  );
}

export function useRegenerateSpanish(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateSpanish,
    onSuccess: () => refreshBook(queryClient, id),
  });
}
