import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { words } from '../../db/schema';

export interface WordListFilter {
  search?: string | undefined;
  cefrLevel?: string | undefined;
  partOfSpeech?: string | undefined;
  limit?: number | undefined;
}

// Lists carry media paths only; the audio columns stay behind (DESIGN D3, §5).
const listColumns = {
  id: words.id,
  spanish: words.spanish,
  russian: words.russian,
  example: words.example,
  exampleTranslation: words.exampleTranslation,
  highlightedSpanishWord: words.highlightedSpanishWord,
  highlightedRussianWord: words.highlightedRussianWord,
  cefrLevel: words.cefrLevel,
  partOfSpeech: words.partOfSpeech,
  themeCategory: words.themeCategory,
  imageUrl: words.imageUrl,
  isActive: words.isActive,
  isHidden: words.isHidden,
  attempts: words.attempts,
  listenCount: words.listenCount,
  audiobookUsageCount: words.audiobookUsageCount,
  disabledUsageCount: words.disabledUsageCount,
  disabledAt: words.disabledAt,
  createdAt: words.createdAt,
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export function createWordsRepository(db: Db) {
  return {
    async list(userId: string, filter: WordListFilter) {
      const conditions: SQL[] = [eq(words.userId, userId), eq(words.isDeleted, false)];
      if (filter.search) {
        const pattern = `%${escapeLike(filter.search)}%`;
        const matches = or(ilike(words.spanish, pattern), ilike(words.russian, pattern));
        if (matches) conditions.push(matches);
      }
      if (filter.cefrLevel) conditions.push(eq(words.cefrLevel, filter.cefrLevel));
      if (filter.partOfSpeech) conditions.push(eq(words.partOfSpeech, filter.partOfSpeech));
      const query = db
        .select(listColumns)
        .from(words)
        .where(and(...conditions))
        .orderBy(desc(words.createdAt), desc(words.id));
      return filter.limit ? query.limit(filter.limit) : query;
    },

    async isOwnedBy(userId: string, wordId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: words.id })
        .from(words)
        .where(and(eq(words.id, wordId), eq(words.userId, userId), eq(words.isDeleted, false)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
