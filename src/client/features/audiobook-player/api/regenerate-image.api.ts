import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playerPathOf, sentenceImageResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshBook } from './refresh-book';

/**
 * `POST …/sentences/:sentenceId/regenerate-image`: drawn into the series shown, else the book's own picture
 * with the default style and provider (docs/product/audiobooks.md#pictures-and-cover).
 */
export function regenerateImage({ id, sentenceId }: { id: number; sentenceId: number }) {
  return apiClient.post(
    playerPathOf.sentenceAction(id, sentenceId, 'regenerate-image'),
    sentenceImageResponseSchema,
  );
}

export function useRegenerateImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateImage,
    onSuccess: async (answer) => {
      await refreshBook(queryClient, id);
      if (answer.seriesId !== null) {
        await queryClient.invalidateQueries({
          queryKey: queryKeys.audiobooks.seriesItems(id, answer.seriesId),
        });
      }
    },
  });
}
