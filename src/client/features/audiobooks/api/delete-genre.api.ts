import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audiobookPathOf, deleteGenreResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Deletes one of the learner's own genres; the books that had it lose it, so the list is read again. */
export function deleteGenre(id: number) {
  return apiClient.delete(audiobookPathOf.genre(id), deleteGenreResponseSchema);
}

export function useDeleteGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGenre,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all }),
  });
}
