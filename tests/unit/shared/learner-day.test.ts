import { describe, expect, it } from 'vitest';
import {
  addDays,
  browserTimeZone,
  canonicalTimeZone,
  localDay,
  startOfLocalDay,
} from '../../../src/shared/calendar/learner-day';

describe('canonicalTimeZone', () => {
  it('accepts IANA names and UTC', () => {
    for (const zone of [
      'UTC',
      'Europe/Madrid',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+8',
      'Asia/Kathmandu',
    ])
      expect(canonicalTimeZone(zone), zone).toBe(zone);
  });

  it('refuses unknown names, offsets and text that is not a name', () => {
    for (const zone of ['Mars/Olympus', '+05:00', '-08:00', '', 'Europe/Madrid; drop table', 'a'.repeat(80)])
      expect(canonicalTimeZone(zone), zone).toBeUndefined();
  });

  it('spells a name in the runtime’s capitals and keeps an alias as sent', () => {
    expect(canonicalTimeZone('europe/MADRID')).toBe('Europe/Madrid');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Mars/Olympus')).toBeUndefined();
  });
});

/** How many date formatters `run` builds. */
function formattersBuiltBy(run: () => void): number {
  const Original = Intl.DateTimeFormat;
  let built = 0;
  Intl.DateTimeFormat = class extends Original {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      built += 1;
    }
  } as typeof Intl.DateTimeFormat;
  try {
    run();
  } finally {
    Intl.DateTimeFormat = Original;
  }
  return built;
}

describe('browserTimeZone', () => {
  it('takes the zone Temporal names, without building a formatter', () => {
    const built = formattersBuiltBy(() => {
      expect(browserTimeZone({ Now: { timeZoneId: () => 'Europe/Madrid' } })).toBe('Europe/Madrid');
      expect(browserTimeZone({ Now: { timeZoneId: () => 'America/Argentina/Buenos_Aires' } })).toBe(
        'America/Argentina/Buenos_Aires',
      );
    });
    expect(built).toBe(0);
  });

  it('reads an offset or a name it does not accept from Temporal as UTC', () => {
    expect(browserTimeZone({ Now: { timeZoneId: () => '+05:00' } })).toBe('UTC');
    expect(browserTimeZone({ Now: { timeZoneId: () => `Europe/${'x'.repeat(70)}` } })).toBe('UTC');
  });

  it('asks a date formatter where there is no Temporal', () => {
    const expected = canonicalTimeZone(new Intl.DateTimeFormat().resolvedOptions().timeZone) ?? 'UTC';
    const answers: string[] = [];
    const built = formattersBuiltBy(() => answers.push(browserTimeZone({}), browserTimeZone(undefined)));
    expect(answers).toEqual([expected, expected]);
    // Where the machine's zone is UTC the answers alone would not tell the formatter from the fallback.
    expect(built).toBeGreaterThan(0);
  });
});

describe('localDay', () => {
  const instant = new Date('2024-06-01T23:30:00Z');
  it('reads a stored zone this runtime does not know as UTC instead of failing', () => {
    expect(localDay(instant, 'Mars/Olympus')).toBe('2024-06-01');
    expect(localDay(new Date('2024-06-01T23:30:00Z'), 'Mars/Olympus')).toBe(localDay(instant, 'UTC'));
  });

  it('is the date on the learner’s clock', () => {
    expect(localDay(instant, 'UTC')).toBe('2024-06-01');
    expect(localDay(instant, 'Australia/Brisbane')).toBe('2024-06-02');
    expect(localDay(new Date('2024-06-02T07:30:00Z'), 'America/Los_Angeles')).toBe('2024-06-02');
    expect(localDay(new Date('2024-06-02T06:30:00Z'), 'America/Los_Angeles')).toBe('2024-06-01');
    expect(localDay(new Date('2024-06-01T18:14:00Z'), 'Asia/Kathmandu')).toBe('2024-06-01');
    expect(localDay(new Date('2024-06-01T18:15:00Z'), 'Asia/Kathmandu')).toBe('2024-06-02');
  });
});

describe('addDays', () => {
  it('walks the calendar across months and years', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
  });
});

describe('startOfLocalDay', () => {
  it('is local midnight as an instant', () => {
    expect(startOfLocalDay(new Date('2024-06-01T23:30:00Z'), 'Australia/Brisbane').toISOString()).toBe(
      '2024-06-01T14:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2024-06-02T03:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2024-06-01T07:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2024-06-02T03:00:00Z'), 'Asia/Kathmandu').toISOString()).toBe(
      '2024-06-01T18:15:00.000Z',
    );
    expect(startOfLocalDay(new Date('2024-06-02T03:00:00Z'), 'UTC').toISOString()).toBe(
      '2024-06-02T00:00:00.000Z',
    );
  });

  it('follows clock changes: the day after a change starts at its own midnight', () => {
    // Madrid moved to summer time on 31 March 2024 at 02:00; 1 April starts at 00:00 CEST.
    expect(startOfLocalDay(new Date('2024-04-01T10:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
      '2024-03-31T22:00:00.000Z',
    );
    expect(startOfLocalDay(new Date('2024-03-31T10:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
      '2024-03-30T23:00:00.000Z',
    );
  });

  it('starts a day whose midnight is skipped at the change', () => {
    // Santiago de Chile skipped from 00:00 to 01:00 on 8 September 2024 (04:00 UTC).
    expect(startOfLocalDay(new Date('2024-09-08T15:00:00Z'), 'America/Santiago').toISOString()).toBe(
      '2024-09-08T04:00:00.000Z',
    );
  });
});
