import type { WordListItem } from '../../../shared/api/words';
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
  };
}
export type WordsService = ReturnType<typeof createWordsService>;
