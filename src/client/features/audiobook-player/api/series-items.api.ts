import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPathOf, seriesItemListSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A series' pictures as paths, one per sentence it has drawn. */
export function fetchSeriesItems(id: number, seriesId: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.seriesItems(id, seriesId), seriesItemListSchema, { signal });
}

export const seriesItemsQueryOptions = (id: number, seriesId: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.seriesItems(id, seriesId),
    queryFn: ({ signal }) => fetchSeriesItems(id, seriesId, signal),
    staleTime: 0,
  });

export function useSeriesItems(id: number, seriesId: number | null) {
  return useQuery({
    ...seriesItemsQueryOptions(id, seriesId ?? 0),
    enabled: seriesId !== null,
  });
}
