import { describe, expect, it } from 'vitest';
import { dailyTimePercent, describeLastStudy, minutesStudied } from '../../../src/client/lib/progress-format';

describe('the daily time goal', () => {
  it('is the share of the goal’s minutes studied, clamped, 30 minutes by default', () => {
    expect(dailyTimePercent(15 * 60, 30)).toBe(50);
    expect(dailyTimePercent(45 * 60, 30)).toBe(100);
    expect(dailyTimePercent(-5, 30)).toBe(0);
    expect(dailyTimePercent(6 * 60, 0)).toBe(20);
    expect(dailyTimePercent(6 * 60, null)).toBe(20);
  });

  it('shows whole minutes only once complete', () => {
    expect(minutesStudied(0)).toBe(0);
    expect(minutesStudied(59)).toBe(0);
    expect(minutesStudied(60)).toBe(1);
    expect(minutesStudied(3599)).toBe(59);
  });
});

describe('the last study day in the learner’s time zone', () => {
  // 01:00 UTC on 16 June: 11:00 on the 16th in Brisbane, 18:00 on the 15th in Los Angeles.
  const now = new Date('2031-06-16T01:00:00.000Z');
  const lateOnTheFifteenthUtc = '2031-06-15T20:00:00.000Z';

  it('is today when it falls on the learner’s today, whatever UTC says', () => {
    // 06:00 on the 16th in Brisbane.
    expect(describeLastStudy(lateOnTheFifteenthUtc, now, 'Australia/Brisbane')).toEqual({ kind: 'today' });
    expect(describeLastStudy('2031-06-15T16:00:00.000Z', now, 'America/Los_Angeles')).toEqual({
      kind: 'today',
    });
  });

  it('is the date on the learner’s calendar otherwise', () => {
    expect(describeLastStudy('2031-06-15T12:00:00.000Z', now, 'Australia/Brisbane')).toEqual({
      kind: 'date',
      text: '15.06.2031',
    });
    expect(describeLastStudy('2031-06-15T05:00:00.000Z', now, 'America/Los_Angeles')).toEqual({
      kind: 'date',
      text: '14.06.2031',
    });
  });
});
