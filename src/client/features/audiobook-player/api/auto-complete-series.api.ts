import { useMutation, useQueryClient } from '@tanstack/react-query';
import { autoCompleteResponseSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `POST …/auto-complete-series`: every incomplete series not being drawn is filled in. */
export function autoCompleteSeries(id: number) {
  return apiClient.post(playerPathOf.autoCompleteSeries(id), autoCompleteResponseSchema);
}

export function useAutoCompleteSeries(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: autoCompleteSeries, onSuccess: () => refreshBook(queryClient, id) });
}
