import { queryOptions, useQuery } from '@tanstack/react-query';
import { audiobookPathOf, audiobookSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { PLAYER_READ_RETRY } from './player-retry';

export function fetchAudiobook(id: number, signal?: AbortSignal) {
  return apiClient.get(audiobookPathOf.book(id), audiobookSchema, { signal });
}

export const audiobookQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.book(id),
    queryFn: ({ signal }) => fetchAudiobook(id, signal),
    ...PLAYER_READ_RETRY,
  });

export function useAudiobook(id: number, options: { isEnabled: boolean }) {
  return useQuery({ ...audiobookQueryOptions(id), enabled: options.isEnabled });
}
