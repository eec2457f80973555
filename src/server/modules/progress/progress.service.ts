import type { Progress } from '../../../shared/api/progress';
import type { SettingsRepository } from '../settings/settings.repository';
import type { ProgressRepository } from './progress.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Consecutive study days ending today, or yesterday (a streak is not broken before the day is over). */
export function measureStreak(studyDaysNewestFirst: readonly string[], now: Date): number {
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const first = studyDaysNewestFirst[0];
  if (first !== today && first !== yesterday) return 0;
  let streak = 0;
  let expected = new Date(`${first}T00:00:00Z`);
  for (const day of studyDaysNewestFirst) {
    if (day !== utcDay(expected)) break;
    streak += 1;
    expected = new Date(expected.getTime() - DAY_MS);
  }
  return streak;
}

export function createProgressService(deps: {
  progress: ProgressRepository;
  settings: SettingsRepository;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async get(userId: string): Promise<Progress> {
      const current = now();
      const startOfDay = new Date(`${utcDay(current)}T00:00:00Z`);
      const [facts, settings] = await Promise.all([
        deps.progress.readFacts(userId, startOfDay),
        deps.settings.findOrCreate(userId),
      ]);
      const lastStudy = facts.lastSessionAt ?? facts.storedLastStudyDate;
      return {
        wordsAdded: facts.totalWords,
        wordsLearned: facts.wordsLearned,
        totalSentences: facts.wordsWithExample + facts.audiobookSentences,
        totalSessions: facts.totalSessions,
        currentStreak: measureStreak(facts.recentStudyDays, current),
        lastStudyDate: lastStudy ? lastStudy.toISOString() : null,
        dailyWordGoal: settings.dailyWordGoal,
        wordsStudiedToday: facts.wordsStudiedSince,
        totalWords: facts.totalWords,
      };
    },
  };
}
export type ProgressService = ReturnType<typeof createProgressService>;
