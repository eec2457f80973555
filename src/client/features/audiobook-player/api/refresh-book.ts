import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * After a change to a sentence's picture, audio or text, or to a series, the player reads the book, its
 * sentences, series and counts again (docs/product/audiobooks.md#player); the library's list too.
 */
export function refreshBook(queryClient: QueryClient, id: number) {
  const keys = [
    queryKeys.audiobooks.book(id),
    queryKeys.audiobooks.sentences(id),
    queryKeys.audiobooks.series(id),
    queryKeys.audiobooks.audioStatus(id),
    queryKeys.audiobooks.imageStats(id),
    queryKeys.audiobooks.list,
  ];
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
