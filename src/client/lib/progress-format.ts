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

export type LastStudy = { kind: 'never' } | { kind: 'today' } | { kind: 'date'; text: string };

function isSameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** 'Today' on the learner's own calendar day, 'Never' without a date, else the date as ru-RU writes it. */
export function describeLastStudy(lastStudyDate: string | null, now: Date = new Date()): LastStudy {
  if (!lastStudyDate) return { kind: 'never' };
  const date = new Date(lastStudyDate);
  if (Number.isNaN(date.getTime())) return { kind: 'never' };
  if (isSameLocalDay(date, now)) return { kind: 'today' };
  return { kind: 'date', text: date.toLocaleDateString('ru-RU') };
}
