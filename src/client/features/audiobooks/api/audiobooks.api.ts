import { queryOptions, useQuery } from '@tanstack/react-query';
import { audiobookListSchema, audiobookPaths } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The spec's list cache: always re-read on visit (stale at once), kept a minute. */
const LIBRARY_CACHE_MS = 60_000;

export function fetchAudiobooks(signal?: AbortSignal) {
  return apiClient.get(audiobookPaths.books, audiobookListSchema, { signal });
}

export const audiobooksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.audiobooks.list,
    queryFn: ({ signal }) => fetchAudiobooks(signal),
    staleTime: 0,
    gcTime: LIBRARY_CACHE_MS,
  });

export function useAudiobooks() {
  return useQuery(audiobooksQueryOptions());
}
