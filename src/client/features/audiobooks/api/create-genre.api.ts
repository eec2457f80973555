import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audiobookPaths, genreSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function createGenre(name: string) {
  return apiClient.post(audiobookPaths.genres, genreSchema, { body: { name } });
}

export function useCreateGenre() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGenre,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.genresAll }),
  });
}
