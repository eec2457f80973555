import { type Card, fsrs, type FSRS, type Grade, Rating, State } from 'ts-fsrs';
import {
  FIXED_REVIEW_STEPS_DAYS,
  REVIEW_GRADES,
  type ReviewCardState,
  type ReviewGrade,
  type ReviewSchedulerKind,
  type ReviewState,
} from '../catalogs/review';

/**
 * The review mode's scheduler, the same code on both sides (docs/product/review.md#scheduling): the browser
 * shows each grade's next interval and keeps a session going offline with it, the server stores what it
 * computes from the same card, grade and moment, so both agree to the millisecond. FSRS comes from
 * `ts-fsrs` without fuzz (a random spread would make the shown interval a guess); the simple intervals
 * keep FSRS's memory state up to date too, so a learner switching schedulers keeps what was learned.
 */

export type SchedulerChoice =
  | { kind: Extract<ReviewSchedulerKind, 'fsrs'>; desiredRetention: number }
  | { kind: Extract<ReviewSchedulerKind, 'fixed'> };

const DAY_MS = 86_400_000;
/** The memory model the simple intervals keep up to date runs at FSRS's default retention. */
const FIXED_MEMORY_RETENTION = 0.9;

const FSRS_STATES: Record<ReviewState, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};
const STATE_NAMES: Record<State, ReviewState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const RATINGS: Record<ReviewGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

export const gradeNumber = (grade: ReviewGrade): number => RATINGS[grade];
export const gradeOfNumber = (value: number): ReviewGrade | undefined => REVIEW_GRADES[value - 1];

const schedulers = new Map<number, FSRS>();
function schedulerFor(desiredRetention: number): FSRS {
  let scheduler = schedulers.get(desiredRetention);
  if (!scheduler) {
    scheduler = fsrs({ request_retention: desiredRetention, enable_fuzz: false, enable_short_term: true });
    schedulers.set(desiredRetention, scheduler);
  }
  return scheduler;
}

/** A card never graded, due at once. */
export function newCardState(at: Date): ReviewCardState {
  return {
    state: 'new',
    due: at.toISOString(),
    stability: 0,
    difficulty: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reps: 0,
    lapses: 0,
    lastReview: null,
    fixedStep: -1,
  };
}

function toFsrsCard(card: ReviewCardState): Card {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    // Still required by the type until ts-fsrs 6, but unread: the library counts from last_review.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: FSRS_STATES[card.state],
    last_review: card.lastReview ? new Date(card.lastReview) : undefined,
  };
}

function fromFsrsCard(card: Card, fixedStep: number): ReviewCardState {
  return {
    state: STATE_NAMES[card.state],
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
    fixedStep,
  };
}

/**
 * The step the simple intervals move to: Again back to the first, Hard repeats the step, Good one on,
 * Easy two on, never past the last. A new card stands before the first step.
 */
export function nextFixedStep(step: number, grade: ReviewGrade): number {
  const last = FIXED_REVIEW_STEPS_DAYS.length - 1;
  switch (grade) {
    case 'again':
      return 0;
    case 'hard':
      return Math.max(step, 0);
    case 'good':
      return Math.min(step + 1, last);
    case 'easy':
      return Math.min(step + 2, last);
  }
}

/** The card after `grade` given at `at`. */
export function gradeCard(
  card: ReviewCardState,
  grade: ReviewGrade,
  at: Date,
  choice: SchedulerChoice,
): ReviewCardState {
  const retention = choice.kind === 'fsrs' ? choice.desiredRetention : FIXED_MEMORY_RETENTION;
  const { card: next } = schedulerFor(retention).next(toFsrsCard(card), at, RATINGS[grade]);
  if (choice.kind === 'fsrs') return fromFsrsCard(next, card.fixedStep);
  const step = nextFixedStep(card.fixedStep, grade);
  const days = FIXED_REVIEW_STEPS_DAYS[step] ?? FIXED_REVIEW_STEPS_DAYS[0];
  return {
    ...fromFsrsCard(next, step),
    // A day-level schedule: the card comes back on its day, not within the session.
    state: 'review',
    learningSteps: 0,
    due: new Date(at.getTime() + days * DAY_MS).toISOString(),
    scheduledDays: days,
    lapses: card.lapses + (grade === 'again' && card.state !== 'new' ? 1 : 0),
  };
}

/** What each grade would do, for the buttons' intervals. */
export function previewGrades(
  card: ReviewCardState,
  at: Date,
  choice: SchedulerChoice,
): Record<ReviewGrade, ReviewCardState> {
  return {
    again: gradeCard(card, 'again', at, choice),
    hard: gradeCard(card, 'hard', at, choice),
    good: gradeCard(card, 'good', at, choice),
    easy: gradeCard(card, 'easy', at, choice),
  };
}

/** The learner's scheduler choice from their settings. */
export function schedulerChoiceOf(settings: {
  reviewScheduler: ReviewSchedulerKind;
  reviewDesiredRetention: number;
}): SchedulerChoice {
  return settings.reviewScheduler === 'fixed'
    ? { kind: 'fixed' }
    : { kind: 'fsrs', desiredRetention: settings.reviewDesiredRetention };
}
