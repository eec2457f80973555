import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPathOf, positionSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function fetchPosition(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.position(id), positionSchema, { signal });
}

export const positionQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.position(id),
    queryFn: ({ signal }) => fetchPosition(id, signal),
    // Read once per visit: the screen owns the position from then on.
    staleTime: 0,
    gcTime: 0,
  });

export function usePosition(id: number, options: { isEnabled: boolean }) {
  return useQuery({ ...positionQueryOptions(id), enabled: options.isEnabled });
}

/** `PUT …/position` while the screen is open; a failure is only logged (the next change saves again). */
export function savePosition(id: number, position: number) {
  return apiClient.put(playerPathOf.position(id), positionSchema, { body: { position } });
}

/**
 * The same save as the page hides or unloads: `POST` with `keepalive`, so the browser still sends it after
 * the page is gone; JSON from the app's own origin, as every state change (docs/product/audiobooks.md#playback).
 */
export function sendPositionOnLeave(id: number, position: number): void {
  void fetch(playerPathOf.position(id), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ position }),
  }).catch(() => undefined);
}
