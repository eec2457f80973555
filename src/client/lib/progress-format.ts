import { localDay } from '../../shared/calendar/learner-day';

/** docs/product/overview.md#home-and-progress: the daily goal defaults to 10 words. */
export const DEFAULT_DAILY_WORD_GOAL = 10;

/** Share of today's goal, clamped to 0–100 (docs/product/overview.md#home-and-progress). */
export function dailyGoalPercent(
  wordsStudiedToday: number,
  dailyWordGoal: number | null | undefined,
): number {
  const goal = dailyWordGoal && dailyWordGoal > 0 ? dailyWordGoal : DEFAULT_DAILY_WORD_GOAL;
  const percent = (wordsStudiedToday / goal) * 100;
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** docs/product/progress.md#home-and-daily-goals: the time goal defaults to 30 minutes. */
export const DEFAULT_DAILY_TIME_GOAL = 30;

/** Share of today's time goal (minutes), from the seconds studied, clamped to 0–100. */
export function dailyTimePercent(
  secondsStudiedToday: number,
  dailyTimeGoal: number | null | undefined,
): number {
  const goal = dailyTimeGoal && dailyTimeGoal > 0 ? dailyTimeGoal : DEFAULT_DAILY_TIME_GOAL;
  const percent = (secondsStudiedToday / (goal * 60)) * 100;
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}

/** Whole minutes studied: a minute counts once it is complete, so the bar never claims time not spent. */
export const minutesStudied = (seconds: number) => Math.max(0, Math.floor(seconds / 60));

export type LastStudy = { kind: 'never' } | { kind: 'today' } | { kind: 'date'; text: string };

function isSameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * 'Today' on the learner's own calendar day, 'Never' without a date, else the date as ru-RU writes it. With
 * the learner's saved time zone the day is theirs (docs/product/progress.md#learner-day); without one, the
 * browser's.
 */
export function describeLastStudy(
  lastStudyDate: string | null,
  now: Date = new Date(),
  timeZone?: string,
): LastStudy {
  if (!lastStudyDate) return { kind: 'never' };
  const date = new Date(lastStudyDate);
  if (Number.isNaN(date.getTime())) return { kind: 'never' };
  if (timeZone === undefined) {
    if (isSameLocalDay(date, now)) return { kind: 'today' };
    return { kind: 'date', text: date.toLocaleDateString('ru-RU') };
  }
  try {
    if (localDay(date, timeZone) === localDay(now, timeZone)) return { kind: 'today' };
    return { kind: 'date', text: date.toLocaleDateString('ru-RU', { timeZone }) };
  } catch {
    // A zone this browser's database does not know: its own day is the nearest answer.
    return describeLastStudy(lastStudyDate, now);
  }
}
