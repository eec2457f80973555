import {
  and,
  asc,
  count,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewCards, reviewLogs, reviewUndos, words } from '../../db/schema';
import type { ReviewDirection, ReviewSchedulerKind } from '../../../shared/catalogs/review';
import { MASTERED_INTERVAL_DAYS } from '../../../shared/catalogs/review';
import type { ReviewCardState, ReviewState } from '../../../shared/catalogs/review';
import { liveWordsOf } from '../words/word-scope';
import { recordLastStudy, recordStudy } from '../progress/study-activity.repository';
import { rowsOf } from '../../db/rows';

/** A card with what it shows, as the queue reads it: the schedule (instants as dates) and the word's fields. */
export type QueueCardRow = Omit<ReviewCardState, 'due' | 'lastReview'> & {
  id: number;
  wordId: number;
  direction: ReviewDirection;
  due: Date;
  lastReview: Date | null;
  spanish: string;
  russian: string;
  example: string | null;
  exampleTranslation: string | null;
  imageUrl: string | null;
  audioData: string | null;
};

/** Which cards are due: learning steps until `learningUntil`, reviews before `reviewsBefore`. */
export interface DueWindow {
  learningUntil: Date;
  reviewsBefore: Date;
}

export interface GradeLog {
  reviewId: string;
  grade: number;
  scheduler: ReviewSchedulerKind;
  durationMs: number;
  /** The study time the grade adds to the learner's day (docs/product/progress.md#study-time). */
  secondsStudied: number;
}

export type GradeOutcome =
  | { kind: 'graded'; cardId: number; card: ReviewCardState }
  | { kind: 'repeat'; cardId: number; card: ReviewCardState }
  | { kind: 'not_found' };

export type UndoOutcome =
  | { kind: 'undone'; cardId: number; card: ReviewCardState }
  | { kind: 'repeat'; cardId: number; card: ReviewCardState }
  | { kind: 'superseded' }
  | { kind: 'not_found' };

const LEARNING_STATES: ReviewState[] = ['learning', 'relearning'];
const GRADED_STATES: ReviewState[] = [...LEARNING_STATES, 'review'];

/** Thrown inside a grade's transaction to roll it back when its id was logged by a concurrent request. */
class RepeatedReview extends Error {}

const cardColumns = {
  id: reviewCards.id,
  wordId: reviewCards.wordId,
  direction: reviewCards.direction,
  state: reviewCards.state,
  due: reviewCards.due,
  stability: reviewCards.stability,
  difficulty: reviewCards.difficulty,
  scheduledDays: reviewCards.scheduledDays,
  learningSteps: reviewCards.learningSteps,
  reps: reviewCards.reps,
  lapses: reviewCards.lapses,
  lastReview: reviewCards.lastReview,
  fixedStep: reviewCards.fixedStep,
};

const queueColumns = {
  ...cardColumns,
  spanish: words.spanish,
  russian: words.russian,
  example: words.example,
  exampleTranslation: words.exampleTranslation,
  imageUrl: words.imageUrl,
  audioData: words.audioData,
};

const hasPicture = and(isNotNull(words.imageUrl), ne(words.imageUrl, '')) as SQL;
const hasTranslation = eq(words.needsTranslation, false);

/**
 * The cards of the learner's live words in the chosen directions; a picture card only while its word has
 * a picture, a ru→es card only while it has a translation (docs/product/review.md#cards).
 */
function cardsInPlay(userId: string, directions: readonly ReviewDirection[]): SQL {
  return and(
    eq(reviewCards.userId, userId),
    inArray(reviewCards.direction, [...directions]),
    eq(words.isDeleted, false),
    or(ne(reviewCards.direction, 'picture-es'), hasPicture),
    or(ne(reviewCards.direction, 'ru-es'), hasTranslation),
  ) as SQL;
}

/** The chosen directions as a SQL array, in the learner's order. */
const directionArray = (directions: readonly ReviewDirection[]): SQL =>
  sql`array[${sql.join(
    directions.map((direction) => sql`${direction}`),
    sql`, `,
  )}]::text[]`;

/**
 * How many cards a word has in the chosen directions: a picture card only when it has a picture, a ru→es
 * card only when it has a translation.
 */
function cardsPerWord(directions: readonly ReviewDirection[]): SQL {
  const hasPictureCard = directions.includes('picture-es');
  const hasTranslationCard = directions.includes('ru-es');
  const always = directions.length - Number(hasPictureCard) - Number(hasTranslationCard);
  const picture = hasPictureCard ? sql`case when ${hasPicture} then 1 else 0 end` : sql`0`;
  const translation = hasTranslationCard ? sql`case when ${hasTranslation} then 1 else 0 end` : sql`0`;
  return sql`(${always}::int + ${picture} + ${translation})`;
}

/**
 * Buried: a card one of whose word's other cards was graded since `since` (the start of the learner's
 * day) waits for the next day (docs/product/review.md#burying). Null when the learner keeps them together.
 */
const notBuried = (userId: string, since: Date | null): SQL | undefined =>
  since === null
    ? undefined
    : sql`not exists (
        select 1 from ${reviewLogs} join review_cards sibling on sibling.id = ${reviewLogs.cardId}
        where ${reviewLogs.userId} = ${userId} and ${reviewLogs.reviewedAt} >= ${since.toISOString()}::timestamptz
          and sibling.word_id = ${reviewCards.wordId} and sibling.id <> ${reviewCards.id}
      )`;

/** Learning steps due by `until`: they come back within minutes. */
const learningDue = (until: Date): SQL =>
  and(inArray(reviewCards.state, LEARNING_STATES), lte(reviewCards.due, until)) as SQL;

/** Reviews due before `before` (the end of the learner's day): they come back on their day. */
const reviewDue = (before: Date): SQL =>
  and(eq(reviewCards.state, 'review'), lt(reviewCards.due, before)) as SQL;

/** A card in review whose interval makes it mastered (docs/product/review.md#mastered). */
const isMastered = and(
  eq(reviewCards.state, 'review'),
  gte(reviewCards.scheduledDays, MASTERED_INTERVAL_DAYS),
) as SQL;

/** Due cards: learning steps and reviews alike. */
const dueCondition = (window: DueWindow): SQL =>
  or(learningDue(window.learningUntil), reviewDue(window.reviewsBefore)) as SQL;

/** A stored card's schedule as the contract sends it (instants as ISO strings). */
export const toCardState = (row: typeof reviewCards.$inferSelect | QueueCardRow): ReviewCardState => ({
  state: row.state,
  due: row.due.toISOString(),
  stability: row.stability,
  difficulty: row.difficulty,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  lastReview: row.lastReview ? row.lastReview.toISOString() : null,
  fixedStep: row.fixedStep,
});

/** The review mode's rows (docs/product/review.md): cards, the grade log and the figures read from both. */
export function createReviewRepository(db: Db) {
  return {
    /** Grades given since `since` (the start of the learner's day), counted as the day's limits count them. */
    async countGradesSince(userId: string, since: Date) {
      const [row] = await db
        .select({
          graded: count(),
          newCards: count(sql`case when ${reviewLogs.stateBefore} = 'new' then 1 end`),
          reviews: count(sql`case when ${reviewLogs.stateBefore} = 'review' then 1 end`),
          correct: count(sql`case when ${reviewLogs.grade} > 1 then 1 end`),
          milliseconds: sum(reviewLogs.durationMs).mapWith(Number),
        })
        .from(reviewLogs)
        .where(and(eq(reviewLogs.userId, userId), gte(reviewLogs.reviewedAt, since)));
      return {
        graded: row?.graded ?? 0,
        newCards: row?.newCards ?? 0,
        reviews: row?.reviews ?? 0,
        correct: row?.correct ?? 0,
        milliseconds: row?.milliseconds ?? 0,
      };
    },

    /** Learning steps due by `learningUntil`, soonest first. */
    async listLearningDue(
      userId: string,
      directions: readonly ReviewDirection[],
      until: Date,
      limit: number,
    ) {
      return db
        .select(queueColumns)
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(and(cardsInPlay(userId, directions), learningDue(until)))
        .orderBy(asc(reviewCards.due), asc(reviewCards.id))
        .limit(limit) as Promise<QueueCardRow[]>;
    },

    /**
     * Reviews due before `before` (the end of the learner's day), most overdue first; with `buriedSince`,
     * none whose word had another card graded since then.
     */
    async listReviewsDue(
      userId: string,
      directions: readonly ReviewDirection[],
      before: Date,
      limit: number,
      buriedSince: Date | null,
    ) {
      if (limit <= 0) return [];
      return db
        .select(queueColumns)
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(and(cardsInPlay(userId, directions), reviewDue(before), notBuried(userId, buriedSince)))
        .orderBy(asc(reviewCards.due), asc(reviewCards.id))
        .limit(limit) as Promise<QueueCardRow[]>;
    },

    /**
     * New cards already made, oldest word first and the learner's directions in order; with `buriedSince`,
     * the first of each word only, and none whose word had another card graded since then.
     */
    async listNewCards(
      userId: string,
      directions: readonly ReviewDirection[],
      limit: number,
      buriedSince: Date | null,
    ) {
      if (limit <= 0) return [];
      const rank = sql`array_position(${directionArray(directions)}, ${reviewCards.direction})`;
      const where = and(
        cardsInPlay(userId, directions),
        eq(reviewCards.state, 'new'),
        notBuried(userId, buriedSince),
      );
      if (buriedSince === null) {
        return db
          .select(queueColumns)
          .from(reviewCards)
          .innerJoin(words, eq(words.id, reviewCards.wordId))
          .where(where)
          .orderBy(asc(reviewCards.wordId), rank)
          .limit(limit) as Promise<QueueCardRow[]>;
      }
      return db
        .selectDistinctOn([reviewCards.wordId], queueColumns)
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(where)
        .orderBy(asc(reviewCards.wordId), rank)
        .limit(limit) as Promise<QueueCardRow[]>;
    },

    /**
     * Makes up to `limit` cards for the oldest words that lack one in a chosen direction (a picture card only
     * for a word with a picture, a ru→es card only for one with a translation); a card made at the same time by another request is left as it is.
     */
    async createNewCards(userId: string, directions: readonly ReviewDirection[], limit: number, at: Date) {
      if (limit <= 0) return 0;
      const result = await db.execute(sql`
        insert into ${reviewCards} (user_id, word_id, direction, due)
        select ${userId}, w.id, d.direction, ${at.toISOString()}::timestamptz
        from ${words} w
        cross join unnest(${directionArray(directions)}) with ordinality as d(direction, rank)
        where w.user_id = ${userId} and w.is_deleted = false
          and (d.direction <> 'picture-es' or (w.image_url is not null and w.image_url <> ''))
          and (d.direction <> 'ru-es' or not w.needs_translation)
          and not exists (
            select 1 from ${reviewCards} c
            where c.user_id = ${userId} and c.word_id = w.id and c.direction = d.direction
          )
        order by w.id, d.rank
        limit ${limit}
        on conflict (user_id, word_id, direction) do nothing
        returning id`);
      return rowsOf<{ id: number }>(result).length;
    },

    /**
     * How many cards are due now (learning and reviews apart), new or not made yet, studied and mastered, and
     * when the next graded card is due: one pass over the learner's cards.
     */
    async countCards(userId: string, directions: readonly ReviewDirection[], window: DueWindow) {
      const [cards] = await db
        .select({
          learningDue: count(sql`case when ${learningDue(window.learningUntil)} then 1 end`),
          reviewsDue: count(sql`case when ${reviewDue(window.reviewsBefore)} then 1 end`),
          newCards: count(sql`case when ${reviewCards.state} = 'new' then 1 end`),
          cards: count(),
          studied: count(sql`case when ${reviewCards.state} <> 'new' then 1 end`),
          mastered: count(sql`case when ${isMastered} then 1 end`),
          nextDue:
            sql<Date | null>`min(case when ${reviewCards.state} <> 'new' then ${reviewCards.due} end)`.mapWith(
              reviewCards.due,
            ),
        })
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(cardsInPlay(userId, directions));
      const [possible] = await db
        .select({
          cards: sql<number>`sum(${cardsPerWord(directions)})`.mapWith(Number),
        })
        .from(words)
        .where(liveWordsOf(userId));
      const made = cards?.cards ?? 0;
      return {
        learningDue: cards?.learningDue ?? 0,
        reviewsDue: cards?.reviewsDue ?? 0,
        newCards: (cards?.newCards ?? 0) + Math.max(0, (possible?.cards ?? 0) - made),
        studied: cards?.studied ?? 0,
        mastered: cards?.mastered ?? 0,
        /** The earliest due moment of a graded card. */
        nextDue: cards?.nextDue ?? null,
      };
    },

    /**
     * With burying (docs/product/review.md#burying): how many words offer a review due before the window's
     * end and how many can still offer a new card today (a new card made or still to make in a chosen
     * direction), counting each word once as the queue shows it: a learning step due first (counted with the
     * cards), else a review, else a new card. Words graded since `since` are left out: their cards wait.
     */
    async countBuriedWords(
      userId: string,
      directions: readonly ReviewDirection[],
      since: Date,
      window: DueWindow,
    ) {
      // One pass over the learner's cards, grouped by word, rather than subqueries per word: at 10,000
      // words those made the stats call three times slower.
      const hasPicture = sql`(${reviewCards.direction} <> 'picture-es' or (w.image_url is not null and w.image_url <> ''))`;
      const result = await db.execute(sql`
        select
          count(*) filter (where
            not coalesce(a.has_step, false) and not coalesce(a.has_review, false)
            and (coalesce(a.has_new, false) or coalesce(a.made, 0) < (${cardsPerWord(directions)}))
          )::int as "newWords",
          count(*) filter (where
            not coalesce(a.has_step, false) and coalesce(a.has_review, false)
          )::int as "reviewWords"
        from ${words}
        left join (
          select ${reviewCards.wordId} as word_id,
            count(*) as made,
            bool_or(${learningDue(window.learningUntil)}) as has_step,
            bool_or(${reviewCards.state} = 'new' and ${hasPicture}) as has_new,
            bool_or(${reviewDue(window.reviewsBefore)} and ${hasPicture}) as has_review
          from ${reviewCards} join ${words} w on w.id = ${reviewCards.wordId}
          where ${reviewCards.userId} = ${userId} and ${reviewCards.direction} = any(${directionArray(directions)})
          group by ${reviewCards.wordId}
        ) a on a.word_id = words.id
        where words.user_id = ${userId} and words.is_deleted = false
          and words.id not in (
            select c.word_id from ${reviewLogs} l join ${reviewCards} c on c.id = l.card_id
            where l.user_id = ${userId} and l.reviewed_at >= ${since.toISOString()}::timestamptz
          )`);
      const [row] = rowsOf<{ newWords: number; reviewWords: number }>(result);
      return { newWords: row?.newWords ?? 0, reviewWords: row?.reviewWords ?? 0 };
    },

    /** Graded cards per local day of their due date (an overdue card counts on `now`'s day), due before `until`. */
    async forecast(
      userId: string,
      directions: readonly ReviewDirection[],
      now: Date,
      timeZone: string,
      until: Date,
    ) {
      const day = sql<string>`to_char((greatest(${reviewCards.due}, ${now.toISOString()}::timestamptz) at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
      return (
        db
          .select({ day, count: count() })
          .from(reviewCards)
          .innerJoin(words, eq(words.id, reviewCards.wordId))
          .where(
            // The graded states by name: the (user_id, state, due) index then reads only the range.
            and(
              cardsInPlay(userId, directions),
              inArray(reviewCards.state, GRADED_STATES),
              lt(reviewCards.due, until),
            ),
          )
          // By position: the day's expression carries parameters, which would not match a repeated one.
          .groupBy(sql`1`)
      );
    },

    /**
     * Words every one of whose cards in the chosen directions has an interval of `MASTERED_INTERVAL_DAYS` or
     * more; a picture card is required only of a word with a picture.
     */
    async listMasteredWordIds(userId: string, directions: readonly ReviewDirection[]): Promise<number[]> {
      const rows = await db
        .select({ wordId: reviewCards.wordId })
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(and(cardsInPlay(userId, directions), isMastered))
        .groupBy(reviewCards.wordId, words.imageUrl, words.needsTranslation)
        .having(sql`count(*) = ${cardsPerWord(directions)}`);
      return rows.map((row) => row.wordId);
    },

    /** Word ids with a card in play due by the end of the learner's day, for the audiobook's word choice. */
    async listDueWordIds(userId: string, directions: readonly ReviewDirection[], window: DueWindow) {
      const rows = await db
        .selectDistinct({ wordId: reviewCards.wordId })
        .from(reviewCards)
        .innerJoin(words, eq(words.id, reviewCards.wordId))
        .where(and(cardsInPlay(userId, directions), dueCondition(window)));
      return rows.map((row) => row.wordId);
    },

    /**
     * Applies a grade in one transaction: a `reviewId` already logged answers its first result and changes
     * nothing; otherwise the card (of a live word of this learner) is locked, `schedule` computes its next
     * state from the current one, and the card, its log row and the study it is (the learner's day `day`,
     * docs/product/progress.md#daily-activity) are written together: a repeated id counts no study either.
     */
    async grade(
      userId: string,
      cardId: number,
      log: GradeLog,
      schedule: (card: ReviewCardState) => { at: Date; day: string; card: ReviewCardState },
    ): Promise<GradeOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx
            .select(cardColumns)
            .from(reviewCards)
            .innerJoin(words, eq(words.id, reviewCards.wordId))
            .where(
              and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId), eq(words.isDeleted, false)),
            )
            .for('update', { of: reviewCards })
            .limit(1);
          // Checked under the card's lock: a second request with the same id waits here for the first.
          const [earlier] = await tx
            .select({ cardId: reviewLogs.cardId, card: reviewLogs.cardAfter })
            .from(reviewLogs)
            .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.reviewId, log.reviewId)))
            .limit(1);
          if (earlier) return { kind: 'repeat', cardId: earlier.cardId, card: earlier.card };
          if (!current) return { kind: 'not_found' };
          const before = toCardState(current as QueueCardRow);
          // A grade undone already (a late copy from another tab or a retry): it stays undone.
          const [undone] = await tx
            .select({ cardId: reviewUndos.cardId })
            .from(reviewUndos)
            .where(and(eq(reviewUndos.userId, userId), eq(reviewUndos.reviewId, log.reviewId)))
            .limit(1);
          if (undone) return { kind: 'repeat', cardId, card: before };
          const { at, day, card: after } = schedule(before);
          await tx
            .update(reviewCards)
            .set({
              state: after.state,
              due: new Date(after.due),
              stability: after.stability,
              difficulty: after.difficulty,
              scheduledDays: after.scheduledDays,
              learningSteps: after.learningSteps,
              reps: after.reps,
              lapses: after.lapses,
              lastReview: after.lastReview ? new Date(after.lastReview) : null,
              fixedStep: after.fixedStep,
            })
            .where(eq(reviewCards.id, cardId));
          const inserted = await tx
            .insert(reviewLogs)
            .values({
              userId,
              cardId,
              reviewId: log.reviewId,
              grade: log.grade,
              scheduler: log.scheduler,
              reviewedAt: at,
              durationMs: log.durationMs,
              stateBefore: before.state,
              cardBefore: before,
              cardAfter: after,
            })
            .onConflictDoNothing()
            .returning({ id: reviewLogs.id });
          // The same id on another card, committed meanwhile: this grade is a repeat, and the card is left.
          if (inserted.length === 0) throw new RepeatedReview();
          // The progress row before the day's rows, in the order a play takes them: no deadlock between the two.
          await recordLastStudy(tx, userId, at);
          await recordStudy(tx, userId, {
            wordId: current.wordId,
            day,
            secondsStudied: log.secondsStudied,
            source: 'review',
          });
          return { kind: 'graded', cardId, card: after };
        });
      } catch (error) {
        if (!(error instanceof RepeatedReview)) throw error;
        const [earlier] = await db
          .select({ cardId: reviewLogs.cardId, card: reviewLogs.cardAfter })
          .from(reviewLogs)
          .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.reviewId, log.reviewId)))
          .limit(1);
        return earlier
          ? { kind: 'repeat', cardId: earlier.cardId, card: earlier.card }
          : { kind: 'not_found' };
      }
    },

    /**
     * Undoes a grade by its client id (docs/product/review.md#undo), in one transaction under the card's
     * lock: the card gets back its state before the grade, the log row goes, and the id is remembered so a
     * repeat answers the same. Refused while a later grade of the card exists (given in another tab or on
     * another device): undoing this one would erase that one's effect.
     */
    async undo(userId: string, reviewId: string): Promise<UndoOutcome> {
      return db.transaction(async (tx): Promise<UndoOutcome> => {
        const findLog = () =>
          tx
            .select({ id: reviewLogs.id, cardId: reviewLogs.cardId, before: reviewLogs.cardBefore })
            .from(reviewLogs)
            .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.reviewId, reviewId)))
            .limit(1);
        const findUndo = () =>
          tx
            .select({ cardId: reviewUndos.cardId, card: reviewUndos.cardRestored })
            .from(reviewUndos)
            .where(and(eq(reviewUndos.userId, userId), eq(reviewUndos.reviewId, reviewId)))
            .limit(1);
        const [found] = await findLog();
        const cardId = found?.cardId ?? (await findUndo())[0]?.cardId;
        if (cardId === undefined) return { kind: 'not_found' };
        const [card] = await tx
          .select({ id: reviewCards.id })
          .from(reviewCards)
          .innerJoin(words, eq(words.id, reviewCards.wordId))
          .where(and(eq(reviewCards.id, cardId), eq(reviewCards.userId, userId), eq(words.isDeleted, false)))
          .for('update', { of: reviewCards })
          .limit(1);
        if (!card) return { kind: 'not_found' };
        // Read again under the lock: a concurrent undo of the same id may have just finished.
        const [log] = await findLog();
        if (!log) {
          const [undone] = await findUndo();
          return undone
            ? { kind: 'repeat', cardId: undone.cardId, card: undone.card }
            : { kind: 'not_found' };
        }
        const [later] = await tx
          .select({ id: reviewLogs.id })
          .from(reviewLogs)
          .where(and(eq(reviewLogs.cardId, cardId), gt(reviewLogs.id, log.id)))
          .limit(1);
        if (later) return { kind: 'superseded' };
        const before = log.before;
        await tx
          .update(reviewCards)
          .set({
            state: before.state,
            due: new Date(before.due),
            stability: before.stability,
            difficulty: before.difficulty,
            scheduledDays: before.scheduledDays,
            learningSteps: before.learningSteps,
            reps: before.reps,
            lapses: before.lapses,
            lastReview: before.lastReview ? new Date(before.lastReview) : null,
            fixedStep: before.fixedStep,
          })
          .where(eq(reviewCards.id, cardId));
        await tx.delete(reviewLogs).where(eq(reviewLogs.id, log.id));
        await tx.insert(reviewUndos).values({ userId, cardId, reviewId, cardRestored: before });
        return { kind: 'undone', cardId, card: before };
      });
    },
  };
}
export type ReviewRepository = ReturnType<typeof createReviewRepository>;
