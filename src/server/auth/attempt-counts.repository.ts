import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { attemptCounts } from '../db/schema';

/** The shared attempt counts (`attempt_counts`): each call one statement, so instances never race. */
export function createAttemptCountsRepository(db: Db) {
  return {
    /** Counts one attempt in `key`'s window, opening a new window when the last one has ended. */
    async hit(key: string, windowMs: number, now: Date): Promise<void> {
      const resetAt = new Date(now.getTime() + windowMs);
      const hasEnded = sql`${attemptCounts.resetAt} <= ${now.toISOString()}::timestamptz`;
      await db
        .insert(attemptCounts)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: attemptCounts.key,
          set: {
            count: sql`CASE WHEN ${hasEnded} THEN 1 ELSE ${attemptCounts.count} + 1 END`,
            resetAt: sql`CASE WHEN ${hasEnded} THEN excluded.reset_at ELSE ${attemptCounts.resetAt} END`,
          },
        });
    },
    /** Attempts in `key`'s current window (0 when it has ended or never began). */
    async countOf(key: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ count: attemptCounts.count })
        .from(attemptCounts)
        .where(and(eq(attemptCounts.key, key), gt(attemptCounts.resetAt, now)));
      return row?.count ?? 0;
    },
    async clear(key: string): Promise<void> {
      await db.delete(attemptCounts).where(eq(attemptCounts.key, key));
    },
    async purgeEnded(now: Date): Promise<void> {
      await db.delete(attemptCounts).where(lte(attemptCounts.resetAt, now));
    },
  };
}
export type AttemptCountsRepository = ReturnType<typeof createAttemptCountsRepository>;
