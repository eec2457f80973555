import { and, count, desc, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { themes, words, wordThemes } from '../../db/schema';

export interface WordListFilter {
  search?: string | undefined;
  cefrLevel?: string | undefined;
  partOfSpeech?: string | undefined;
  theme?: string | undefined;
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
const ownedLive = (userId: string) => and(eq(words.userId, userId), eq(words.isDeleted, false));

export type WordChanges = Partial<
  Pick<
    typeof words.$inferInsert,
    | 'spanish'
    | 'russian'
    | 'duplicateKey'
    | 'example'
    | 'exampleTranslation'
    | 'isActive'
    | 'isHidden'
    | 'attempts'
    | 'imageUrl'
    | 'disabledAt'
    | 'isSpacedRepetitionActive'
    | 'spacedRepetitionDay'
  >
>;

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
      if (filter.theme) {
        const theme = filter.theme;
        conditions.push(
          or(
            eq(words.themeCategory, theme),
            exists(
              db
                .select({ one: wordThemes.wordId })
                .from(wordThemes)
                .innerJoin(themes, eq(themes.id, wordThemes.themeId))
                .where(and(eq(wordThemes.wordId, words.id), eq(themes.name, theme))),
            ),
          ) as SQL,
        );
      }
      const query = db
        .select(listColumns)
        .from(words)
        .where(and(...conditions))
        .orderBy(desc(words.createdAt), desc(words.id));
      return filter.limit ? query.limit(filter.limit) : query;
    },

    /** Hidden words still in the spaced-repetition scheme, for the service to pick the due ones. */
    async listInSpacedRepetition(userId: string) {
      return db
        .select({
          ...listColumns,
          spacedRepetitionDay: words.spacedRepetitionDay,
          lastSpacedRepetitionAt: words.lastSpacedRepetitionAt,
        })
        .from(words)
        .where(and(ownedLive(userId), eq(words.isSpacedRepetitionActive, true)));
    },

    async find(userId: string, wordId: number) {
      const [row] = await db
        .select(listColumns)
        .from(words)
        .where(and(eq(words.id, wordId), ownedLive(userId)))
        .limit(1);
      return row;
    },

    async isOwnedBy(userId: string, wordId: number): Promise<boolean> {
      return (await this.find(userId, wordId)) !== undefined;
    },

    /** 'duplicate' when the change would give the learner two words with one duplicate key (D8). */
    async update(
      userId: string,
      wordId: number,
      changes: WordChanges,
    ): Promise<'updated' | 'missing' | 'duplicate'> {
      try {
        const [row] = await db
          .update(words)
          .set(changes)
          .where(and(eq(words.id, wordId), ownedLive(userId)))
          .returning({ id: words.id });
        return row ? 'updated' : 'missing';
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate';
        throw error;
      }
    },

    /** Deletes only this learner's words among the ids; answers how many went. */
    async delete(userId: string, wordIds: number[]): Promise<number> {
      if (wordIds.length === 0) return 0;
      const rows = await db
        .delete(words)
        .where(and(eq(words.userId, userId), inArray(words.id, wordIds)))
        .returning({ id: words.id });
      return rows.length;
    },

    /** Themes this learner's words use, with how many of their words each has. */
    async listThemes(userId: string) {
      return db
        .select({ id: themes.id, name: themes.name, icon: themes.icon, wordCount: count(words.id) })
        .from(themes)
        .innerJoin(wordThemes, eq(wordThemes.themeId, themes.id))
        .innerJoin(words, and(eq(words.id, wordThemes.wordId), ownedLive(userId)))
        .groupBy(themes.id)
        .orderBy(themes.name);
    },
  };
}
export type WordsRepository = ReturnType<typeof createWordsRepository>;
