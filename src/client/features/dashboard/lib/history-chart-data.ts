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

/** The calendar's row labels: the seven weekdays' short names in the interface language, Monday first. */
export function weekdayLabels(language: string): string[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}

/**
 * The calendar's column labels: a month's short name over the first week that has its first day, as GitHub
 * labels it, null over the other weeks. The first column is labelled by its own month only when the next label
 * is at least three weeks on, so two names never run into each other.
 */
export function monthLabels(
  weeks: readonly (readonly (CalendarCell | null)[])[],
  language: string,
): (string | null)[] {
  const format = new Intl.DateTimeFormat(language, { month: 'short', timeZone: 'UTC' });
  const nameOf = (day: string) => format.format(new Date(`${day}T00:00:00Z`));
  const labels = weeks.map((week, column) => {
    const startOfMonth = week.find((cell) => cell !== null && cell.day.endsWith('-01'));
    if (startOfMonth) return nameOf(startOfMonth.day);
    const first = week.find((cell) => cell !== null);
    return column === 0 && first ? nameOf(first.day) : null;
  });
  const next = labels.findIndex((label, column) => column > 0 && label !== null);
  if (labels[0] !== null && !weeks[0]?.some((cell) => cell?.day.endsWith('-01')) && next !== -1 && next < 3) {
    labels[0] = null;
  }
  return labels;
}
