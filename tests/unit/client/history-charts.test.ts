import { describe, expect, it } from 'vitest';
import { calendarWeeks, shortDate } from '../../../src/client/features/dashboard/lib/history-chart-data';

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
