import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { learnedWordsOf } from '../progress/learned-words.query';

/**
 * The rows behind the progress charts (docs/product/progress.md#progress-over-time), grouped by day or
 * Monday-started week in the learner's time zone by the database.
 */
export function createStatsRepository(db: Db) {
  return {
    /** Words added per week since `since` (a week start), as `YYYY-MM-DD` of the week's Monday. */
    async wordsAddedPerWeek(userId: string, since: Date, timeZone: string) {
      return rowsOf<{ week: string; count: number }>(
        await db.execute(sql`
          select to_char(date_trunc('week', created_at at time zone ${timeZone}), 'YYYY-MM-DD') as week,
                 count(*)::int as count
          from words
          where user_id = ${userId} and is_deleted = false and created_at >= ${since.toISOString()}::timestamptz
          group by 1`),
      );
    },

    /**
     * When each learned word became learned (docs/product/progress.md#learned-words), per week (null week:
     * before `since`).
     */
    async wordsKnownPerWeek(userId: string, since: Date, timeZone: string) {
      return rowsOf<{ week: string | null; count: number }>(
        await db.execute(sql`
          with known as (${learnedWordsOf(userId)})
          select case when learned_at < ${since.toISOString()}::timestamptz then null
                      else to_char(date_trunc('week', learned_at at time zone ${timeZone}), 'YYYY-MM-DD') end as week,
                 count(*)::int as count
          from known where learned_at is not null
          group by 1`),
      );
    },

    /** Review grades per local day since `since`. */
    async reviewsPerDay(userId: string, since: Date, timeZone: string) {
      return rowsOf<{ day: string; count: number }>(
        await db.execute(sql`
          select to_char(reviewed_at at time zone ${timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count
          from review_logs
          where user_id = ${userId} and reviewed_at >= ${since.toISOString()}::timestamptz
          group by 1`),
      );
    },

    /** Listening seconds per day of the daily activity record from `firstDay` on, and the record's first day. */
    async listening(userId: string, firstDay: string) {
      const days = rowsOf<{ day: string; seconds: number }>(
        await db.execute(sql`
          select to_char(day, 'YYYY-MM-DD') as day, seconds_studied as seconds
          from daily_activity where user_id = ${userId} and day >= ${firstDay}::date`),
      );
      const [start] = rowsOf<{ day: string | null }>(
        await db.execute(sql`
          select to_char(min(day), 'YYYY-MM-DD') as day from daily_activity where user_id = ${userId}`),
      );
      return { days, startsOn: start?.day ?? null };
    },
  };
}
export type StatsRepository = ReturnType<typeof createStatsRepository>;
