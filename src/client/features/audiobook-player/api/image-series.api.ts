import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPathOf, seriesListSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** docs/product/audiobooks.md#illustration-series: the series are read again every 10 s. */
export const SERIES_POLL_MS = 10_000;

export function fetchImageSeries(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.series(id), seriesListSchema, { signal });
}

export const imageSeriesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.series(id),
    queryFn: ({ signal }) => fetchImageSeries(id, signal),
    staleTime: 0,
    refetchInterval: SERIES_POLL_MS,
  });

export function useImageSeries(id: number) {
  return useQuery(imageSeriesQueryOptions(id));
}
