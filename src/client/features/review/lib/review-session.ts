import type { ReviewQueueCard } from '../../../../shared/api/review';
import { MAX_ANSWER_MS, type ReviewGrade } from '../../../../shared/catalogs/review';
import { gradeCard, type SchedulerChoice } from '../../../../shared/review/review-scheduler';

/**
 * A review session in the browser (docs/product/review.md#queue): the queue fetched at the start, plus the
 * learning steps graded in the session that come back within minutes. Pure: every change is a new state,
 * and the clock is passed in.
 */
export interface ReviewSession {
  /** Cards not shown yet, in the server's order. */
  queue: readonly ReviewQueueCard[];
  /** Cards graded in this session that come back within the learn-ahead time, soonest due first. */
  steps: readonly ReviewQueueCard[];
  current: ReviewQueueCard | null;
  /** When the current card was shown (ms). */
  shownAt: number;
  grades: readonly { grade: ReviewGrade; durationMs: number }[];
  /** The soonest due moment among the session's graded cards, for the summary when offline. */
  nextDueAt: string | null;
  /**
   * The last grade's id and the session as it was before it, or null before any grade: undoing steps back
   * to it, and each earlier grade stays undoable in turn (docs/product/review.md#undo).
   */
  undo: { reviewId: string; before: ReviewSession } | null;
}

/** A step due within this long comes back in the session (the server's learn-ahead limit). */
export const LEARN_AHEAD_MS = 20 * 60_000;

/** The next card: a step due now, else the queue's next, else the soonest step (learning ahead). */
function pickNext(
  queue: readonly ReviewQueueCard[],
  steps: readonly ReviewQueueCard[],
  now: number,
): { current: ReviewQueueCard | null; queue: readonly ReviewQueueCard[]; steps: readonly ReviewQueueCard[] } {
  const [soonestStep, ...laterSteps] = steps;
  if (soonestStep && (Date.parse(soonestStep.card.due) <= now || queue.length === 0)) {
    return { current: soonestStep, queue, steps: laterSteps };
  }
  const [head, ...rest] = queue;
  return { current: head ?? null, queue: rest, steps };
}

export function startSession(cards: readonly ReviewQueueCard[], now: number): ReviewSession {
  return { ...pickNext(cards, [], now), shownAt: now, grades: [], nextDueAt: null, undo: null };
}

export interface GradeApplied {
  session: ReviewSession;
  /** What the server is sent: the grade's id, the card, the grade and when it was given. */
  graded: { reviewId: string; cardId: number; grade: ReviewGrade; reviewedAt: string; durationMs: number };
}

/**
 * Grades the current card at `now` under the client's id `reviewId`; a card coming back within minutes goes
 * among the steps.
 */
export function gradeCurrent(
  session: ReviewSession,
  grade: ReviewGrade,
  now: number,
  choice: SchedulerChoice,
  reviewId: string,
): GradeApplied | null {
  const { current } = session;
  if (!current) return null;
  const at = new Date(now);
  const after = gradeCard(current.card, grade, at, choice);
  const durationMs = Math.max(0, now - session.shownAt);
  const returns = Date.parse(after.due) - now <= LEARN_AHEAD_MS;
  const steps = returns
    ? [...session.steps, { ...current, card: after }].sort(
        (a, b) => Date.parse(a.card.due) - Date.parse(b.card.due),
      )
    : session.steps;
  const nextDueAt =
    session.nextDueAt === null || Date.parse(after.due) < Date.parse(session.nextDueAt)
      ? after.due
      : session.nextDueAt;
  return {
    session: {
      ...pickNext(session.queue, steps, now),
      shownAt: now,
      grades: [...session.grades, { grade, durationMs }],
      nextDueAt,
      undo: { reviewId, before: session },
    },
    graded: { reviewId, cardId: current.id, grade, reviewedAt: at.toISOString(), durationMs },
  };
}

/**
 * Steps back over the last grade: its card is shown again as it was before it (its time counted from
 * `now`), with the queue, steps and counts of that moment. Null before any grade.
 */
export function undoLast(
  session: ReviewSession,
  now: number,
): { session: ReviewSession; reviewId: string } | null {
  if (!session.undo) return null;
  return { session: { ...session.undo.before, shownAt: now }, reviewId: session.undo.reviewId };
}

export interface SessionCounts {
  /** Cards not seen yet. */
  newCount: number;
  /** Cards on their learning or relearning steps: they come back within minutes. */
  learningCount: number;
  /** Reviews due today. */
  dueCount: number;
}

/**
 * The session's cards still to come by kind, the current one included, as Anki's three numbers: a new
 * card graded Good moves from New to Learning, one that graduates leaves (docs/product/review.md#counts).
 */
export function countsOf(session: ReviewSession): SessionCounts {
  const counts: SessionCounts = { newCount: 0, learningCount: 0, dueCount: 0 };
  const cards = [...(session.current ? [session.current] : []), ...session.queue, ...session.steps];
  for (const { card } of cards) {
    if (card.state === 'new') counts.newCount += 1;
    else if (card.state === 'review') counts.dueCount += 1;
    else counts.learningCount += 1;
  }
  return counts;
}

/** Cards still to come in the session, the current one included. */
export const remainingOf = (session: ReviewSession): number =>
  session.queue.length + session.steps.length + (session.current ? 1 : 0);

export interface SessionSummary {
  cards: number;
  /** Share of grades other than Again, 0–100, rounded; null before any grade. */
  accuracy: number | null;
  seconds: number;
}

export function summaryOf(session: ReviewSession): SessionSummary {
  const cards = session.grades.length;
  const correct = session.grades.filter((entry) => entry.grade !== 'again').length;
  const milliseconds = session.grades.reduce(
    (sum, entry) => sum + Math.min(entry.durationMs, MAX_ANSWER_MS),
    0,
  );
  return {
    cards,
    accuracy: cards === 0 ? null : Math.round((correct / cards) * 100),
    seconds: Math.round(milliseconds / 1000),
  };
}
