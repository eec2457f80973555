import { useMutation, useQueryClient } from '@tanstack/react-query';
import { audiobookPathOf, audiobookSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function renameAudiobook({ id, title }: { id: number; title: string }) {
  return apiClient.patch(audiobookPathOf.book(id), audiobookSchema, { body: { title } });
}

export function useRenameAudiobook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameAudiobook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all }),
  });
}
