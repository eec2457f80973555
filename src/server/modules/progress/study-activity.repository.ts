import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raisedCount } from '../../db/counters';
import { dailyActivity, dailyStudiedWords, userProgress } from '../../db/schema';

/**
 * The most study time one act counts (docs/product/progress.md#study-time): the gap before a play, or a
 * review grade's time; longer is time away.
 */
export const MAX_STUDY_MS = 2 * 60 * 1000;

/** A transaction of the app's database, in which a play or a grade records the study it is. */
export type StudyTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** One act of study (docs/product/progress.md#daily-activity): a card played through, or a review grade. */
export interface Study {
  wordId: number;
  /** The learner's date of the act, `YYYY-MM-DD`, in their time zone. */
  day: string;
  /** Study time it adds (docs/product/progress.md#study-time). */
  secondsStudied: number;
  source: 'play' | 'review';
}

/**
 * Records one act of study in the caller's transaction, so that it counts exactly when the act itself is
 * stored: the word among the day's studied words (the primary key admits it once, so two acts at once add it
 * once), marked as reviewed for a grade, and the day's counters. A play or a review grade is the same study
 * for the goals, the time and the streak (docs/product/decisions.md#d19-one-progress-model).
 */
export async function recordStudy(tx: StudyTransaction, userId: string, study: Study) {
  const isReview = study.source === 'review';
  const added = await tx
    .insert(dailyStudiedWords)
    .values({ userId, day: study.day, wordId: study.wordId, reviewed: isReview })
    .onConflictDoNothing()
    .returning({ wordId: dailyStudiedWords.wordId });
  const newWords = added.length;
  let newlyReviewed = isReview ? newWords : 0;
  if (isReview && newWords === 0) {
    // The word was played through earlier that day: it now counts as reviewed too, once.
    const marked = await tx
      .update(dailyStudiedWords)
      .set({ reviewed: true })
      .where(
        and(
          eq(dailyStudiedWords.userId, userId),
          eq(dailyStudiedWords.day, study.day),
          eq(dailyStudiedWords.wordId, study.wordId),
          eq(dailyStudiedWords.reviewed, false),
        ),
      )
      .returning({ wordId: dailyStudiedWords.wordId });
    newlyReviewed = marked.length;
  }
  const plays = isReview ? 0 : 1;
  await tx
    .insert(dailyActivity)
    .values({
      userId,
      day: study.day,
      wordsStudied: newWords,
      wordsReviewed: newlyReviewed,
      plays,
      secondsStudied: study.secondsStudied,
    })
    .onConflictDoUpdate({
      target: [dailyActivity.userId, dailyActivity.day],
      set: {
        wordsStudied: raisedCount(dailyActivity.wordsStudied, newWords),
        wordsReviewed: raisedCount(dailyActivity.wordsReviewed, newlyReviewed),
        plays: raisedCount(dailyActivity.plays, plays),
        secondsStudied: raisedCount(dailyActivity.secondsStudied, study.secondsStudied),
      },
    });
}

/**
 * Moves the learner's last study to `at` unless a later one is stored: a grade sent late from an offline
 * session does not move it back.
 */
export async function recordLastStudy(tx: StudyTransaction, userId: string, at: Date) {
  await tx
    .insert(userProgress)
    .values({ userId, lastStudyDate: at })
    .onConflictDoUpdate({
      target: userProgress.userId,
      set: { lastStudyDate: sql`greatest(${userProgress.lastStudyDate}, ${at.toISOString()}::timestamptz)` },
    });
}
