import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewQueueCard } from '../../../src/shared/api/review';
import { newCardState } from '../../../src/shared/review/review-scheduler';
import {
  countsOf,
  gradeCurrent,
  remainingOf,
  type ReviewSession,
  startSession,
  summaryOf,
  undoLast,
} from '../../../src/client/features/review/lib/review-session';
import { createGradeOutbox, type PendingGrade } from '../../../src/client/features/review/lib/grade-outbox';
import { intervalOf } from '../../../src/client/features/review/lib/interval-label';
import { isUndoKey, reviewKeyAction } from '../../../src/client/features/review/hooks/review-keyboard.hook';
import type { KeyValueStorage } from '../../../src/client/lib/local-storage';
import { randomUuid } from '../../../src/client/lib/random-id';

const FSRS = { kind: 'fsrs', desiredRetention: 0.9 } as const;
const START = Date.parse('2026-03-01T09:00:00.000Z');
const MINUTE = 60_000;

const card = (id: number): ReviewQueueCard => ({
  id,
  wordId: id,
  direction: 'es-ru',
  card: newCardState(new Date(START)),
  word: {
    spanish: `palabra${id}`,
    russian: 'слово',
    example: null,
    exampleTranslation: null,
    imageUrl: null,
    audioData: null,
  },
});

/** Grades the current card and returns the new session, failing the test when there was none. */
const grade = (
  session: ReviewSession,
  value: Parameters<typeof gradeCurrent>[1],
  now: number,
  reviewId: string = randomUuid(),
) => {
  const applied = gradeCurrent(session, value, now, FSRS, reviewId);
  if (!applied) throw new Error('no card to grade');
  return applied;
};

describe('a review session (docs/product/review.md#queue)', () => {
  it('goes through the queue in order and brings a card graded Again back after the others', () => {
    let session = startSession([card(1), card(2), card(3)], START);
    expect(session.current?.id).toBe(1);
    expect(remainingOf(session)).toBe(3);

    const first = grade(session, 'again', START + 5000, 'id-1');
    expect(first.graded).toEqual({
      reviewId: 'id-1',
      cardId: 1,
      grade: 'again',
      reviewedAt: new Date(START + 5000).toISOString(),
      durationMs: 5000,
    });
    session = first.session;
    // Card 1 is due again in a minute: the queue comes first until then.
    expect(session.current?.id).toBe(2);
    expect(remainingOf(session)).toBe(3);
    session = grade(session, 'easy', START + 10_000).session;
    expect(session.current?.id).toBe(3);
    // A minute after the Again, its step is due and comes before the rest of the queue.
    session = grade(session, 'good', START + 2 * MINUTE).session;
    expect(session.current?.id).toBe(1);
    expect(session.current?.card.state).toBe('learning');
  });

  it('shows a step not yet due when nothing else is left (learning ahead), and ends when all are done', () => {
    let session = startSession([card(1)], START);
    session = grade(session, 'good', START + 1000).session;
    // Good on a new card: back in 10 minutes, shown at once as nothing else is left.
    expect(session.current?.id).toBe(1);
    session = grade(session, 'good', START + 2000).session;
    // Graduated to days: not in this session any more.
    expect(session.current).toBeNull();
    expect(remainingOf(session)).toBe(0);
    expect(session.nextDueAt).toBe(new Date(START + 1000 + 10 * MINUTE).toISOString());
  });

  it('sums up the cards graded, the share not graded Again and the time (a minute at most per card)', () => {
    let session = startSession([card(1), card(2), card(3), card(4)], START);
    session = grade(session, 'again', START + 3000).session;
    session = grade(session, 'easy', START + 6000).session;
    session = grade(session, 'easy', START + 9000).session;
    session = grade(session, 'easy', START + 9000 + 10 * MINUTE).session;
    expect(summaryOf(session)).toEqual({ cards: 4, accuracy: 75, seconds: 3 + 3 + 3 + 60 });
    expect(summaryOf(startSession([], START))).toEqual({ cards: 0, accuracy: null, seconds: 0 });
    expect(gradeCurrent(startSession([], START), 'good', START, FSRS, 'id')).toBeNull();
  });
});

describe('the session’s counts (docs/product/review.md#counts)', () => {
  it('move with each grade, New to Learning and out, and step back with an undo', () => {
    const due: ReviewQueueCard = {
      ...card(3),
      card: { ...card(3).card, state: 'review', stability: 5, difficulty: 5, scheduledDays: 3, reps: 2 },
    };
    const started = startSession([due, card(1), card(2)], START);
    expect(countsOf(started)).toEqual({ newCount: 2, learningCount: 0, dueCount: 1 });
    const reviewed = grade(started, 'good', START + 1000).session;
    expect(countsOf(reviewed)).toEqual({ newCount: 2, learningCount: 0, dueCount: 0 });
    // Good on a new card: back in ten minutes, counted as learning.
    const learning = grade(reviewed, 'good', START + 2000).session;
    expect(countsOf(learning)).toEqual({ newCount: 1, learningCount: 1, dueCount: 0 });
    expect(countsOf(undoLast(learning, START + 3000)!.session)).toEqual(countsOf(reviewed));
    const last = grade(learning, 'easy', START + 3000).session;
    expect(countsOf(last)).toEqual({ newCount: 0, learningCount: 1, dueCount: 0 });
    expect(countsOf(grade(last, 'easy', START + 4000).session)).toEqual({
      newCount: 0,
      learningCount: 0,
      dueCount: 0,
    });
  });
});

describe('undoing a grade in the session (docs/product/review.md#undo)', () => {
  it('shows the card again as it was, with the queue, steps and summary of that moment, grade by grade', () => {
    const started = startSession([card(1), card(2)], START);
    expect(undoLast(started, START)).toBeNull();
    const first = grade(started, 'again', START + 4000, 'first').session;
    const second = grade(first, 'easy', START + 8000, 'second').session;
    expect(second.current?.id).toBe(1);
    expect(second.current?.card.state).toBe('learning');

    const undone = undoLast(second, START + 20_000);
    expect(undone?.reviewId).toBe('second');
    expect(undone?.session.current).toEqual(card(2));
    expect(undone?.session.shownAt).toBe(START + 20_000);
    expect(remainingOf(undone!.session)).toBe(remainingOf(first));
    expect(summaryOf(undone!.session).cards).toBe(1);

    const again = undoLast(undone!.session, START + 30_000);
    expect(again?.reviewId).toBe('first');
    expect(again?.session.current).toEqual(card(1));
    expect(again?.session.steps).toEqual([]);
    expect(again?.session.grades).toEqual([]);
    expect(again?.session.nextDueAt).toBeNull();
    expect(undoLast(again!.session, START + 40_000)).toBeNull();
  });
});

describe('the interval a grade button shows', () => {
  it('is whole minutes, hours or days, then months and years to one decimal', () => {
    expect(intervalOf(20_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(intervalOf(10 * MINUTE)).toEqual({ unit: 'minutes', count: 10 });
    expect(intervalOf(5 * 60 * MINUTE)).toEqual({ unit: 'hours', count: 5 });
    expect(intervalOf(8 * 24 * 60 * MINUTE)).toEqual({ unit: 'days', count: 8 });
    expect(intervalOf(46 * 24 * 60 * MINUTE)).toEqual({ unit: 'months', count: 1.5 });
    expect(intervalOf(498 * 24 * 60 * MINUTE)).toEqual({ unit: 'years', count: 1.4 });
  });
});

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const pendingGrade = (cardId: number): PendingGrade => ({
  cardId,
  reviewId: randomUuid(),
  grade: 'good',
  reviewedAt: new Date(START).toISOString(),
  durationMs: 1000,
});

describe('the grade outbox (docs/product/review.md#offline)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends grades in order; while the network is down they wait, and nothing is lost or sent twice', async () => {
    const storage = new MemoryStorage();
    const delivered: number[] = [];
    let isOnline = true;
    const counts: number[] = [];
    const outbox = createGradeOutbox({
      storageKey: 'review-outbox',
      storage,
      send: async (grade) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        delivered.push(grade.cardId);
      },
      sendUndo: () => Promise.resolve(),
      isPermanentFailure: () => false,
      onChange: (count) => counts.push(count),
      retryDelayMs: 5000,
    });
    outbox.add(pendingGrade(1));
    await outbox.flush();
    expect(delivered).toEqual([1]);

    isOnline = false;
    outbox.add(pendingGrade(2));
    outbox.add(pendingGrade(3));
    await outbox.flush();
    expect(outbox.pendingCount()).toBe(2);
    // Kept in storage: a reload finds them.
    expect(JSON.parse(storage.getItem('review-outbox') ?? '[]')).toHaveLength(2);

    isOnline = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(delivered).toEqual([1, 2, 3]);
    expect(outbox.pendingCount()).toBe(0);
    expect(counts.at(-1)).toBe(0);
    outbox.dispose();
  });

  it('drops a grade the server refuses for good and goes on with the next', async () => {
    const storage = new MemoryStorage();
    const delivered: number[] = [];
    const outbox = createGradeOutbox({
      storageKey: 'review-outbox',
      storage,
      send: async (grade) => {
        if (grade.cardId === 2) throw new Error('gone');
        delivered.push(grade.cardId);
      },
      sendUndo: () => Promise.resolve(),
      isPermanentFailure: (error) => error instanceof Error && error.message === 'gone',
    });
    storage.setItem(
      'review-outbox',
      JSON.stringify([pendingGrade(1), pendingGrade(2), { broken: true }, pendingGrade(3)]),
    );
    await outbox.flush();
    expect(delivered).toEqual([1, 3]);
    expect(outbox.pendingCount()).toBe(0);
  });

  it('takes back an undone grade still waiting, and sends the undo of one sent after it', async () => {
    const storage = new MemoryStorage();
    const sent: string[] = [];
    let isOnline = false;
    const outbox = createGradeOutbox({
      storageKey: 'review-outbox',
      storage,
      send: async (grade) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        sent.push(`grade ${grade.cardId}`);
      },
      sendUndo: async (undo) => {
        if (!isOnline) throw new TypeError('Failed to fetch');
        sent.push(`undo ${undo.reviewId}`);
      },
      isPermanentFailure: () => false,
      retryDelayMs: 5000,
    });
    const kept = pendingGrade(1);
    const taken = pendingGrade(2);
    outbox.add(kept);
    outbox.add(taken);
    await outbox.flush();
    // Offline: the second grade is still here, so it is removed and never sent.
    expect(outbox.undo(taken.reviewId)).toBe('removed');
    expect(outbox.pendingCount()).toBe(1);

    isOnline = true;
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(['grade 1']);
    // Sent already: the server is told, once.
    expect(outbox.undo(kept.reviewId)).toBe('queued');
    await outbox.flush();
    expect(sent).toEqual(['grade 1', `undo ${kept.reviewId}`]);
    expect(outbox.pendingCount()).toBe(0);
    outbox.dispose();
  });

  it('sends the undo of a grade on its way after it, and reports an undo the server refuses', async () => {
    const storage = new MemoryStorage();
    const sent: string[] = [];
    let answer: () => void = () => undefined;
    const dropped: unknown[] = [];
    const outbox = createGradeOutbox({
      storageKey: 'review-outbox',
      storage,
      send: (grade) =>
        new Promise<void>((resolve) => {
          answer = () => {
            sent.push(`grade ${grade.cardId}`);
            resolve();
          };
        }),
      sendUndo: () => Promise.reject(new Error('superseded')),
      isPermanentFailure: (error) => error instanceof Error && error.message === 'superseded',
      onDropped: (entry, error) => dropped.push([entry, error]),
    });
    const grade = pendingGrade(1);
    outbox.add(grade);
    const flushed = outbox.flush();
    // The grade is on its way: too late to take it back, so its undo follows it.
    expect(outbox.undo(grade.reviewId)).toBe('queued');
    expect(outbox.pendingCount()).toBe(2);
    answer();
    await flushed;
    expect(sent).toEqual(['grade 1']);
    expect(dropped).toEqual([[{ kind: 'undo', reviewId: grade.reviewId }, new Error('superseded')]]);
    expect(outbox.pendingCount()).toBe(0);
    outbox.dispose();
  });

  it('makes version-4 UUIDs without a secure page', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the review keys', () => {
  /** An element as the key handler sees it: `closest` answers for the selectors it matches. */
  const element = (matches: (selector: string) => boolean) => ({
    closest: (selectors: string) => (selectors.split(',').some((one) => matches(one.trim())) ? {} : null),
  });
  const body = element(() => false);
  const field = element((selector) => selector === 'input');
  const button = element((selector) => selector === 'button');

  it('reveals with Space and grades with 1–4 once revealed', () => {
    expect(reviewKeyAction(' ', body, false, false)).toBe('reveal');
    expect(reviewKeyAction(' ', body, true, false)).toBeNull();
    expect(reviewKeyAction('1', body, false, false)).toBeNull();
    expect(['1', '2', '3', '4'].map((key) => reviewKeyAction(key, body, true, false))).toEqual([
      'again',
      'hard',
      'good',
      'easy',
    ]);
    expect(reviewKeyAction('5', body, true, false)).toBeNull();
    expect(reviewKeyAction('3', null, true, false)).toBe('good');
  });

  it('leaves typing in the answer field, Space on a focused control and shortcuts with modifiers alone', () => {
    expect(reviewKeyAction(' ', field, false, false)).toBeNull();
    expect(reviewKeyAction('2', field, true, false)).toBeNull();
    expect(reviewKeyAction(' ', button, false, false)).toBeNull();
    expect(reviewKeyAction('2', button, true, false)).toBe('hard');
    expect(reviewKeyAction('1', body, true, true)).toBeNull();
  });

  it('takes the last grade back with Ctrl+Z or ⌘Z, leaving the field’s own undo of typing alone', () => {
    const command = { isCommand: true, isAlt: false, isShift: false };
    expect(isUndoKey('z', body, command)).toBe(true);
    expect(isUndoKey('Z', button, command)).toBe(true);
    expect(isUndoKey('z', null, command)).toBe(true);
    expect(isUndoKey('z', field, command)).toBe(false);
    expect(isUndoKey('z', body, { ...command, isCommand: false })).toBe(false);
    // Ctrl+Shift+Z is redo, and AltGr arrives as Ctrl+Alt.
    expect(isUndoKey('Z', body, { ...command, isShift: true })).toBe(false);
    expect(isUndoKey('z', body, { ...command, isAlt: true })).toBe(false);
    expect(isUndoKey('y', body, command)).toBe(false);
  });
});
