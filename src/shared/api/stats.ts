import { z } from 'zod';

/**
 * Progress over time (docs/product/progress.md#progress-over-time): what the dashboard's charts draw, all of
 * it in the learner's time zone.
 */
export const statsPaths = { history: '/api/stats/history' } as const;

/** Weeks the word charts cover, and days the activity calendar covers. */
export const HISTORY_WEEKS = 26;
export const HISTORY_DAYS = 90;

export const historySchema = z.object({
  today: z.string(),
  /** The first day of the daily activity record; days before it have no listening data. */
  activityStartsOn: z.string().nullable(),
  /** Monday-started weeks, oldest first, the current one last. */
  weeks: z.array(
    z.object({
      weekStart: z.string(),
      wordsAdded: z.number().int(),
      /** Words known by the end of the week: hidden as learned by listening, or mastered in review. */
      wordsKnown: z.number().int(),
    }),
  ),
  /** The last 90 days, oldest first, today last. */
  days: z.array(
    z.object({
      day: z.string(),
      reviews: z.number().int(),
      listeningMinutes: z.number().int(),
      /** False for a day before the activity record began and without a review: 'no data', not zero. */
      hasData: z.boolean(),
    }),
  ),
  /** Review cards falling due on each of the next 30 days, today first. */
  forecast: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type History = z.infer<typeof historySchema>;
