/**
 * How long until a card comes back, as a grade button shows it (docs/product/review.md#scheduling): whole
 * minutes, hours or days, then months and years to one decimal, as Anki shows them.
 */
export type IntervalUnit = 'minutes' | 'hours' | 'days' | 'months' | 'years';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function intervalOf(milliseconds: number): { unit: IntervalUnit; count: number } {
  const ms = Math.max(0, milliseconds);
  if (ms < HOUR) return { unit: 'minutes', count: Math.max(1, Math.round(ms / MINUTE)) };
  if (ms < DAY) return { unit: 'hours', count: Math.round(ms / HOUR) };
  const days = Math.round(ms / DAY);
  if (days < 30) return { unit: 'days', count: days };
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  if (days < 365) return { unit: 'months', count: oneDecimal(days / 30) };
  return { unit: 'years', count: oneDecimal(days / 365) };
}
