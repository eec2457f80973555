import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audiobookWordsUsed, words } from '../../db/schema';

/** One dictionary word a book uses, and whether it was active (studied) or passive (hidden) then. */
export interface WordUsed {
  wordId: number;
  isActive: boolean;
}

type Executor = Pick<Db, 'update' | 'select'>;

/** A word's audiobook usage: the number of the learner's books that use it (the dictionary's badge and sort). */
async function refreshCounts(executor: Executor, userId: string, wordIds: readonly number[]) {
  if (wordIds.length === 0) return;
  await executor
    .update(words)
    .set({
      audiobookUsageCount: sql`(SELECT count(DISTINCT ${audiobookWordsUsed.audiobookId}) FROM ${audiobookWordsUsed} WHERE ${audiobookWordsUsed.wordId} = ${words.id})`,
    })
    .where(and(eq(words.userId, userId), inArray(words.id, [...wordIds])));
}

/**
 * The words each book uses (`audiobook_words_used`, docs/product/audiobooks.md#word-usage), written by
 * creation's last step and by re-verification, and the usage count on each word that follows from them.
 */
export function createWordUsageRepository(db: Db) {
  return {
    /**
     * Replaces the book's words used with `used`, and refreshes the usage count of every word that
     * entered or left it, in one transaction. Word ids not the learner's are ignored.
     */
    async replaceWordsUsed(userId: string, audiobookId: number, used: readonly WordUsed[]): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(audiobookWordsUsed)
          .where(and(eq(audiobookWordsUsed.userId, userId), eq(audiobookWordsUsed.audiobookId, audiobookId)))
          .returning({ wordId: audiobookWordsUsed.wordId });
        const own =
          used.length === 0
            ? []
            : await tx
                .select({ id: words.id })
                .from(words)
                .where(
                  and(
                    eq(words.userId, userId),
                    inArray(
                      words.id,
                      used.map((word) => word.wordId),
                    ),
                  ),
                );
        const ownIds = new Set(own.map((word) => word.id));
        const rows = used
          .filter((word) => ownIds.has(word.wordId))
          .map((word) => ({ audiobookId, userId, wordId: word.wordId, isActive: word.isActive }));
        if (rows.length > 0) await tx.insert(audiobookWordsUsed).values(rows).onConflictDoNothing();
        const touched = new Set([...removed.map((row) => row.wordId), ...rows.map((row) => row.wordId)]);
        await refreshCounts(tx, userId, [...touched]);
      });
    },

    /** Word ids a book uses: read before deleting it, to refresh their counts after. */
    async wordIdsOf(userId: string, audiobookId: number): Promise<number[]> {
      const rows = await db
        .select({ wordId: audiobookWordsUsed.wordId })
        .from(audiobookWordsUsed)
        .where(and(eq(audiobookWordsUsed.userId, userId), eq(audiobookWordsUsed.audiobookId, audiobookId)));
      return rows.map((row) => row.wordId);
    },

    /** Refreshes these words' usage counts (after a book that used them was deleted). */
    refreshUsageCounts: (userId: string, wordIds: readonly number[]) => refreshCounts(db, userId, wordIds),
  };
}
export type WordUsageRepository = ReturnType<typeof createWordUsageRepository>;
