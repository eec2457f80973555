/**
 * The review mode's constants (docs/product/review.md): card directions, scheduler choices, the fixed
 * steps and the interval from which a card counts as mastered.
 */

/**
 * What a card shows first and what the learner recalls: Spanish → Russian, Russian → Spanish, the
 * picture alone → Spanish, the Spanish clip alone → Spanish. Each is a schedule of its own per word.
 */
export const REVIEW_DIRECTIONS = ['es-ru', 'ru-es', 'picture-es', 'listening-es'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

/** Directions whose answer is the Spanish word: the ones a typed answer is offered for. */
export const isSpanishAnswer = (direction: ReviewDirection): boolean => direction !== 'es-ru';

export const REVIEW_SCHEDULERS = ['fsrs', 'fixed'] as const;
export type ReviewSchedulerKind = (typeof REVIEW_SCHEDULERS)[number];

/** The simple intervals ('Простые интервалы'), in days. */
export const FIXED_REVIEW_STEPS_DAYS = [1, 3, 7, 14, 30] as const;

/** A card whose interval is at least this many days is mastered (docs/product/review.md#mastered). */
export const MASTERED_INTERVAL_DAYS = 21;

export const DESIRED_RETENTION_CHOICES = [0.8, 0.85, 0.9, 0.95] as const;

export const REVIEW_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** Again, Hard, Good, Easy: keys 1–4, stored as 1–4. */
export const REVIEW_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type ReviewGrade = (typeof REVIEW_GRADES)[number];

/** A card's schedule as stored and sent; instants are ISO strings. */
export interface ReviewCardState {
  state: ReviewState;
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
  /** The step of the simple intervals; -1 before the first grade. */
  fixedStep: number;
}

/** Longer than this on one card is time away, not answering: the log and the summary count this at most. */
export const MAX_ANSWER_MS = 60_000;
