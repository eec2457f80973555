import { queryOptions, useQuery } from '@tanstack/react-query';
import { audioStatusSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** docs/product/audiobooks.md#audio-status: polled every 10 s while it is shown. */
export const AUDIO_STATUS_POLL_MS = 10_000;

export function fetchAudioStatus(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.audioStatus(id), audioStatusSchema, { signal });
}

export const audioStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.audioStatus(id),
    queryFn: ({ signal }) => fetchAudioStatus(id, signal),
    staleTime: 0,
    refetchInterval: AUDIO_STATUS_POLL_MS,
  });

export function useAudioStatus(id: number, options: { isEnabled: boolean }) {
  return useQuery({ ...audioStatusQueryOptions(id), enabled: options.isEnabled });
}
