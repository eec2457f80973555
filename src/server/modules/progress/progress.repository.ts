import { and, count, desc, eq, gte, isNotNull, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audiobookSentences, learningSessions, userProgress, words } from '../../db/schema';
import { liveWordsOf } from '../words/word-scope';

export interface ProgressFacts {
  totalWords: number;
  wordsLearned: number;
  wordsWithExample: number;
  audiobookSentences: number;
  totalSessions: number;
  wordsStudiedSince: number;
  lastSessionAt: Date | null;
  storedLastStudyDate: Date | null;
  /** Distinct UTC days with a learning session, newest first (enough of them to measure a streak). */
  recentStudyDays: string[];
}

/** When the learner last studied: a session's last play, not its first, as plays extend an open session. */
const lastSessionActivity =
  sql<Date | null>`max(coalesce(${learningSessions.endTime}, ${learningSessions.startTime}))`.mapWith(
    learningSessions.startTime,
  );

export function createProgressRepository(db: Db) {
  return {
    /** Everything the progress panel shows, counted from the learner's own rows. */
    async readFacts(userId: string, since: Date): Promise<ProgressFacts> {
      const liveWords = liveWordsOf(userId);
      const [wordCounts] = await db
        .select({
          total: count(),
          learned: count(sql`case when ${words.isActive} = false then 1 end`),
          withExample: count(words.example),
        })
        .from(words)
        .where(liveWords);
      const [sentenceCount] = await db
        .select({ total: count() })
        .from(audiobookSentences)
        .where(eq(audiobookSentences.userId, userId));
      const [sessionTotals] = await db
        .select({ total: count(), lastAt: lastSessionActivity })
        .from(learningSessions)
        .where(eq(learningSessions.userId, userId));
      const [studiedSince] = await db
        .select({ words: sum(learningSessions.wordsStudied) })
        .from(learningSessions)
        .where(and(eq(learningSessions.userId, userId), gte(learningSessions.startTime, since)));
      const studyDay = sql<string>`to_char(${learningSessions.startTime} at time zone 'UTC', 'YYYY-MM-DD')`;
      const days = await db
        .selectDistinct({ day: studyDay })
        .from(learningSessions)
        .where(and(eq(learningSessions.userId, userId), isNotNull(learningSessions.startTime)))
        .orderBy(desc(studyDay))
        .limit(400);
      const [stored] = await db
        .select({ lastStudyDate: userProgress.lastStudyDate })
        .from(userProgress)
        .where(eq(userProgress.userId, userId));

      return {
        totalWords: wordCounts?.total ?? 0,
        wordsLearned: wordCounts?.learned ?? 0,
        wordsWithExample: wordCounts?.withExample ?? 0,
        audiobookSentences: sentenceCount?.total ?? 0,
        totalSessions: sessionTotals?.total ?? 0,
        wordsStudiedSince: Number(studiedSince?.words ?? 0),
        lastSessionAt: sessionTotals?.lastAt ?? null,
        storedLastStudyDate: stored?.lastStudyDate ?? null,
        recentStudyDays: days.map((row) => row.day),
      };
    },
  };
}
export type ProgressRepository = ReturnType<typeof createProgressRepository>;
