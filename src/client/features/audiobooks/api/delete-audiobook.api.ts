import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audiobookPathOf, deleteAudiobookResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Deletes a book; the dictionary's audiobook badges change with it. */
export function deleteAudiobook(id: number) {
  return apiClient.delete(audiobookPathOf.book(id), deleteAudiobookResponseSchema);
}

export function useDeleteAudiobook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudiobook,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.words.all });
    },
  });
}
