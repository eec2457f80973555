import { localDay } from '../../../../shared/calendar/learner-day';

/**
 * When the next review is, as the session's end says it (docs/product/review.md#session-summary): minutes
 * within the hour, hours later the same day, 'tomorrow' on the learner's next day, then calendar days,
 * months and years. Days are the learner's (their time zone), so 'tomorrow' is after their midnight.
 */
export type RelativeDue =
  | { unit: 'now' }
  | { unit: 'tomorrow' }
  | { unit: 'minutes' | 'hours' | 'days' | 'months' | 'years'; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Calendar days from one `YYYY-MM-DD` to another. */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY);

export function relativeDueOf(dueAt: string, now: Date, timeZone: string): RelativeDue {
  const due = new Date(dueAt);
  const ms = due.getTime() - now.getTime();
  if (ms <= 0) return { unit: 'now' };
  const minutes = Math.ceil(ms / MINUTE);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const days = daysBetween(localDay(now, timeZone), localDay(due, timeZone));
  if (days <= 0) return { unit: 'hours', count: Math.max(1, Math.round(ms / HOUR)) };
  if (days === 1) return { unit: 'tomorrow' };
  if (days < 30) return { unit: 'days', count: days };
  if (days < 365) return { unit: 'months', count: Math.round(days / 30) };
  return { unit: 'years', count: Math.round(days / 365) };
}

/** The catalogue key and options of a relative due time: `review.due.<unit>` with its count. */
export const relativeDueText = (due: RelativeDue) =>
  ({
    key: `review.due.${due.unit}`,
    options: 'count' in due ? { count: due.count } : {},
  }) as const;
