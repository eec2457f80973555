import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import type { ReviewDirection, ReviewSchedulerKind } from '../../../shared/catalogs/review';
import type { ReviewCardState, ReviewState } from '../../../shared/catalogs/review';
import { createdAt, timestamptz } from './columns';
import { users } from './users';
import { words } from './words';

/**
 * One review card per word and direction (docs/product/review.md#cards), made when the queue first
 * offers it. Its own schedule: nothing here touches the words' spaced-repetition columns.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    direction: text('direction').$type<ReviewDirection>().notNull(),
    state: text('state').$type<ReviewState>().notNull().default('new'),
    due: timestamptz('due').notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    /** Days from the last review to `due`: the interval the learner sees and mastery is read from. */
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    lastReview: timestamptz('last_review'),
    /** The step of the simple intervals the card is on; -1 before its first grade. */
    fixedStep: smallint('fixed_step').notNull().default(-1),
    createdAt: createdAt(),
  },
  (t) => [
    // Starts with user_id, so it also serves every per-learner scan; the queue's new cards are read in
    // this order.
    unique('review_cards_user_word_direction_unique').on(t.userId, t.wordId, t.direction),
    index('review_cards_user_id_state_due_idx').on(t.userId, t.state, t.due),
    index('review_cards_word_id_idx').on(t.wordId),
  ],
);

/**
 * Every grade given (docs/product/review.md#review-log): the card before and after, so a schedule can be
 * recomputed and plotted. `reviewId` is the client's id of the grade: a repeat of it grades nothing.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    reviewId: text('review_id').notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy (Anki's and FSRS's numbering). */
    grade: smallint('grade').notNull(),
    scheduler: text('scheduler').$type<ReviewSchedulerKind>().notNull(),
    reviewedAt: timestamptz('reviewed_at').notNull(),
    /** How long the learner took from the prompt to the grade. */
    durationMs: integer('duration_ms').notNull(),
    /** The card's state before this grade: the day's new cards and reviews are counted by it. */
    stateBefore: text('state_before').$type<ReviewState>().notNull(),
    cardBefore: jsonb('card_before').$type<ReviewCardState>().notNull(),
    cardAfter: jsonb('card_after').$type<ReviewCardState>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('review_logs_user_id_review_id_unique').on(t.userId, t.reviewId),
    index('review_logs_user_id_reviewed_at_idx').on(t.userId, t.reviewedAt),
    index('review_logs_card_id_idx').on(t.cardId),
  ],
);

/**
 * Grades undone (docs/product/review.md#undo): the log row is gone, so this remembers its id, which makes
 * an undo sent twice answer as the first did and a late copy of the grade change nothing. Not part of a
 * backup: it matters only while a browser may still send that id.
 */
export const reviewUndos = pgTable(
  'review_undos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: integer('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    reviewId: text('review_id').notNull(),
    /** The card as the undo restored it. */
    cardRestored: jsonb('card_restored').$type<ReviewCardState>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('review_undos_user_id_review_id_unique').on(t.userId, t.reviewId),
    index('review_undos_card_id_idx').on(t.cardId),
  ],
);
