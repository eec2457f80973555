import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerPathOf, sentenceChangeResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `POST …/sentences/:sentenceId/regenerate-audio`: the sentence as it is now. */
export function regenerateAudio({ id, sentenceId }: { id: number; sentenceId: number }) {
  return apiClient.post(
    playerPathOf.sentenceAction(id, sentenceId, 'regenerate-audio'),
    sentenceChangeResponseSchema,
  );
}

export function useRegenerateAudio(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateAudio,
    onSuccess: () => refreshBook(queryClient, id),
  });
}
