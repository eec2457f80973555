import type { History } from '../../../../shared/api/stats';

/** `YYYY-MM-DD` as the interface language writes a short date ('16.06', '6/16'). */
export function shortDate(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A calendar cell: one day, its value and how dark it is drawn (0 none … 4 most), or no data. */
export interface CalendarCell {
  day: string;
  value: number;
  level: 0 | 1 | 2 | 3 | 4;
  hasData: boolean;
}

/**
 * The days as a calendar of weeks (columns) and weekdays (rows, Monday first), as GitHub and Anki draw it: the
 * first column starts on the Monday before the first day (cells before it are null). Levels split the
 * busiest day's value in four, so a quiet learner's calendar is not all pale.
 */
export function calendarWeeks(
  days: History['days'],
  valueOf: (day: History['days'][number]) => number,
): (CalendarCell | null)[][] {
  const first = days[0];
  if (!first) return [];
  const leading = (new Date(`${first.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const most = Math.max(0, ...days.map(valueOf));
  const cells: (CalendarCell | null)[] = [
    ...Array<null>(leading).fill(null),
    ...days.map((day): CalendarCell => {
      const value = valueOf(day);
      const level = value === 0 || most === 0 ? 0 : Math.min(4, Math.ceil((value / most) * 4));
      return { day: day.day, value, level: level as CalendarCell['level'], hasData: day.hasData };
    }),
  ];
  const weeks: (CalendarCell | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}
