import { z } from 'zod';

export const progressPaths = { progress: '/api/progress' } as const;

export const progressSchema = z.object({
  wordsAdded: z.number().int(),
  wordsLearned: z.number().int(),
  totalSentences: z.number().int(),
  totalSessions: z.number().int(),
  currentStreak: z.number().int(),
  /** ISO date-time of the last study session, null when the learner has never studied. */
  lastStudyDate: z.string().nullable(),
  dailyWordGoal: z.number().int(),
  /** Words studied today, the daily-goal bar's numerator. */
  wordsStudiedToday: z.number().int(),
  totalWords: z.number().int(),
});
export type Progress = z.infer<typeof progressSchema>;
