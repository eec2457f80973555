import type { WordListItem } from '../../../shared/api/words';
import { notFound } from '../../http/app-error';
import type { WordListFilter, WordsRepository } from './words.repository';

export function createWordsService(deps: { words: WordsRepository }) {
  return {
    async list(userId: string, filter: WordListFilter): Promise<WordListItem[]> {
      const rows = await deps.words.list(userId, filter);
      return rows.map((row) => ({
        ...row,
        disabledAt: row.disabledAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** 404 for a word that is not this learner's, exactly as for one that does not exist. */
    async assertOwned(userId: string, wordId: number): Promise<void> {
      if (!(await deps.words.isOwnedBy(userId, wordId))) throw notFound('Слово не найдено');
    },
  };
}
export type WordsService = ReturnType<typeof createWordsService>;
