import { describe, expect, it } from 'vitest';
import { measureStreak } from '../../../src/server/modules/progress/progress.service';

const noon = new Date('2024-03-10T12:00:00Z');

describe('measureStreak', () => {
  it('is 0 without any study day', () => {
    expect(measureStreak([], noon)).toBe(0);
  });

  it('counts a day studied today or yesterday', () => {
    expect(measureStreak(['2024-03-10'], noon)).toBe(1);
    // The day is not over yet: yesterday's streak still stands.
    expect(measureStreak(['2024-03-09'], noon)).toBe(1);
  });

  it('is 0 when the last study day is older than yesterday', () => {
    expect(measureStreak(['2024-03-08', '2024-03-07'], noon)).toBe(0);
  });

  it('counts consecutive days back from today or yesterday', () => {
    expect(measureStreak(['2024-03-10', '2024-03-09', '2024-03-08'], noon)).toBe(3);
    expect(measureStreak(['2024-03-09', '2024-03-08', '2024-03-07'], noon)).toBe(3);
  });

  it('stops at the first gap', () => {
    expect(measureStreak(['2024-03-10', '2024-03-08', '2024-03-07'], noon)).toBe(1);
    expect(measureStreak(['2024-03-09', '2024-03-08', '2024-03-06', '2024-03-05'], noon)).toBe(2);
  });

  it('runs across month, leap-day and year boundaries', () => {
    const firstOfMarch = new Date('2024-03-01T08:00:00Z');
    expect(measureStreak(['2024-03-01', '2024-02-29', '2024-02-28'], firstOfMarch)).toBe(3);
    const newYear = new Date('2025-01-01T08:00:00Z');
    expect(measureStreak(['2025-01-01', '2024-12-31', '2024-12-30'], newYear)).toBe(3);
  });

  describe('days are UTC days', () => {
    it('turns a day over at midnight UTC', () => {
      const lastMomentOfTheNinth = new Date('2024-03-09T23:59:59.999Z');
      expect(measureStreak(['2024-03-09'], lastMomentOfTheNinth)).toBe(1);
      expect(measureStreak(['2024-03-08'], lastMomentOfTheNinth)).toBe(1);
      const midnight = new Date('2024-03-10T00:00:00Z');
      expect(measureStreak(['2024-03-08'], midnight)).toBe(0);
      expect(measureStreak(['2024-03-09'], new Date('2024-03-11T00:00:00Z'))).toBe(0);
    });

    it('ignores the offset a time is written in', () => {
      // 01:00 on the 10th in UTC+2 is still the 9th in UTC.
      const now = new Date('2024-03-10T01:00:00+02:00');
      expect(measureStreak(['2024-03-09', '2024-03-08'], now)).toBe(2);
      expect(measureStreak(['2024-03-10'], now)).toBe(0);
    });
  });
});

describe('measureStreak in the learner’s time zone', () => {
  it('turns the day over at the learner’s midnight, not UTC’s', () => {
    // 23:30 UTC on the 9th is already 09:30 on the 10th in Brisbane (UTC+10).
    const lateUtc = new Date('2024-03-09T23:30:00Z');
    expect(measureStreak(['2024-03-10', '2024-03-09'], lateUtc, 'Australia/Brisbane')).toBe(2);
    expect(measureStreak(['2024-03-08'], lateUtc, 'Australia/Brisbane')).toBe(0);
    // 03:00 UTC on the 10th is still 19:00 on the 9th in Los Angeles (UTC−8): the 8th still stands.
    const earlyUtc = new Date('2024-03-10T03:00:00Z');
    expect(measureStreak(['2024-03-08', '2024-03-07'], earlyUtc, 'America/Los_Angeles')).toBe(2);
    expect(measureStreak(['2024-03-08', '2024-03-07'], earlyUtc)).toBe(0);
  });
});
