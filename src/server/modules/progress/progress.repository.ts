import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audiobookSentences, dailyActivity, learningSessions, userProgress, words } from '../../db/schema';
import { liveWordsOf } from '../words/word-scope';
import { rowsOf } from '../../db/rows';
import { learnedWordCountOf } from './learned-words.query';

export interface ProgressFacts {
  totalWords: number;
  /** Words learned by the one definition (docs/product/progress.md#learned-words). */
  wordsLearned: number;
  wordsWithExample: number;
  audiobookSentences: number;
  totalSessions: number;
  /** The learner's day asked for, from its daily activity row (zeros when they have not studied). */
  today: { wordsStudied: number; wordsReviewed: number; plays: number; secondsStudied: number };
  lastSessionAt: Date | null;
  storedLastStudyDate: Date | null;
  /**
   * Distinct days the learner studied, in their time zone, newest first (enough of them to measure a
   * streak): days of the daily activity record and, for the time before it was kept, of learning sessions.
   */
  recentStudyDays: string[];
}

/** When the learner last studied: a session's last play, not its first, as plays extend an open session. */
const lastSessionActivity =
  sql<Date | null>`max(coalesce(${learningSessions.endTime}, ${learningSessions.startTime}))`.mapWith(
    learningSessions.startTime,
  );

export function createProgressRepository(db: Db) {
  return {
    /**
     * Everything the progress panel shows, counted from the learner's own rows; `today` is the learner's
     * date and `timeZone` their zone (docs/product/progress.md#learner-day).
     */
    async readFacts(userId: string, today: string, timeZone: string): Promise<ProgressFacts> {
      const liveWords = liveWordsOf(userId);
      const [wordCounts] = await db
        .select({
          total: count(),
          withExample: count(words.example),
        })
        .from(words)
        .where(liveWords);
      const [learned] = rowsOf<{ count: number }>(await db.execute(learnedWordCountOf(userId)));
      const [sentenceCount] = await db
        .select({ total: count() })
        .from(audiobookSentences)
        .where(eq(audiobookSentences.userId, userId));
      const [sessionTotals] = await db
        .select({ total: count(), lastAt: lastSessionActivity })
        .from(learningSessions)
        .where(eq(learningSessions.userId, userId));
      const [todayRow] = await db
        .select({
          wordsStudied: dailyActivity.wordsStudied,
          wordsReviewed: dailyActivity.wordsReviewed,
          plays: dailyActivity.plays,
          secondsStudied: dailyActivity.secondsStudied,
        })
        .from(dailyActivity)
        .where(and(eq(dailyActivity.userId, userId), eq(dailyActivity.day, today)));
      const sessionDay = sql<string>`to_char(${learningSessions.startTime} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const activityDay = sql<string>`to_char(${dailyActivity.day}, 'YYYY-MM-DD')`;
      const days = await db
        .select({ day: sessionDay.as('day') })
        .from(learningSessions)
        .where(eq(learningSessions.userId, userId))
        .union(
          db
            .select({ day: activityDay.as('day') })
            .from(dailyActivity)
            .where(eq(dailyActivity.userId, userId)),
        )
        .orderBy(desc(sql`day`))
        .limit(400);
      const [stored] = await db
        .select({ lastStudyDate: userProgress.lastStudyDate })
        .from(userProgress)
        .where(eq(userProgress.userId, userId));

      return {
        totalWords: wordCounts?.total ?? 0,
        wordsLearned: learned?.count ?? 0,
        wordsWithExample: wordCounts?.withExample ?? 0,
        audiobookSentences: sentenceCount?.total ?? 0,
        totalSessions: sessionTotals?.total ?? 0,
        today: todayRow ?? { wordsStudied: 0, wordsReviewed: 0, plays: 0, secondsStudied: 0 },
        lastSessionAt: sessionTotals?.lastAt ?? null,
        storedLastStudyDate: stored?.lastStudyDate ?? null,
        recentStudyDays: days.map((row) => row.day),
      };
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
