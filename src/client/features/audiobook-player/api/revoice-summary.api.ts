import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerPathOf, revoiceSummarySchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * `GET …/revoice`: the book's clips made with other settings than the learner's current ones
 * (docs/product/audiobooks.md#clips-and-the-learners-settings), read afresh each time the dialog opens.
 */
export function fetchRevoiceSummary(id: number, signal?: AbortSignal) {
  return apiClient.get(playerPathOf.revoice(id), revoiceSummarySchema, { signal });
}

export const revoiceSummaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.revoice(id),
    queryFn: ({ signal }) => fetchRevoiceSummary(id, signal),
    staleTime: 0,
  });

export function useRevoiceSummary(id: number, options: { isEnabled: boolean }) {
  return useQuery({ ...revoiceSummaryQueryOptions(id), enabled: options.isEnabled });
}
