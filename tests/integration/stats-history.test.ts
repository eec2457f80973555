import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historySchema } from '../../src/shared/api/stats';
import { newCardState } from '../../src/shared/review/review-scheduler';
import { dailyActivity, reviewCards, reviewLogs } from '../../src/server/db/schema';
import { mondayOf } from '../../src/server/modules/stats/stats.service';
import { seedWords } from '../support/word-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';

// docs/product/progress.md#progress-over-time: the dashboard's history against seeded rows.

let testApp: TestApp;
let clock = new Date();

beforeAll(async () => {
  testApp = await buildTestApp({ now: () => clock });
});
afterAll(() => testApp.close());

const historyOf = async (user: TestUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/stats/history',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return historySchema.parse(response.json());
};

/** A grade of one of the learner's words, giving the card this interval. */
async function seedGrade(user: TestUser, wordId: number, reviewedAt: string, scheduledDays: number) {
  const [card] = await testApp.database.db
    .insert(reviewCards)
    .values({ userId: user.id, wordId, direction: 'es-ru', state: 'review', scheduledDays })
    .onConflictDoNothing()
    .returning({ id: reviewCards.id });
  const before = newCardState(new Date(reviewedAt));
  await testApp.database.db.insert(reviewLogs).values({
    userId: user.id,
    cardId: card!.id,
    reviewId: randomUUID(),
    grade: 3,
    scheduler: 'fsrs',
    reviewedAt: new Date(reviewedAt),
    durationMs: 2000,
    stateBefore: 'review',
    cardBefore: before,
    cardAfter: { ...before, state: 'review', scheduledDays },
  });
}

describe('the progress history', () => {
  it('counts words added and known per week, reviews and listening per day, and says where data begins', async () => {
    const learner = await registerUser(testApp.app);
    const db = testApp.database.db;
    const [thisWeekA, thisWeekB, , , , longAgo] = await seedWords(db, learner.id, [
      { spanish: 'a', createdAt: new Date('2031-06-17T09:00:00Z') },
      { spanish: 'b', createdAt: new Date('2031-06-17T09:00:00Z') },
      { spanish: 'c', createdAt: new Date('2031-06-16T00:30:00Z') },
      {
        spanish: 'd',
        createdAt: new Date('2031-06-10T09:00:00Z'),
        isActive: false,
        disabledAt: new Date('2031-06-11T09:00:00Z'),
      },
      { spanish: 'e', createdAt: new Date('2031-06-15T23:30:00Z') },
      {
        spanish: 'f',
        createdAt: new Date('2030-01-01T09:00:00Z'),
        isActive: false,
        disabledAt: new Date('2030-02-01T09:00:00Z'),
      },
    ]);
    // Mastered in review this week (21 days or more); another word graded without reaching it.
    await seedGrade(learner, thisWeekA!, '2031-06-17T10:00:00Z', 25);
    await seedGrade(learner, thisWeekB!, '2031-06-17T11:00:00Z', 3);
    await seedGrade(learner, longAgo!, '2031-06-18T08:00:00Z', 40);
    await db.insert(dailyActivity).values([
      { userId: learner.id, day: '2031-06-15', secondsStudied: 600, plays: 40, wordsStudied: 5 },
      { userId: learner.id, day: '2031-06-17', secondsStudied: 95, plays: 8, wordsStudied: 2 },
    ]);

    // A Wednesday.
    clock = new Date('2031-06-18T10:00:00Z');
    const history = await historyOf(learner);
    expect(history.today).toBe('2031-06-18');
    expect(history.activityStartsOn).toBe('2031-06-15');

    expect(history.weeks).toHaveLength(26);
    expect(history.weeks.at(-1)).toEqual({ weekStart: '2031-06-16', wordsAdded: 3, wordsKnown: 3 });
    expect(history.weeks.at(-2)).toEqual({ weekStart: '2031-06-09', wordsAdded: 2, wordsKnown: 2 });
    // Known long before the charts begin: counted from the first week on.
    expect(history.weeks[0]).toMatchObject({ weekStart: '2030-12-23', wordsAdded: 0, wordsKnown: 1 });

    expect(history.days).toHaveLength(90);
    expect(history.days.at(-1)).toEqual({
      day: '2031-06-18',
      reviews: 1,
      listeningMinutes: 0,
      hasData: true,
    });
    const byDay = new Map(history.days.map((day) => [day.day, day]));
    expect(byDay.get('2031-06-17')).toEqual({
      day: '2031-06-17',
      reviews: 2,
      listeningMinutes: 2,
      hasData: true,
    });
    expect(byDay.get('2031-06-16')).toMatchObject({ reviews: 0, listeningMinutes: 0, hasData: true });
    expect(byDay.get('2031-06-15')).toMatchObject({ listeningMinutes: 10, hasData: true });
    expect(byDay.get('2031-06-14')).toMatchObject({ reviews: 0, listeningMinutes: 0, hasData: false });
    expect(history.forecast).toHaveLength(30);
    expect(history.forecast[0]!.day).toBe('2031-06-18');
  });

  it('groups by the learner’s own days and weeks', async () => {
    const learner = await registerUser(testApp.app);
    const put = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { timeZone: 'Asia/Tokyo' },
      headers: { cookie: learner.cookie },
    });
    expect(put.statusCode).toBe(200);
    // Sunday 23:30 UTC is Monday 08:30 in Tokyo: this week there, last week in UTC.
    const [word] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'lunes', createdAt: new Date('2031-06-15T23:30:00Z') },
    ]);
    await seedGrade(learner, word!, '2031-06-15T23:40:00Z', 2);
    clock = new Date('2031-06-16T03:00:00Z');
    const history = await historyOf(learner);
    expect(history.today).toBe('2031-06-16');
    expect(history.weeks.at(-1)).toMatchObject({ weekStart: '2031-06-16', wordsAdded: 1 });
    expect(history.days.at(-1)).toMatchObject({ day: '2031-06-16', reviews: 1, hasData: true });
    expect(history.days.at(-2)).toMatchObject({ reviews: 0, hasData: false });
  });

  it('finds the Monday of any day', () => {
    expect(['2031-06-16', '2031-06-18', '2031-06-22'].map(mondayOf)).toEqual([
      '2031-06-16',
      '2031-06-16',
      '2031-06-16',
    ]);
    expect(mondayOf('2031-06-23')).toBe('2031-06-23');
  });
});
