import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerPathOf, sentenceChangeResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `POST …/sentences/:sentenceId/regenerate-russian`: the sentence as it is now. */
export function regenerateRussian({ id, sentenceId }: { id: number; sentenceId: number }) {
  return apiClient.post(
    playerPathOf.sentenceAction(id, sentenceId, 'regenerate-russian'),
    sentenceChangeResponseSchema,
  );
}

export function useRegenerateRussian(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRussian,
    onSuccess: () => refreshBook(queryClient, id),
  });
}
