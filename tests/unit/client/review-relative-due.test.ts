import { beforeAll, describe, expect, it } from 'vitest';
import {
  changeInterfaceLanguage,
  i18next,
  loadCatalogAreas,
  startInterfaceLanguage,
} from '../../../src/client/i18n/setup';
import { relativeDueOf, relativeDueText } from '../../../src/client/features/review/lib/relative-due';

// docs/product/review.md#session-summary: the next review said relatively, in the learner's day and language.

const NOW = new Date('2026-11-28T09:00:00.000Z');
const MINUTE = 60_000;
const after = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

beforeAll(async () => {
  await loadCatalogAreas(['review']);
  await startInterfaceLanguage();
});

const say = (dueAt: string) => {
  const { key, options } = relativeDueText(relativeDueOf(dueAt, NOW, 'UTC'));
  return i18next.t(key, options);
};

describe('the next review, said relatively', () => {
  it('counts minutes within the hour, hours the same day, then the learner’s calendar days', () => {
    expect(relativeDueOf(after(-MINUTE), NOW, 'UTC')).toEqual({ unit: 'now' });
    expect(relativeDueOf(after(10 * MINUTE), NOW, 'UTC')).toEqual({ unit: 'minutes', count: 10 });
    expect(relativeDueOf(after(20_000), NOW, 'UTC')).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeDueOf(after(5 * 60 * MINUTE), NOW, 'UTC')).toEqual({ unit: 'hours', count: 5 });
    expect(relativeDueOf('2026-11-29T05:06:00.000Z', NOW, 'UTC')).toEqual({ unit: 'tomorrow' });
    expect(relativeDueOf('2026-12-02T08:00:00.000Z', NOW, 'UTC')).toEqual({ unit: 'days', count: 4 });
    expect(relativeDueOf('2027-01-27T09:00:00.000Z', NOW, 'UTC')).toEqual({ unit: 'months', count: 2 });
    expect(relativeDueOf('2028-12-01T09:00:00.000Z', NOW, 'UTC')).toEqual({ unit: 'years', count: 2 });
  });

  it('takes the learner’s time zone: 22:00 in Moscow, due at 01:00 their time, is tomorrow', () => {
    const evening = new Date('2026-11-28T19:00:00.000Z');
    const due = '2026-11-28T22:00:00.000Z';
    expect(relativeDueOf(due, evening, 'Europe/Moscow')).toEqual({ unit: 'tomorrow' });
    expect(relativeDueOf(due, evening, 'UTC')).toEqual({ unit: 'hours', count: 3 });
  });

  it('is worded in the learner’s language, with Russian plurals', async () => {
    expect(say(after(10 * MINUTE))).toBe('через 10 мин');
    expect(say('2026-11-29T05:06:00.000Z')).toBe('завтра');
    expect(say('2026-12-02T08:00:00.000Z')).toBe('через 4 дня');
    expect(say('2026-12-03T08:00:00.000Z')).toBe('через 5 дней');
    expect(say('2026-12-19T08:00:00.000Z')).toBe('через 21 день');
    await changeInterfaceLanguage('en');
    await loadCatalogAreas(['review']);
    expect(say(after(10 * MINUTE))).toBe('in 10 min');
    expect(say('2026-11-29T05:06:00.000Z')).toBe('tomorrow');
    expect(say('2026-12-02T08:00:00.000Z')).toBe('in 4 days');
    expect(say('2026-12-30T08:00:00.000Z')).toBe('in 1 month');
  });
});
