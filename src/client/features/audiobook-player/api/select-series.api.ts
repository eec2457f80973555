import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Audiobook } from '../../../../shared/api/audiobooks';
import { playerPathOf, selectedSeriesResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshBook } from './refresh-book';

/** `PUT …/selected-image-series`: the series the book shows; null for its own pictures. */
export function selectSeries({ id, seriesId }: { id: number; seriesId: number | null }) {
  return apiClient.put(playerPathOf.selectedSeries(id), selectedSeriesResponseSchema, {
    body: { selectedImageSeriesId: seriesId },
  });
}

/** The choice shows at once (the book's cache is updated first) and is read back from the server after. */
export function useSelectSeries(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectSeries,
    onMutate: ({ seriesId }) => {
      queryClient.setQueryData<Audiobook>(queryKeys.audiobooks.book(id), (book) =>
        book ? { ...book, selectedImageSeriesId: seriesId } : book,
      );
    },
    onSettled: () => refreshBook(queryClient, id),
  });
}
