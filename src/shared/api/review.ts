import { z } from 'zod';
import {
  REVIEW_DIRECTIONS,
  REVIEW_GRADES,
  REVIEW_SCHEDULERS,
  REVIEW_STATES,
  type ReviewCardState,
} from '../catalogs/review';
import { rowIdParam } from './fields';
import { reviewPaths } from './review-paths';

export { reviewPaths };

export const reviewGradePath = (cardId: number) => reviewPaths.grade.replace(':cardId', String(cardId));

export const reviewCardStateSchema = z.object({
  state: z.enum(REVIEW_STATES),
  due: z.iso.datetime({ offset: true }),
  stability: z.number(),
  difficulty: z.number(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.iso.datetime({ offset: true }).nullable(),
  fixedStep: z.number().int(),
}) satisfies z.ZodType<ReviewCardState>;

export const schedulerChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(REVIEW_SCHEDULERS[0]), desiredRetention: z.number() }),
  z.object({ kind: z.literal(REVIEW_SCHEDULERS[1]) }),
]);

/**
 * `GET /api/review/queue?limit=&extraNew=`: at most `limit` cards (default 100); `extraNew` raises today's
 * new-card limit for this call ('Ещё 10 новых', docs/product/review.md#more-new-cards).
 */
export const reviewQueueQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  extraNew: z.coerce.number().int().min(0).max(1000).default(0),
});

/** What a card shows: the word's texts, picture and first Spanish clip (paths, never bytes). */
export const reviewWordSchema = z.object({
  spanish: z.string(),
  russian: z.string(),
  example: z.string().nullable(),
  exampleTranslation: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The first Spanish voice's clip, or null when not made yet (the client asks for it then). */
  audioData: z.string().nullable(),
});
export type ReviewWord = z.infer<typeof reviewWordSchema>;

export const reviewQueueCardSchema = z.object({
  id: z.number().int(),
  wordId: z.number().int(),
  direction: z.enum(REVIEW_DIRECTIONS),
  card: reviewCardStateSchema,
  word: reviewWordSchema,
});
export type ReviewQueueCard = z.infer<typeof reviewQueueCardSchema>;

/**
 * Due cards first (learning steps due now, then reviews due today, oldest due first, within the day's
 * review limit), then new cards within the day's new-card limit; the same order on every reload.
 */
export const reviewQueueSchema = z.object({
  cards: z.array(reviewQueueCardSchema),
  /** How the browser previews and applies grades: the learner's scheduler at the time of the queue. */
  scheduler: schedulerChoiceSchema,
  /** Whether →es cards ask for a typed answer. */
  isTypedAnswer: z.boolean(),
  /** The learner's date, `YYYY-MM-DD`, in their time zone. */
  today: z.string(),
  /** Whether the day's new-card limit held back new cards: 'Ещё 10 новых' can then bring some. */
  hasMoreNew: z.boolean(),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const reviewCardParamsSchema = z.object({ cardId: rowIdParam('review_card_not_found') });

/**
 * `POST /api/review/:cardId/grade`. `reviewId` is made by the client per grade: a repeat answers the first
 * result and grades nothing. `reviewedAt` is when the learner graded (a grade kept offline is sent later);
 * the server takes it unless it lies in the future or before the card's last review.
 */
export const reviewGradeRequestSchema = z.object({
  reviewId: z.uuid(),
  grade: z.enum(REVIEW_GRADES),
  reviewedAt: z.iso.datetime({ offset: true }),
  /** From the prompt shown to the grade, in milliseconds. */
  durationMs: z.number().int().min(0).max(86_400_000),
});
export type ReviewGradeRequest = z.infer<typeof reviewGradeRequestSchema>;

export const reviewGradeResponseSchema = z.object({
  cardId: z.number().int(),
  card: reviewCardStateSchema,
  /** True when this `reviewId` had graded the card already: nothing changed. */
  isRepeat: z.boolean(),
});
export type ReviewGradeResponse = z.infer<typeof reviewGradeResponseSchema>;

/**
 * `POST /api/review/undo`: undoes the grade the client sent with `reviewId` (docs/product/review.md#undo).
 * The card gets back its state before it and the log row goes; a repeat answers the same with `isRepeat`.
 * Refused with `review_undo_superseded` (409) once the card was graded again, and `review_grade_not_found`
 * (404) for an id this learner never graded with.
 */
export const reviewUndoRequestSchema = z.object({ reviewId: z.uuid() });
export type ReviewUndoRequest = z.infer<typeof reviewUndoRequestSchema>;

export const reviewUndoResponseSchema = z.object({
  cardId: z.number().int(),
  /** The card as it was before the grade. */
  card: reviewCardStateSchema,
  isRepeat: z.boolean(),
});
export type ReviewUndoResponse = z.infer<typeof reviewUndoResponseSchema>;

/** `GET /api/review/stats`: the learner's review figures, 'today' in their time zone. */
export const reviewStatsSchema = z.object({
  today: z.string(),
  /** Cards the queue offers now: due within the review limit, and new within the new-card limit. */
  queueSize: z.number().int(),
  dueCount: z.number().int(),
  newCount: z.number().int(),
  reviewedToday: z.number().int(),
  /** Grades today other than Again. */
  correctToday: z.number().int(),
  secondsToday: z.number().int(),
  /** Cards graded at least once. */
  studiedCards: z.number().int(),
  /** Cards whose interval is 21 days or more. */
  masteredCards: z.number().int(),
  /** The earliest moment a graded card is due, or null when none is. */
  nextDueAt: z.iso.datetime({ offset: true }).nullable(),
  /** Cards falling due on each of the next 30 days (today first, overdue cards counted today). */
  forecast: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

/**
 * `GET /api/review/mastered-words`: the words review has mastered, when the learner chose that they
 * leave Learn (otherwise none): each of its cards in the chosen directions has an interval of 21 days
 * or more.
 */
export const masteredWordsSchema = z.object({ wordIds: z.array(z.number().int()) });
export type MasteredWords = z.infer<typeof masteredWordsSchema>;
