import { queryOptions, useQuery } from '@tanstack/react-query';
import { imageStatsSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function fetchImageStats(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.imageStats(id), imageStatsSchema, { signal });
}

export const imageStatsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.imageStats(id),
    queryFn: ({ signal }) => fetchImageStats(id, signal),
  });

export function useImageStats(id: number) {
  return useQuery(imageStatsQueryOptions(id));
}
