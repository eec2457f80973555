import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { audiobookWordsUsed, userProgress, words } from '../../db/schema';

import { liveWordsOf } from '../words/word-scope';
import { learnedWordCountOf } from '../progress/learned-words.query';

export function createWordMaintenanceRepository(db: Db) {
  return {
    /** Text fields only, oldest first so a long run handles words in the order the learner added them. */
    async listTexts(userId: string) {
      return db
        .select({
          id: words.id,
          spanish: words.spanish,
          russian: words.russian,
          exampleTranslation: words.exampleTranslation,
        })
        .from(words)
        .where(liveWordsOf(userId))
        .orderBy(asc(words.id));
    },

    /** Words with a leading definite article and no CEFR level: what no language model analysed. */
    async listArticledWithoutLevel(userId: string) {
      return db
        .select({
          id: words.id,
          spanish: words.spanish,
          russian: words.russian,
          partOfSpeech: words.partOfSpeech,
        })
        .from(words)
        .where(
          and(
            liveWordsOf(userId),
            sql`${words.cefrLevel} is null`,
            sql`${words.spanish} ~* ${'^(el|la|los|las)\\s'}`,
          ),
        )
        .orderBy(asc(words.id));
    },

    async countWords(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(words).where(liveWordsOf(userId));
      return row?.total ?? 0;
    },

    async setRussian(userId: string, wordId: number, russian: string) {
      await db
        .update(words)
        .set({ russian })
        .where(and(eq(words.id, wordId), eq(words.userId, userId)));
    },

    async setRussianAudio(userId: string, wordId: number, audioPath: string) {
      await db
        .update(words)
        .set({ russianAudioData: audioPath })
        .where(and(eq(words.id, wordId), eq(words.userId, userId)));
    },

    /**
     * Recomputes what is derived from other rows: each word's audiobook usage and the learner's word
     * counts on the progress row. Answers the totals.
     */
    async recomputeDerivedCounts(userId: string) {
      return db.transaction(async (tx) => {
        const usage = await tx
          .update(words)
          .set({
            audiobookUsageCount: sql`(SELECT count(DISTINCT ${audiobookWordsUsed.audiobookId}) FROM ${audiobookWordsUsed} WHERE ${audiobookWordsUsed.wordId} = ${words.id})`,
          })
          .where(liveWordsOf(userId))
          .returning({ id: words.id });
        const [totals] = await tx
          .select({
            totalWords: count(),
            activeWords: sql<number>`count(*) FILTER (WHERE ${words.isActive})`.mapWith(Number),
          })
          .from(words)
          .where(liveWordsOf(userId));
        const totalWords = totals?.totalWords ?? 0;
        const activeWords = totals?.activeWords ?? 0;
        // The one definition of a learned word (docs/product/progress.md#learned-words), not "not active".
        const [learned] = rowsOf<{ count: number }>(await tx.execute(learnedWordCountOf(userId)));
        const learnedWords = learned?.count ?? 0;
        await tx
          .insert(userProgress)
          .values({ userId, wordsAdded: totalWords, wordsLearned: learnedWords })
          .onConflictDoUpdate({
            target: userProgress.userId,
            set: { wordsAdded: totalWords, wordsLearned: learnedWords },
          });
        return { totalWords, activeWords, learnedWords, audiobookUsageUpdated: usage.length };
      });
    },
  };
}
export type WordMaintenanceRepository = ReturnType<typeof createWordMaintenanceRepository>;
