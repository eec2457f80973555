import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { MASTERED_INTERVAL_DAYS } from '../../../shared/catalogs/review';

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
     * When each known word became known, per week (null week: before `since`): hidden as learned by listening
     * (its `disabled_at`) or first given an interval of `MASTERED_INTERVAL_DAYS` days by a review grade,
     * whichever came first.
     */
    async wordsKnownPerWeek(userId: string, since: Date, timeZone: string) {
      return rowsOf<{ week: string | null; count: number }>(
        await db.execute(sql`
          with mastered as (
            select c.word_id, min(l.reviewed_at) as at
            from review_logs l join review_cards c on c.id = l.card_id
            where l.user_id = ${userId}
              and (l.card_after ->> 'scheduledDays')::int >= ${MASTERED_INTERVAL_DAYS}
            group by c.word_id
          ), known as (
            select least(case when w.is_active = false then w.disabled_at end, m.at) as at
            from words w left join mastered m on m.word_id = w.id
            where w.user_id = ${userId} and w.is_deleted = false
          )
          select case when at < ${since.toISOString()}::timestamptz then null
                      else to_char(date_trunc('week', at at time zone ${timeZone}), 'YYYY-MM-DD') end as week,
                 count(*)::int as count
          from known where at is not null
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
