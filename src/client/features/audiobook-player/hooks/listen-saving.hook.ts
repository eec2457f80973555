import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Audiobook, Sentence } from '../../../../shared/api/audiobooks';
import type { PlayerWord } from '../../../lib/audio/learn-player.types';
import { queryKeys } from '../../../lib/query-keys';
import { saveSentenceListens } from '../api/sentence-listens.api';

/**
 * A sentence heard is saved with its listen count (docs/product/audiobooks.md#player), and the book's count
 * the server answers is shown at once; a save that fails is only logged.
 */
export function useListenSaving(bookId: number, sentences: Sentence[]) {
  const queryClient = useQueryClient();
  const orderIndexOf = useMemo(
    () => new Map(sentences.map((sentence) => [sentence.id, sentence.orderIndex])),
    [sentences],
  );
  return (sentence: PlayerWord) => {
    const orderIndex = orderIndexOf.get(sentence.id);
    if (orderIndex === undefined) return;
    saveSentenceListens(bookId, orderIndex, sentence.attempts).then(
      (answer) =>
        queryClient.setQueryData<Audiobook>(queryKeys.audiobooks.book(bookId), (cached) =>
          cached ? { ...cached, listenCount: answer.bookListenCount } : cached,
        ),
      (error: unknown) => console.warn('[audiobook] the listen could not be saved', error),
    );
  };
}
