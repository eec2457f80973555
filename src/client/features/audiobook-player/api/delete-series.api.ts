import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSeriesResponseSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

/** `POST …/image-series/:seriesId/delete`: the series and its pictures; a book showing it goes back to its own. */
export function deleteSeries({ id, seriesId }: { id: number; seriesId: number }) {
  return apiClient.post(playerPathOf.seriesDelete(id, seriesId), deleteSeriesResponseSchema);
}

export function useDeleteSeries(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSeries, onSuccess: () => refreshBook(queryClient, id) });
}
