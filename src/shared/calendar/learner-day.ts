/**
 * The learner's calendar (docs/product/progress.md#learner-day): 'today' is the date on the learner's own
 * clock, in the IANA time zone their browser reports and settings keep. Both sides use these rules, so the
 * server's daily goal, streak and spaced-repetition day and the client's 'Сегодня' agree.
 */

/** The zone of a learner whose browser has not told us theirs yet. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** An IANA name such as `Europe/Madrid`, `America/Argentina/Buenos_Aires`, `Etc/GMT+8` or `UTC`. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

const newFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** More zones than any runtime knows: names arriving in odd capitals cannot grow the cache past it. */
const MAX_KEPT_FORMATTERS = 1000;

/**
 * The formatter of a zone, kept for the next call. A zone this runtime does not know (saved by an instance
 * with a newer zone database) reads as UTC rather than failing every 'today' of that learner.
 */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const kept = formatters.get(timeZone);
  if (kept) return kept;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = newFormatter(timeZone);
  } catch {
    return timeZone === DEFAULT_TIME_ZONE ? newFormatter(DEFAULT_TIME_ZONE) : formatterFor(DEFAULT_TIME_ZONE);
  }
  if (formatters.size >= MAX_KEPT_FORMATTERS) formatters.clear();
  formatters.set(timeZone, formatter);
  return formatter;
}

/** Whether `name` is shaped as an IANA zone name (`UTC`, `Europe/Madrid`): not an offset, nor over-long. */
function isZoneName(name: string): boolean {
  return name.length <= 64 && IANA_NAME.test(name);
}

/**
 * A time zone name in the runtime's own capitals (`europe/madrid` → `Europe/Madrid`; an alias such as
 * `America/Argentina/Buenos_Aires` stays as sent, since runtimes disagree on which name is canonical), or
 * undefined for a name its zone database does not know. Offsets such as
 * `+05:00` are refused even where a runtime accepts them: a name is what the browser reports, and SQL reads
 * an offset's sign the other way round.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!isZoneName(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
}

/** The slice of `Temporal` (not in every runtime yet, nor in TypeScript's library) this module reads. */
interface TemporalNow {
  Now?: { timeZoneId?: () => unknown };
}

/**
 * The browser's own zone, or UTC when it names none this code accepts. Where the browser has `Temporal`, its
 * `Now.timeZoneId()` names the zone without building a date formatter: a page's first formatter loads the
 * browser's date data, 60–200 ms on a phone (measured at 4× CPU throttling in Chromium), which every page
 * load paid for the time-zone check alone. That name is the runtime's own, so it needs no respelling; without
 * `Temporal` the formatter names it.
 */
export function browserTimeZone(
  temporal: TemporalNow | undefined = (globalThis as { Temporal?: TemporalNow }).Temporal,
): string {
  const hostZone = temporal?.Now?.timeZoneId?.();
  if (typeof hostZone === 'string') {
    return isZoneName(hostZone) ? hostZone : DEFAULT_TIME_ZONE;
  }
  return canonicalTimeZone(new Intl.DateTimeFormat().resolvedOptions().timeZone) ?? DEFAULT_TIME_ZONE;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The learner's date at this instant, `YYYY-MM-DD`. */
export function localDay(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The calendar day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = wallClock(new Date(instant), timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of the learner's day containing `instant`. Where a clock change skips midnight, the day
 * starts at the change: the first instant whose local date is that day.
 */
export function startOfLocalDay(instant: Date, timeZone: string): Date {
  const day = localDay(instant, timeZone);
  const midnightAsUtc = Date.parse(`${day}T00:00:00Z`);
  let start = midnightAsUtc - offsetAt(midnightAsUtc, timeZone);
  start = midnightAsUtc - offsetAt(start, timeZone);
  if (localDay(new Date(start), timeZone) === day && localDay(new Date(start - 1), timeZone) !== day) {
    return new Date(start);
  }
  // Midnight does not exist that day (or the guess crossed a change): search the first instant of the day
  // between a day before and the instant itself.
  let low = instant.getTime() - 48 * 60 * 60 * 1000;
  let high = instant.getTime();
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (localDay(new Date(middle), timeZone) < day) low = middle;
    else high = middle;
  }
  return new Date(high);
}
