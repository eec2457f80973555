import type { Progress } from '../../../shared/api/progress';
import { addDays, DEFAULT_TIME_ZONE, localDay } from '../../../shared/calendar/learner-day';
import type { SettingsRepository } from '../settings/settings.repository';
import type { ProgressRepository } from './progress.repository';

/**
 * Consecutive study days ending today, or yesterday (a streak is not broken before the day is over); days
 * are dates in the learner's time zone (docs/product/progress.md#learner-day), UTC until they have one.
 */
export function measureStreak(
  studyDaysNewestFirst: readonly string[],
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const today = localDay(now, timeZone);
  const first = studyDaysNewestFirst[0];
  if (first !== today && first !== addDays(today, -1)) return 0;
  let streak = 0;
  let expected = first;
  for (const day of studyDaysNewestFirst) {
    if (day !== expected) break;
    streak += 1;
    expected = addDays(expected, -1);
  }
  return streak;
}

const latestOf = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

export function createProgressService(deps: {
  progress: ProgressRepository;
  settings: SettingsRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async get(userId: string): Promise<Progress> {
      const current = now();
      const settings = await deps.settings.findOrCreate(userId);
      const { timeZone } = settings;
      const today = localDay(current, timeZone);
      const facts = await deps.progress.readFacts(userId, today, timeZone);
      // A review grade moves only the stored date, a play both: the later of the two is the last study.
      const lastStudy = latestOf(facts.lastSessionAt, facts.storedLastStudyDate);
      return {
        wordsAdded: facts.totalWords,
        wordsLearned: facts.wordsLearned,
        totalSentences: facts.wordsWithExample + facts.audiobookSentences,
        totalSessions: facts.totalSessions,
        currentStreak: measureStreak(facts.recentStudyDays, current, timeZone),
        lastStudyDate: lastStudy ? lastStudy.toISOString() : null,
        dailyWordGoal: settings.dailyWordGoal,
        wordsStudiedToday: facts.today.wordsStudied,
        wordsReviewedToday: facts.today.wordsReviewed,
        totalWords: facts.totalWords,
        dailyTimeGoal: settings.dailyTimeGoal,
        secondsStudiedToday: facts.today.secondsStudied,
        playsToday: facts.today.plays,
        today,
        timeZone,
      };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
