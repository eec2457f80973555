const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days since a word was hidden, for the spaced-repetition badge; null when the date is missing
 * or unreadable. A clock a little behind the server's never shows a negative day.
 */
export function daysSinceDisabled(disabledAt: string | null, now: number): number | null {
  if (disabledAt === null) return null;
  const since = Date.parse(disabledAt);
  if (Number.isNaN(since)) return null;
  return Math.max(0, Math.floor((now - since) / DAY_MS));
}
