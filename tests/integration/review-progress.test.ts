import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { progressSchema } from '../../src/shared/api/progress';
import {
  reviewGradePath,
  reviewGradeResponseSchema,
  reviewQueueSchema,
  type ReviewQueueCard,
} from '../../src/shared/api/review';
import { historySchema } from '../../src/shared/api/stats';
import type { ReviewGrade } from '../../src/shared/catalogs/review';
import { dailyActivity, reviewCards, reviewLogs, words } from '../../src/server/db/schema';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';

// docs/product/progress.md#daily-activity, #study-time and #learned-words: a review grade is study (D19),
// counted once, on the learner's day of the grade; one definition of a learned word in every figure.

let testApp: TestApp;
/** The app's clock: each test sets it before the calls it makes. */
let clock = new Date();
const at = (iso: string) => (clock = new Date(iso));
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  testApp = await buildTestApp({ now: () => clock });
});
afterAll(() => testApp.close());
beforeEach(() => {
  clock = new Date();
});

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const seedNumbered = (user: TestUser, count: number) =>
  seedWords(
    user,
    Array.from({ length: count }, (_, index) => ({ spanish: `palabra${index}` })),
  );
const saveSettings = async (user: TestUser, settings: object) => {
  const response = await send(user, 'PUT', '/api/settings', settings);
  expect(response.statusCode, response.body).toBe(200);
};
const progressOf = async (user: TestUser) => {
  const response = await send(user, 'GET', '/api/progress');
  expect(response.statusCode, response.body).toBe(200);
  return progressSchema.parse(response.json());
};
const queueOf = async (user: TestUser) => {
  const response = await send(user, 'GET', '/api/review/queue');
  expect(response.statusCode, response.body).toBe(200);
  return reviewQueueSchema.parse(response.json());
};
const grade = async (
  user: TestUser,
  card: Pick<ReviewQueueCard, 'id'>,
  value: ReviewGrade,
  options: { reviewId?: string; reviewedAt?: Date; durationMs?: number } = {},
) => {
  const response = await send(user, 'POST', reviewGradePath(card.id), {
    reviewId: options.reviewId ?? randomUUID(),
    grade: value,
    reviewedAt: (options.reviewedAt ?? clock).toISOString(),
    durationMs: options.durationMs ?? 4000,
  });
  expect(response.statusCode, response.body).toBe(200);
  return reviewGradeResponseSchema.parse(response.json());
};
const listen = async (user: TestUser, wordId: number) => {
  const response = await send(user, 'PATCH', `/api/words/${wordId}/listen-count`, { listenCount: 1 });
  expect(response.statusCode, response.body).toBe(200);
};
const activityOf = (user: TestUser) =>
  testApp.database.db
    .select({
      day: dailyActivity.day,
      wordsStudied: dailyActivity.wordsStudied,
      wordsReviewed: dailyActivity.wordsReviewed,
      plays: dailyActivity.plays,
      secondsStudied: dailyActivity.secondsStudied,
    })
    .from(dailyActivity)
    .where(eq(dailyActivity.userId, user.id))
    .orderBy(asc(dailyActivity.day));

describe('a review grade is study', () => {
  it('counts toward the goal, study time, streak and last study on the learner’s day, around their midnight', async () => {
    const learner = await registerUser(testApp.app);
    // Both directions of a word in one session: burying would hold the second until the next day (review.md).
    expect((await send(learner, 'PUT', '/api/settings', { reviewBurySiblings: false })).statusCode).toBe(200);
    // Kiritimati is UTC+14: its midnight of 16 June is 10:00 UTC on 15 June.
    await saveSettings(learner, { timeZone: 'Pacific/Kiritimati' });
    const [first, second, third] = await seedNumbered(learner, 3);
    at('2031-06-15T09:50:00.000Z');
    const cards = (await queueOf(learner)).cards;
    const cardOf = (wordId: number | undefined, direction: string) =>
      cards.find((card) => card.wordId === wordId && card.direction === direction)!;

    // 23:58 local on the 15th: one word, both directions, 5 s and then 10 minutes (held at 2).
    at('2031-06-15T09:58:00.000Z');
    await grade(learner, cardOf(first, 'es-ru'), 'good', { durationMs: 5000 });
    await grade(learner, cardOf(first, 'ru-es'), 'good', { durationMs: 10 * MINUTE });
    // Sent after midnight but given before it: it counts on the day it was given.
    at('2031-06-15T10:01:00.000Z');
    await grade(learner, cardOf(second, 'es-ru'), 'hard', {
      reviewedAt: new Date('2031-06-15T09:59:30.000Z'),
      durationMs: 3000,
    });
    // 00:02 local on the 16th.
    at('2031-06-15T10:02:00.000Z');
    await grade(learner, cardOf(third, 'es-ru'), 'again', { durationMs: 30_000 });

    expect(await activityOf(learner)).toEqual([
      { day: '2031-06-15', wordsStudied: 2, wordsReviewed: 2, plays: 0, secondsStudied: 5 + 120 + 3 },
      { day: '2031-06-16', wordsStudied: 1, wordsReviewed: 1, plays: 0, secondsStudied: 30 },
    ]);
    at('2031-06-15T10:05:00.000Z');
    expect(await progressOf(learner)).toMatchObject({
      today: '2031-06-16',
      timeZone: 'Pacific/Kiritimati',
      wordsStudiedToday: 1,
      wordsReviewedToday: 1,
      secondsStudiedToday: 30,
      playsToday: 0,
      currentStreak: 2,
      lastStudyDate: '2031-06-15T10:02:00.000Z',
      // Review opens no Learn session.
      totalSessions: 0,
    });
    // The streak lives on through the next local day and ends after it.
    at('2031-06-16T23:00:00.000Z');
    expect((await progressOf(learner)).currentStreak).toBe(2);
    at('2031-06-17T10:30:00.000Z');
    expect((await progressOf(learner)).currentStreak).toBe(0);
  });

  it('counts a re-sent grade once: no second word, second, or later last study', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T12:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const reviewId = randomUUID();
    const reviewedAt = new Date('2031-06-15T12:00:10.000Z');
    at('2031-06-15T12:00:20.000Z');
    const firstTime = await grade(learner, card!, 'good', { reviewId, reviewedAt, durationMs: 8000 });
    expect(firstTime.isRepeat).toBe(false);
    const before = await progressOf(learner);
    expect(before).toMatchObject({
      wordsStudiedToday: 1,
      wordsReviewedToday: 1,
      secondsStudiedToday: 8,
      lastStudyDate: reviewedAt.toISOString(),
    });

    // The answer was lost; the outbox sends the same grade again, later, and a double tap sends it twice more.
    at('2031-06-15T12:05:00.000Z');
    const retries = await Promise.all(
      [0, 1, 2].map(() => grade(learner, card!, 'good', { reviewId, reviewedAt, durationMs: 8000 })),
    );
    expect(retries.map((retry) => retry.isRepeat)).toEqual([true, true, true]);
    expect(await progressOf(learner)).toEqual(before);
    expect(await activityOf(learner)).toEqual([
      { day: '2031-06-15', wordsStudied: 1, wordsReviewed: 1, plays: 0, secondsStudied: 8 },
    ]);
  });

  it('keeps the study of an undone grade, and the grade given again adds only its own time', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T12:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const reviewId = randomUUID();
    await grade(learner, card!, 'easy', { reviewId, durationMs: 6000 });
    const undone = await send(learner, 'POST', '/api/review/undo', { reviewId });
    expect(undone.statusCode, undone.body).toBe(200);
    // The learner saw the word and spent the time: the undo takes back the grade, not the study.
    expect(await progressOf(learner)).toMatchObject({
      wordsStudiedToday: 1,
      wordsReviewedToday: 1,
      secondsStudiedToday: 6,
    });

    at('2031-06-15T12:00:30.000Z');
    await grade(learner, card!, 'good', { durationMs: 3000 });
    expect(await activityOf(learner)).toEqual([
      { day: '2031-06-15', wordsStudied: 1, wordsReviewed: 1, plays: 0, secondsStudied: 9 },
    ]);
  });

  it('is one day’s study with Learn’s plays: a word both played and graded counts once', async () => {
    const learner = await registerUser(testApp.app);
    // Both directions of a word in one session: burying would hold the second until the next day (review.md).
    expect((await send(learner, 'PUT', '/api/settings', { reviewBurySiblings: false })).statusCode).toBe(200);
    const [played, reviewedOnly] = await seedNumbered(learner, 2);
    at('2031-06-15T08:00:00.000Z');
    const cards = (await queueOf(learner)).cards;
    const cardOf = (wordId: number | undefined, direction: string) =>
      cards.find((card) => card.wordId === wordId && card.direction === direction)!;
    await listen(learner, played!);
    at('2031-06-15T08:00:30.000Z');
    await grade(learner, cardOf(played, 'es-ru'), 'good', { durationMs: 6000 });
    at('2031-06-15T08:01:00.000Z');
    await grade(learner, cardOf(reviewedOnly, 'es-ru'), 'easy', { durationMs: 2000 });
    // An earlier grade sent late from an offline session does not move the last study back.
    await grade(learner, cardOf(reviewedOnly, 'ru-es'), 'good', {
      reviewedAt: new Date('2031-06-15T07:00:00.000Z'),
      durationMs: 1000,
    });

    expect(await progressOf(learner)).toMatchObject({
      wordsStudiedToday: 2,
      wordsReviewedToday: 2,
      secondsStudiedToday: 6 + 2 + 1,
      playsToday: 1,
      totalSessions: 1,
      currentStreak: 1,
      lastStudyDate: '2031-06-15T08:01:00.000Z',
    });
  });

  it('never counts review history the learner did not grade here (an import or a restore writes the log)', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T12:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const state = card!.card;
    await testApp.database.db.insert(reviewLogs).values({
      userId: learner.id,
      cardId: card!.id,
      reviewId: randomUUID(),
      grade: 3,
      scheduler: 'fsrs',
      reviewedAt: new Date('2031-06-15T11:00:00.000Z'),
      durationMs: 9000,
      stateBefore: 'new',
      cardBefore: state,
      cardAfter: { ...state, state: 'review', scheduledDays: 3 },
    });
    expect(await progressOf(learner)).toMatchObject({
      wordsStudiedToday: 0,
      wordsReviewedToday: 0,
      secondsStudiedToday: 0,
      currentStreak: 0,
      lastStudyDate: null,
    });
  });
});

describe('a learned word', () => {
  it('is one hidden as learned or given a review interval of 21 days, the same on Home, the dashboard and the counters', async () => {
    const learner = await registerUser(testApp.app);
    await saveSettings(learner, { reviewScheduler: 'fixed', reviewDirections: ['es-ru'] });
    const [hidden, mastered, short, fresh] = await seedNumbered(learner, 4);
    at('2031-06-15T12:00:00.000Z');
    const cards = (await queueOf(learner)).cards;
    expect(cards).toHaveLength(4);
    // Two cards on the 14-day step, due now: Good moves one to 30 days; Again sends the other back.
    for (const wordId of [mastered, short]) {
      await testApp.database.db
        .update(reviewCards)
        .set({
          state: 'review',
          fixedStep: 3,
          scheduledDays: 14,
          lastReview: new Date(clock.getTime() - 14 * DAY),
          due: clock,
        })
        .where(and(eq(reviewCards.userId, learner.id), eq(reviewCards.wordId, wordId!)));
    }
    const cardOf = (wordId: number | undefined) => cards.find((card) => card.wordId === wordId)!;
    expect((await grade(learner, cardOf(mastered), 'good')).card.scheduledDays).toBe(30);
    expect((await grade(learner, cardOf(short), 'again')).card.scheduledDays).toBeLessThan(21);
    await grade(learner, cardOf(fresh), 'easy');
    const hide = await send(learner, 'PUT', `/api/words/${hidden}`, { isActive: false });
    expect(hide.statusCode, hide.body).toBe(200);

    const progress = await progressOf(learner);
    expect(progress.wordsLearned).toBe(2);
    const history = await send(learner, 'GET', '/api/stats/history');
    expect(history.statusCode, history.body).toBe(200);
    expect(historySchema.parse(history.json()).weeks.at(-1)?.wordsKnown).toBe(2);
    // The counters the maintenance action recomputes say the same.
    const recomputed = await send(learner, 'POST', '/api/words/force-cache-refresh');
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect(recomputed.json()).toMatchObject({ stats: { learnedWords: 2 } });

    // Shown again, the hidden word is no longer learned; the review interval once reached stays.
    const show = await send(learner, 'PUT', `/api/words/${hidden}`, { isActive: true });
    expect(show.statusCode, show.body).toBe(200);
    expect((await progressOf(learner)).wordsLearned).toBe(1);
    const [word] = await testApp.database.db
      .select({ isActive: words.isActive })
      .from(words)
      .where(eq(words.id, mastered!));
    expect(word?.isActive).toBe(true);
  });
});
