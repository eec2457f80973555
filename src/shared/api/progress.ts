import { z } from 'zod';

export { progressPaths } from './progress-paths';

export const progressSchema = z.object({
  wordsAdded: z.number().int(),
  /** Learned words by the one definition (docs/product/progress.md#learned-words). */
  wordsLearned: z.number().int(),
  totalSentences: z.number().int(),
  totalSessions: z.number().int(),
  currentStreak: z.number().int(),
  /** ISO date-time of the last study, a play or a review grade; null when the learner has never studied. */
  lastStudyDate: z.string().nullable(),
  dailyWordGoal: z.number().int(),
  /**
   * Distinct words studied today, played through or graded in review: the daily-goal bar's numerator; today
   * is the learner's day (docs/product/progress.md#learner-day).
   */
  wordsStudiedToday: z.number().int(),
  /** Of those, the words graded in review today. */
  wordsReviewedToday: z.number().int(),
  totalWords: z.number().int(),
  /** The daily time goal in minutes (settings `dailyTimeGoal`). */
  dailyTimeGoal: z.number().int(),
  /** Study time today, Learn and review (docs/product/progress.md#study-time), the time goal's numerator. */
  secondsStudiedToday: z.number().int(),
  /** Cards played through today, replays included. */
  playsToday: z.number().int(),
  /** The learner's date now, `YYYY-MM-DD`, and the time zone it is in. */
  today: z.string(),
  timeZone: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;
