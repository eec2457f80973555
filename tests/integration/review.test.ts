import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  masteredWordsSchema,
  reviewGradePath,
  reviewGradeResponseSchema,
  reviewQueueSchema,
  reviewStatsSchema,
  reviewUndoResponseSchema,
  type ReviewQueueCard,
} from '../../src/shared/api/review';
import type { ReviewGrade } from '../../src/shared/catalogs/review';
import { reviewCards, reviewLogs, reviewUndos, words } from '../../src/server/db/schema';
import { createReviewRepository } from '../../src/server/modules/review/review.repository';
import { createReviewService } from '../../src/server/modules/review/review.service';
import { createSettingsRepository } from '../../src/server/modules/settings/settings.repository';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';

// docs/product/review.md: the queue, grades, figures and what review changes elsewhere, through the routes.

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

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const seedNumbered = (user: TestUser, count: number, extra: Partial<WordSeed> = {}) =>
  seedWords(
    user,
    Array.from({ length: count }, (_, index) => ({ spanish: `palabra${index}`, ...extra })),
  );
const saveSettings = async (user: TestUser, settings: object) => {
  const response = await send(user, 'PUT', '/api/settings', settings);
  expect(response.statusCode, response.body).toBe(200);
};
const queueOf = async (user: TestUser, limit?: number, extraNew?: number) => {
  const query = new URLSearchParams();
  if (limit) query.set('limit', String(limit));
  if (extraNew) query.set('extraNew', String(extraNew));
  const response = await send(user, 'GET', `/api/review/queue?${query.toString()}`);
  expect(response.statusCode, response.body).toBe(200);
  return reviewQueueSchema.parse(response.json());
};
const statsOf = async (user: TestUser) => {
  const response = await send(user, 'GET', '/api/review/stats');
  expect(response.statusCode, response.body).toBe(200);
  return reviewStatsSchema.parse(response.json());
};
const grade = (
  user: TestUser,
  card: Pick<ReviewQueueCard, 'id'>,
  value: ReviewGrade,
  options: { reviewId?: string; reviewedAt?: Date; durationMs?: number } = {},
) =>
  send(user, 'POST', reviewGradePath(card.id), {
    reviewId: options.reviewId ?? randomUUID(),
    grade: value,
    reviewedAt: (options.reviewedAt ?? clock).toISOString(),
    durationMs: options.durationMs ?? 4000,
  });
const gradeOk = async (user: TestUser, card: Pick<ReviewQueueCard, 'id'>, value: ReviewGrade) => {
  const response = await grade(user, card, value);
  expect(response.statusCode, response.body).toBe(200);
  return reviewGradeResponseSchema.parse(response.json());
};
const logsOf = (user: TestUser) =>
  testApp.database.db.select().from(reviewLogs).where(eq(reviewLogs.userId, user.id));
/** Moves a learner's cards straight to a state, for tests about cards learned long ago. */
const setCards = (user: TestUser, values: Partial<typeof reviewCards.$inferInsert>) =>
  testApp.database.db.update(reviewCards).set(values).where(eq(reviewCards.userId, user.id));

describe('the queue', () => {
  it('offers the day’s new cards, oldest word first in both default directions, the same on every reload', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedNumbered(learner, 30);
    await saveSettings(learner, { reviewBurySiblings: false });
    at('2031-06-15T10:00:00.000Z');
    const queue = await queueOf(learner);
    expect(queue.cards).toHaveLength(20);
    expect(queue.cards.slice(0, 4).map((card) => [card.wordId, card.direction])).toEqual([
      [ids[0], 'es-ru'],
      [ids[0], 'ru-es'],
      [ids[1], 'es-ru'],
      [ids[1], 'ru-es'],
    ]);
    expect(queue.cards.every((card) => card.card.state === 'new')).toBe(true);
    expect(queue.cards[0]!.word).toMatchObject({ spanish: 'palabra0', russian: 'перевод' });
    expect(queue.scheduler).toEqual({ kind: 'fsrs', desiredRetention: 0.9 });
    expect(queue.isTypedAnswer).toBe(false);
    expect(queue.today).toBe('2031-06-15');
    expect(queue.hasMoreNew).toBe(true);

    clock = new Date(clock.getTime() + 5 * MINUTE);
    const again = await queueOf(learner);
    expect(again.cards.map((card) => card.id)).toEqual(queue.cards.map((card) => card.id));
    expect((await queueOf(learner, 5)).cards.map((card) => card.id)).toEqual(
      queue.cards.slice(0, 5).map((card) => card.id),
    );
  });

  it('keeps to the new-card limit of the day, and offers a step graded Again again within minutes', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 10);
    await saveSettings(learner, { reviewNewPerDay: 3 });
    at('2031-06-15T10:00:00.000Z');
    const queue = await queueOf(learner);
    expect(queue.cards).toHaveLength(3);
    await gradeOk(learner, queue.cards[0]!, 'again');
    await gradeOk(learner, queue.cards[1]!, 'easy');

    // Two new cards seen: one new card left today, and the card graded Again is due in a minute.
    const later = await queueOf(learner);
    expect(later.cards.map((card) => card.id)).toEqual([queue.cards[2]!.id, queue.cards[0]!.id]);
    clock = new Date(clock.getTime() + 2 * MINUTE);
    const stepDue = await queueOf(learner);
    expect(stepDue.cards.map((card) => card.id)).toEqual([queue.cards[0]!.id, queue.cards[2]!.id]);
    expect(stepDue.cards[0]!.card.state).toBe('learning');
  });

  it('brings ten more new cards past the day’s limit when asked, and says whether there are more', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 14);
    await saveSettings(learner, { reviewNewPerDay: 2, reviewDirections: ['es-ru'] });
    at('2031-06-15T10:00:00.000Z');
    const capped = await queueOf(learner);
    expect(capped.cards).toHaveLength(2);
    expect(capped.hasMoreNew).toBe(true);
    for (const card of capped.cards) await gradeOk(learner, card, 'easy');
    expect(await queueOf(learner)).toMatchObject({ cards: [], hasMoreNew: true });

    const more = await queueOf(learner, undefined, 10);
    expect(more.cards).toHaveLength(10);
    expect(more.cards.every((card) => card.card.state === 'new')).toBe(true);
    expect(more.hasMoreNew).toBe(true);
    for (const card of more.cards) await gradeOk(learner, card, 'easy');
    // Twelve seen today: ten more would go past the two words left, and then none is left.
    const rest = await queueOf(learner, undefined, 20);
    expect(rest.cards).toHaveLength(2);
    expect(rest.hasMoreNew).toBe(false);
    expect((await send(learner, 'GET', '/api/review/queue?extraNew=-1')).statusCode).toBe(400);
  });

  it('offers reviews due today, most overdue first, within the review limit', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 6);
    await saveSettings(learner, { reviewDirections: ['es-ru'], reviewNewPerDay: 0, reviewMaxPerDay: 4 });
    at('2031-06-15T10:00:00.000Z');
    expect((await queueOf(learner)).cards).toEqual([]);
    // Make the six cards (new cards are made when a queue offers them), then schedule them as reviews.
    await saveSettings(learner, { reviewNewPerDay: 20 });
    const made = await queueOf(learner);
    expect(made.cards).toHaveLength(6);
    await saveSettings(learner, { reviewNewPerDay: 0 });
    await setCards(learner, {
      state: 'review',
      scheduledDays: 3,
      stability: 3,
      difficulty: 5,
      reps: 2,
      lastReview: new Date('2031-06-12T10:00:00.000Z'),
    });
    const dues = [
      '2031-06-14T09:00:00Z',
      '2031-06-15T23:30:00Z',
      '2031-06-13T09:00:00Z',
      '2031-06-16T00:30:00Z',
    ];
    for (const [index, due] of dues.entries()) {
      await testApp.database.db
        .update(reviewCards)
        .set({ due: new Date(due) })
        .where(eq(reviewCards.id, made.cards[index]!.id));
    }
    await testApp.database.db
      .update(reviewCards)
      .set({ due: new Date('2031-07-01T00:00:00Z') })
      .where(
        and(eq(reviewCards.userId, learner.id), eq(reviewCards.due, new Date('2031-06-15T10:00:00.000Z'))),
      );
    // Due today (UTC): the ones due on the 13th, 14th and late on the 15th; the 16th is tomorrow's.
    const queue = await queueOf(learner);
    expect(queue.cards.map((card) => card.id)).toEqual([
      made.cards[2]!.id,
      made.cards[0]!.id,
      made.cards[1]!.id,
    ]);

    await saveSettings(learner, { reviewMaxPerDay: 2 });
    expect((await queueOf(learner)).cards).toHaveLength(2);
    await gradeOk(learner, queue.cards[0]!, 'good');
    // One review done of two allowed today.
    expect((await queueOf(learner)).cards.map((card) => card.id)).toEqual([made.cards[0]!.id]);
    expect((await statsOf(learner)).dueCount).toBe(1);
  });

  it('counts the day in the learner’s time zone: a new day in Auckland brings new cards before UTC’s', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 5);
    await saveSettings(learner, { timeZone: 'Pacific/Auckland', reviewNewPerDay: 1 });
    // 23:30 on 15 June in Auckland (UTC+12).
    at('2031-06-15T11:30:00.000Z');
    const [first] = (await queueOf(learner)).cards;
    await gradeOk(learner, first!, 'easy');
    at('2031-06-15T11:45:00.000Z');
    expect((await queueOf(learner)).cards).toEqual([]);
    // 00:30 on the 16th in Auckland, still the 15th in UTC.
    at('2031-06-15T12:30:00.000Z');
    const nextDay = await queueOf(learner);
    expect(nextDay.today).toBe('2031-06-16');
    expect(nextDay.cards).toHaveLength(1);
    expect(nextDay.cards[0]!.id).not.toBe(first!.id);
  });

  it('holds back a word’s other directions until the learner’s next day once one was graded', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedNumbered(learner, 3);
    await saveSettings(learner, { timeZone: 'Pacific/Auckland' });
    // 22:00 on 15 June in Auckland (UTC+12): one card per word, never el perro then собака.
    at('2031-06-15T10:00:00.000Z');
    const queue = await queueOf(learner);
    expect(queue.cards.map((card) => [card.wordId, card.direction])).toEqual([
      [ids[0], 'es-ru'],
      [ids[1], 'es-ru'],
      [ids[2], 'es-ru'],
    ]);
    // Home's count is the queue's: one card a word.
    expect(await statsOf(learner)).toMatchObject({ newCount: 3, queueSize: 3 });
    await gradeOk(learner, queue.cards[0]!, 'easy');
    expect(await statsOf(learner)).toMatchObject({ newCount: 2, dueCount: 0 });
    const directionsOf = (cards: readonly ReviewQueueCard[]) =>
      cards.map((card) => `${card.wordId}:${card.direction}`);
    // 23:30 in Auckland: the first word's ru-es card is still buried, the other words offer one card each.
    at('2031-06-15T11:30:00.000Z');
    expect(directionsOf((await queueOf(learner)).cards)).toEqual([`${ids[1]}:es-ru`, `${ids[2]}:es-ru`]);
    // 00:30 on the 16th in Auckland, still the 15th in UTC: it comes back.
    at('2031-06-15T12:30:00.000Z');
    expect(directionsOf((await queueOf(learner)).cards)).toContain(`${ids[0]}:ru-es`);
  });

  it('holds back a review card whose sibling was graded today, and keeps them together when chosen', async () => {
    const learner = await registerUser(testApp.app);
    const [id] = await seedNumbered(learner, 1);
    await saveSettings(learner, { reviewBurySiblings: false });
    at('2031-06-15T10:00:00.000Z');
    expect((await queueOf(learner)).cards).toHaveLength(2);
    await setCards(learner, {
      state: 'review',
      scheduledDays: 3,
      lastReview: new Date('2031-06-12T10:00:00.000Z'),
      due: new Date('2031-06-15T09:00:00.000Z'),
      stability: 3,
      difficulty: 5,
      reps: 2,
    });
    const together = await queueOf(learner);
    expect(together.cards.map((card) => card.direction)).toEqual(['es-ru', 'ru-es']);
    await gradeOk(learner, together.cards[0]!, 'good');
    // Kept together: the sibling follows at once.
    expect((await queueOf(learner)).cards.map((card) => card.direction)).toEqual(['ru-es']);

    // The saved choice changes the queue: buried now that its sibling was graded today.
    await saveSettings(learner, { reviewBurySiblings: true });
    expect((await queueOf(learner)).cards).toEqual([]);
    expect(await statsOf(learner)).toMatchObject({ dueCount: 0, newCount: 0 });
    at('2031-06-16T10:00:00.000Z');
    expect((await queueOf(learner)).cards.map((card) => [card.wordId, card.direction])).toEqual([
      [id, 'ru-es'],
    ]);
  });

  it('counts a buried word once on Home, as the queue shows it: a step first, else a review, else a new card', async () => {
    const learner = await registerUser(testApp.app);
    const [stepWord, reviewWord, newWord] = await seedNumbered(learner, 3);
    await saveSettings(learner, { reviewBurySiblings: false });
    at('2031-06-15T10:00:00.000Z');
    // Every direction of the three words made, all new.
    expect((await queueOf(learner)).cards).toHaveLength(6);
    const cardOf = (wordId: number) =>
      and(
        eq(reviewCards.userId, learner.id),
        eq(reviewCards.wordId, wordId),
        eq(reviewCards.direction, 'es-ru'),
      );
    const graded = { lastReview: new Date('2031-06-14T10:00:00.000Z'), stability: 3, difficulty: 5, reps: 1 };
    // Graded yesterday: one word's es→ru is in a learning step due now, another's a review due today; each
    // still has its ru→es card new.
    await testApp.database.db
      .update(reviewCards)
      .set({ ...graded, state: 'learning', learningSteps: 1, due: new Date('2031-06-15T09:50:00.000Z') })
      .where(cardOf(stepWord!));
    await testApp.database.db
      .update(reviewCards)
      .set({ ...graded, state: 'review', scheduledDays: 1, due: new Date('2031-06-15T09:00:00.000Z') })
      .where(cardOf(reviewWord!));
    await saveSettings(learner, { reviewBurySiblings: true });

    const queue = await queueOf(learner);
    expect(queue.cards.map((card) => [card.wordId, card.direction, card.card.state])).toEqual([
      [stepWord, 'es-ru', 'learning'],
      [reviewWord, 'es-ru', 'review'],
      [newWord, 'es-ru', 'new'],
    ]);
    expect(await statsOf(learner)).toMatchObject({ dueCount: 2, newCount: 1, queueSize: queue.cards.length });
  });

  it('makes picture cards only for words with a picture, and listening cards for every word', async () => {
    const learner = await registerUser(testApp.app);
    const [withPicture, without] = await seedWords(learner, [
      { spanish: 'el sol', imageUrl: '/media/abc.webp' },
      { spanish: 'la luna' },
    ]);
    await saveSettings(learner, {
      reviewDirections: ['listening-es', 'picture-es'],
      reviewBurySiblings: false,
    });
    const queue = await queueOf(learner);
    expect(queue.cards.map((card) => [card.wordId, card.direction])).toEqual([
      [withPicture, 'picture-es'],
      [withPicture, 'listening-es'],
      [without, 'listening-es'],
    ]);
  });

  it('shows only the learner’s own cards, and another learner’s card answers 404 without a change', async () => {
    const owner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    await seedNumbered(owner, 2);
    const [card] = (await queueOf(owner)).cards;
    expect((await queueOf(stranger)).cards).toEqual([]);
    const response = await grade(stranger, card!, 'good');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'review_card_not_found' });
    expect(await logsOf(owner)).toHaveLength(0);
    expect((await send(stranger, 'POST', reviewGradePath(99_999_999_999), {})).statusCode).toBe(404);
  });
});

describe('an undo (docs/product/review.md#undo)', () => {
  const undo = (user: TestUser, reviewId: string) => send(user, 'POST', '/api/review/undo', { reviewId });
  const cardOf = async (id: number) =>
    (await testApp.database.db.select().from(reviewCards).where(eq(reviewCards.id, id)))[0]!;

  it('restores the card, removes the log row, and a second one with the same id changes nothing', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 2);
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const before = await cardOf(card!.id);
    const reviewId = randomUUID();
    expect((await grade(learner, card!, 'easy', { reviewId })).statusCode).toBe(200);
    expect((await cardOf(card!.id)).state).toBe('review');
    expect((await statsOf(learner)).reviewedToday).toBe(1);

    const first = await undo(learner, reviewId);
    expect(first.statusCode, first.body).toBe(200);
    const undone = reviewUndoResponseSchema.parse(first.json());
    expect(undone).toMatchObject({ cardId: card!.id, isRepeat: false, card: { state: 'new', reps: 0 } });
    expect(await cardOf(card!.id)).toEqual(before);
    expect(await logsOf(learner)).toHaveLength(0);
    // The day's counts step back: the card is new again, first in the queue.
    expect((await statsOf(learner)).reviewedToday).toBe(0);
    expect((await queueOf(learner)).cards[0]!.id).toBe(card!.id);

    const second = await undo(learner, reviewId);
    expect(second.statusCode, second.body).toBe(200);
    expect(reviewUndoResponseSchema.parse(second.json())).toEqual({ ...undone, isRepeat: true });
    expect(await cardOf(card!.id)).toEqual(before);
    // A late copy of the undone grade changes nothing either.
    const late = await grade(learner, card!, 'easy', { reviewId });
    expect(reviewGradeResponseSchema.parse(late.json())).toMatchObject({
      isRepeat: true,
      card: { state: 'new' },
    });
    expect(await cardOf(card!.id)).toEqual(before);
    expect(await logsOf(learner)).toHaveLength(0);
  });

  it('is refused once the card was graded again, from another tab or device', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const firstId = randomUUID();
    expect((await grade(learner, card!, 'again', { reviewId: firstId })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2 * MINUTE);
    const laterId = randomUUID();
    expect((await grade(learner, card!, 'good', { reviewId: laterId })).statusCode).toBe(200);
    const afterLater = await cardOf(card!.id);

    const refused = await undo(learner, firstId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'review_undo_superseded' });
    expect(await cardOf(card!.id)).toEqual(afterLater);
    expect(await logsOf(learner)).toHaveLength(2);
    // The later grade is the last: it can be undone, and then the first one too.
    expect((await undo(learner, laterId)).statusCode).toBe(200);
    expect((await undo(learner, firstId)).statusCode).toBe(200);
    expect((await cardOf(card!.id)).state).toBe('new');
  });

  it('of another learner’s grade, or an unknown id, answers 404 without a change', async () => {
    const owner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    await seedNumbered(owner, 1);
    const [card] = (await queueOf(owner)).cards;
    const reviewId = randomUUID();
    expect((await grade(owner, card!, 'good', { reviewId })).statusCode).toBe(200);
    const graded = await cardOf(card!.id);
    for (const response of [await undo(stranger, reviewId), await undo(owner, randomUUID())]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'review_grade_not_found' });
    }
    expect(await cardOf(card!.id)).toEqual(graded);
    expect(await logsOf(owner)).toHaveLength(1);
    const undos = await testApp.database.db
      .select()
      .from(reviewUndos)
      .where(eq(reviewUndos.userId, stranger.id));
    expect(undos).toEqual([]);
    expect((await undo(owner, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('a grade', () => {
  it('is applied once per review id, also when sent twice at the same time', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 2);
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    const reviewId = randomUUID();
    const first = await grade(learner, card!, 'good', { reviewId });
    expect(first.statusCode).toBe(200);
    const firstResult = reviewGradeResponseSchema.parse(first.json());
    expect(firstResult).toMatchObject({
      cardId: card!.id,
      isRepeat: false,
      card: { state: 'learning', reps: 1 },
    });
    expect(Date.parse(firstResult.card.due) - clock.getTime()).toBe(10 * MINUTE);

    // A retried request, later and with another grade, answers the first result.
    clock = new Date(clock.getTime() + 30 * MINUTE);
    const repeat = reviewGradeResponseSchema.parse(
      (await grade(learner, card!, 'easy', { reviewId })).json(),
    );
    expect(repeat).toEqual({ ...firstResult, isRepeat: true });

    const [, other] = (await queueOf(learner)).cards.filter((queued) => queued.id !== card!.id);
    const doubleId = randomUUID();
    const [a, b] = await Promise.all([
      grade(learner, other ?? card!, 'hard', { reviewId: doubleId }),
      grade(learner, other ?? card!, 'hard', { reviewId: doubleId }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const results = [a, b].map((response) => reviewGradeResponseSchema.parse(response.json()));
    expect(results.map((result) => result.isRepeat).sort()).toEqual([false, true]);
    expect(results[0]!.card).toEqual(results[1]!.card);
    expect(await logsOf(learner)).toHaveLength(2);
  });

  it('logs the card before and after, the grade, the time taken (at most a minute) and when', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    await grade(learner, card!, 'easy', { durationMs: 5 * MINUTE });
    const [log] = await logsOf(learner);
    expect(log).toMatchObject({
      cardId: card!.id,
      grade: 4,
      scheduler: 'fsrs',
      durationMs: 60_000,
      stateBefore: 'new',
      reviewedAt: clock,
    });
    expect(log!.cardBefore).toEqual(card!.card);
    expect(log!.cardAfter).toMatchObject({ state: 'review', scheduledDays: 8, reps: 1 });
    const [stored] = await testApp.database.db.select().from(reviewCards).where(eq(reviewCards.id, card!.id));
    expect(stored).toMatchObject({
      state: 'review',
      scheduledDays: 8,
      due: new Date(clock.getTime() + 8 * DAY),
    });
  });

  it('takes the moment it was given when sent later, never a future one and never before the last grade', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    // Graded offline at 10:00, sent at 10:20.
    at('2031-06-15T10:20:00.000Z');
    const sentLater = await grade(learner, card!, 'good', {
      reviewedAt: new Date('2031-06-15T10:00:00.000Z'),
    });
    expect(reviewGradeResponseSchema.parse(sentLater.json()).card.due).toBe('2031-06-15T10:10:00.000Z');
    // A clock an hour ahead counts as now.
    const ahead = await grade(learner, card!, 'good', { reviewedAt: new Date('2031-06-15T11:20:00.000Z') });
    expect(reviewGradeResponseSchema.parse(ahead.json()).card.lastReview).toBe('2031-06-15T10:20:00.000Z');
    // Before the last grade: taken at the last grade's moment.
    const stale = await grade(learner, card!, 'again', { reviewedAt: new Date('2031-06-15T09:00:00.000Z') });
    expect(reviewGradeResponseSchema.parse(stale.json()).card.lastReview).toBe('2031-06-15T10:20:00.000Z');
  });

  it('uses the simple intervals when chosen, and refuses a malformed grade naming the field', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 1);
    await saveSettings(learner, { reviewScheduler: 'fixed' });
    at('2031-06-15T10:00:00.000Z');
    const [card] = (await queueOf(learner)).cards;
    expect((await queueOf(learner)).scheduler).toEqual({ kind: 'fixed' });
    const graded = await gradeOk(learner, card!, 'easy');
    expect(graded.card).toMatchObject({ scheduledDays: 3, fixedStep: 1, due: '2031-06-18T10:00:00.000Z' });
    const bad = await send(learner, 'POST', reviewGradePath(card!.id), {
      reviewId: 'not-a-uuid',
      grade: 'good',
      reviewedAt: clock.toISOString(),
      durationMs: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', params: { field: 'reviewId' } });
  });

  it('of a deleted word answers 404', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedNumbered(learner, 1);
    const [card] = (await queueOf(learner)).cards;
    await testApp.database.db.update(words).set({ isDeleted: true }).where(eq(words.id, wordId!));
    expect((await grade(learner, card!, 'good')).statusCode).toBe(404);
    expect((await queueOf(learner)).cards).toEqual([]);
  });
});

describe('the figures', () => {
  it('count today’s grades, the queue, studied and mastered cards, the next due time and a 30-day forecast', async () => {
    const learner = await registerUser(testApp.app);
    await seedNumbered(learner, 4);
    // Both directions of each word count: kept together (burying's counts are in the queue's tests).
    await saveSettings(learner, { reviewBurySiblings: false });
    at('2031-06-15T10:00:00.000Z');
    expect(await statsOf(learner)).toMatchObject({
      today: '2031-06-15',
      queueSize: 8,
      dueCount: 0,
      newCount: 8,
      reviewedToday: 0,
      studiedCards: 0,
      nextDueAt: null,
    });
    const queue = await queueOf(learner);
    await gradeOk(learner, queue.cards[0]!, 'again');
    await gradeOk(learner, queue.cards[1]!, 'easy');
    await gradeOk(learner, queue.cards[2]!, 'good');
    const stats = await statsOf(learner);
    expect(stats).toMatchObject({
      reviewedToday: 3,
      correctToday: 2,
      secondsToday: 12,
      studiedCards: 3,
      masteredCards: 0,
      // Two learning steps due within minutes, five new cards left.
      dueCount: 2,
      newCount: 5,
      queueSize: 7,
      nextDueAt: '2031-06-15T10:01:00.000Z',
    });
    expect(stats.forecast).toHaveLength(30);
    expect(stats.forecast[0]).toEqual({ day: '2031-06-15', count: 2 });
    expect(stats.forecast[8]).toEqual({ day: '2031-06-23', count: 1 });
    expect(stats.forecast.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });
});

describe('review and listening meet (docs/product/review.md#learn-and-audiobooks)', () => {
  it('lists words mastered in every chosen direction only when the learner chose that they leave Learn', async () => {
    const learner = await registerUser(testApp.app);
    const [mastered, half] = await seedNumbered(learner, 2);
    await saveSettings(learner, { reviewBurySiblings: false });
    const queue = await queueOf(learner);
    expect(queue.cards).toHaveLength(4);
    await setCards(learner, {
      state: 'review',
      scheduledDays: 30,
      lastReview: new Date(),
      due: new Date(Date.now() + 30 * DAY),
    });
    await testApp.database.db
      .update(reviewCards)
      .set({ scheduledDays: 20 })
      .where(and(eq(reviewCards.wordId, half!), eq(reviewCards.direction, 'ru-es')));
    const masteredOf = async () =>
      masteredWordsSchema.parse((await send(learner, 'GET', '/api/review/mastered-words')).json()).wordIds;
    expect(await masteredOf()).toEqual([]);
    await saveSettings(learner, { reviewMasteredLeavesLearn: true });
    expect(await masteredOf()).toEqual([mastered]);
    // With a direction fewer, the other word's remaining card is mastered too.
    await saveSettings(learner, { reviewDirections: ['es-ru'] });
    expect((await masteredOf()).sort()).toEqual([mastered, half].sort());
  });

  it('never touches the words’ spaced-repetition list, the hidden state or the listen counts', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el gato', attempts: 7, listenCount: 7 }]);
    const before = await testApp.database.db.select().from(words).where(eq(words.id, wordId!));
    for (const card of (await queueOf(learner)).cards) await gradeOk(learner, card, 'easy');
    const after = await testApp.database.db.select().from(words).where(eq(words.id, wordId!));
    expect(after).toEqual(before);
    const spaced = await send(learner, 'GET', '/api/words/spaced-repetition');
    expect(spaced.json()).toEqual([]);
  });

  it('gives the audiobook’s word choice the words due in review today', async () => {
    const learner = await registerUser(testApp.app);
    const [dueWord, laterWord] = await seedNumbered(learner, 2);
    const queue = await queueOf(learner);
    await setCards(learner, {
      state: 'review',
      scheduledDays: 5,
      lastReview: new Date(),
      due: new Date(Date.now() + 5 * DAY),
    });
    const dueCard = queue.cards.find((card) => card.wordId === dueWord)!;
    await testApp.database.db
      .update(reviewCards)
      .set({ due: new Date(Date.now() - DAY) })
      .where(eq(reviewCards.id, dueCard.id));
    const service = createReviewService({
      review: createReviewRepository(testApp.database.db),
      settings: createSettingsRepository(testApp.database.db),
    });
    expect(await service.dueWordIds(learner.id)).toEqual([dueWord]);
    expect(await service.dueWordIds(learner.id)).not.toContain(laterWord);
  });
});
