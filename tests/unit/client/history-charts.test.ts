import { describe, expect, it } from 'vitest';
import {
  calendarWeeks,
  monthLabels,
  shortDate,
  weekdayLabels,
} from '../../../src/client/features/dashboard/lib/history-chart-data';

const day = (date: string, reviews: number, hasData = true) => ({
  day: date,
  reviews,
  listeningMinutes: 0,
  hasData,
});

describe('the activity calendar (docs/product/progress.md#progress-over-time)', () => {
  it('lays days out in weeks, Monday first, with the busiest day darkest and days without data apart', () => {
    // 2031-06-18 is a Wednesday: two empty cells before it in its week.
    const weeks = calendarWeeks(
      [
        day('2031-06-18', 0, false),
        day('2031-06-19', 1),
        day('2031-06-20', 4),
        day('2031-06-21', 2),
        day('2031-06-22', 0),
        day('2031-06-23', 3),
      ],
      (entry) => entry.reviews,
    );
    expect(weeks).toHaveLength(2);
    expect(weeks[0]!.slice(0, 2)).toEqual([null, null]);
    expect(weeks[0]!.slice(2).map((cell) => [cell?.day, cell?.level, cell?.hasData])).toEqual([
      ['2031-06-18', 0, false],
      ['2031-06-19', 1, true],
      ['2031-06-20', 4, true],
      ['2031-06-21', 2, true],
      ['2031-06-22', 0, true],
    ]);
    expect(weeks[1]!.map((cell) => cell?.day)).toEqual(['2031-06-23']);
    expect(weeks[1]![0]!.level).toBe(3);
    expect(calendarWeeks([], () => 0)).toEqual([]);
  });

  it('writes dates as the interface language does', () => {
    expect(shortDate('2031-06-08', 'ru')).toBe('08.06');
    expect(shortDate('2031-06-08', 'en')).toBe('6/8');
  });
});

/** `count` days from `first` (UTC), each with one review. */
const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    day(new Date(Date.parse(`${first}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10), 1),
  );

describe('the calendar’s labels', () => {
  it('names the weekdays Monday first in the interface language', () => {
    expect(weekdayLabels('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(weekdayLabels('ru')).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
  });

  it('names a month over the week that has its first day, and the first week when it has room', () => {
    // 2031-06-09 is a Monday; 1 July is in the fourth week.
    const weeks = calendarWeeks(daysFrom('2031-06-09', 35), (entry) => entry.reviews);
    expect(monthLabels(weeks, 'en')).toEqual(['Jun', null, null, 'Jul', null]);
  });

  it('leaves the first week unnamed when the next month’s name is too close', () => {
    // 2031-06-23 is a Monday; 1 July is in the second week.
    const weeks = calendarWeeks(daysFrom('2031-06-23', 21), (entry) => entry.reviews);
    expect(monthLabels(weeks, 'en')).toEqual([null, 'Jul', null]);
    expect(monthLabels([], 'en')).toEqual([]);
  });
});
