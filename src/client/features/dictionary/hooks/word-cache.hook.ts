import { useQueryClient } from '@tanstack/react-query';
import type { WordListItem } from '../../../../shared/api/words';
import { queryKeys } from '../../../lib/query-keys';
import type { DictionaryWord } from '../../../lib/api/words.api';

/**
 * Writes an answer straight into the cached whole word list, so a change shows at once without
 * refetching 10,000 words; other word lists (home's recent words, the due words) are marked stale instead.
 */
export function useWordCache() {
  const queryClient = useQueryClient();

  const markOthersStale = () =>
    void queryClient.invalidateQueries({
      queryKey: queryKeys.words.all,
      predicate: (query) => query.queryKey[1] !== queryKeys.words.whole[1],
      refetchType: 'none',
    });

  return {
    /** Keeps fields the answer does not carry (the clip path) from the cached word. */
    patchWord(wordId: number, changes: Partial<WordListItem>) {
      queryClient.setQueryData<DictionaryWord[]>(queryKeys.words.whole, (words) =>
        words?.map((word) => (word.id === wordId ? { ...word, ...changes } : word)),
      );
      markOthersStale();
    },
    removeWords(wordIds: readonly number[]) {
      const removed = new Set(wordIds);
      queryClient.setQueryData<DictionaryWord[]>(queryKeys.words.whole, (words) =>
        words?.filter((word) => !removed.has(word.id)),
      );
      markOthersStale();
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
    },
    refreshSpacedRepetition: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.words.spacedRepetition }),
    refetchAll: () => void queryClient.invalidateQueries({ queryKey: queryKeys.words.all }),
    refreshImages(wordId: number) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.words.images(wordId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.words.mediaGallery(wordId) });
    },
  };
}
