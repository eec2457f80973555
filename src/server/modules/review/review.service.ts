import type {
  MasteredWords,
  ReviewGradeRequest,
  ReviewGradeResponse,
  ReviewQueue,
  ReviewQueueCard,
  ReviewStats,
  ReviewUndoResponse,
} from '../../../shared/api/review';
import { addDays, localDay, startOfLocalDay } from '../../../shared/calendar/learner-day';
import { MAX_ANSWER_MS } from '../../../shared/catalogs/review';
import { MAX_STUDY_MS } from '../progress/study-activity.repository';
import { gradeCard, gradeNumber, schedulerChoiceOf } from '../../../shared/review/review-scheduler';
import { AppError } from '../../http/app-error';
import type { SettingsRepository } from '../settings/settings.repository';
import { type DueWindow, type QueueCardRow, type ReviewRepository, toCardState } from './review.repository';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/**
 * A learning step due within this long is offered now rather than left for later (Anki's 'learn ahead
 * limit', docs/product/review.md#queue).
 */
const LEARN_AHEAD_MS = 20 * MINUTE_MS;
const FORECAST_DAYS = 30;

/**
 * The queue's cards with the first of each word kept among new and review cards: its siblings would show
 * the answer just seen. Learning steps are never held back, as in Anki (docs/product/review.md#burying).
 */
function withoutSiblings(rows: readonly QueueCardRow[]): QueueCardRow[] {
  const seen = new Set<number>();
  return rows.filter((row) => {
    const isStep = row.state === 'learning' || row.state === 'relearning';
    if (!isStep && seen.has(row.wordId)) return false;
    seen.add(row.wordId);
    return true;
  });
}

const toQueueCard = (row: QueueCardRow): ReviewQueueCard => ({
  id: row.id,
  wordId: row.wordId,
  direction: row.direction,
  card: toCardState(row),
  word: {
    spanish: row.spanish,
    russian: row.russian,
    example: row.example,
    exampleTranslation: row.exampleTranslation,
    imageUrl: row.imageUrl,
    audioData: row.audioData,
  },
});

/**
 * The review mode's rules (docs/product/review.md): the day's queue within the learner's limits, grades
 * applied once whatever the network does, and the figures. 'Today' is the learner's day in their zone.
 */
export function createReviewService(deps: {
  review: ReviewRepository;
  settings: SettingsRepository;
  now?: () => Date;
}) {
  const { review } = deps;
  const now = deps.now ?? (() => new Date());

  /** The learner's choices and their day as of `at`. */
  async function dayOf(userId: string, at: Date) {
    const settings = await deps.settings.findOrCreate(userId);
    const dayStart = startOfLocalDay(at, settings.timeZone);
    // A day lasts 23 to 25 hours: 25 hours on is always within the next one.
    const nextDayStart = startOfLocalDay(
      new Date(dayStart.getTime() + 25 * 60 * MINUTE_MS),
      settings.timeZone,
    );
    const window: DueWindow = {
      learningUntil: new Date(at.getTime() + LEARN_AHEAD_MS),
      reviewsBefore: nextDayStart,
    };
    return { settings, dayStart, window, today: localDay(at, settings.timeZone) };
  }

  /** What the day's limits leave: reviews of review cards, and cards seen for the first time. */
  type Day = Awaited<ReturnType<typeof dayOf>>;

  async function limitsLeft(userId: string, day: Day, extraNew = 0) {
    const done = await review.countGradesSince(userId, day.dayStart);
    return {
      done,
      reviews: Math.max(0, day.settings.reviewMaxPerDay - done.reviews),
      newCards: Math.max(0, day.settings.reviewNewPerDay + extraNew - done.newCards),
    };
  }

  /** Graded cards per day for the next 30 days, today first (overdue ones today). */
  async function forecastOf(userId: string, day: Day, at: Date): Promise<ReviewStats['forecast']> {
    // Noon of the day after the last: clock changes move it an hour or two at most, never off that day.
    const end = startOfLocalDay(
      new Date(day.dayStart.getTime() + FORECAST_DAYS * DAY_MS + DAY_MS / 2),
      day.settings.timeZone,
    );
    const rows = await review.forecast(userId, day.settings.reviewDirections, at, day.settings.timeZone, end);
    const perDay = new Map(rows.map((row) => [row.day, row.count]));
    return Array.from({ length: FORECAST_DAYS }, (_, index) => {
      const forecastDay = addDays(day.today, index);
      return { day: forecastDay, count: perDay.get(forecastDay) ?? 0 };
    });
  }

  return {
    async queue(userId: string, limit: number, extraNew = 0): Promise<ReviewQueue> {
      const at = now();
      const day = await dayOf(userId, at);
      const directions = day.settings.reviewDirections;
      const left = await limitsLeft(userId, day, extraNew);
      // Burying (docs/product/review.md#burying): a word graded one way today waits for tomorrow the others.
      const buriedSince = day.settings.reviewBurySiblings ? day.dayStart : null;
      const learning = await review.listLearningDue(userId, directions, day.window.learningUntil, limit);
      const reviews = await review.listReviewsDue(
        userId,
        directions,
        day.window.reviewsBefore,
        Math.min(limit - learning.length, left.reviews),
        buriedSince,
      );
      const room = limit - learning.length - reviews.length;
      const newWanted = Math.min(room, left.newCards);
      // One more than the limit allows, when the limit is what cuts: whether 'Ещё 10 новых' has any to bring.
      const isCapped = left.newCards < room;
      const asked = isCapped ? newWanted + 1 : newWanted;
      let newCards = await review.listNewCards(userId, directions, asked, buriedSince);
      if (newCards.length < asked) {
        // Buried, a word offers one new card of the several made for it.
        const perWord = buriedSince === null ? 1 : directions.length;
        await review.createNewCards(userId, directions, (asked - newCards.length) * perWord, at);
        newCards = await review.listNewCards(userId, directions, asked, buriedSince);
      }
      const hasMoreNew = newCards.length > newWanted;
      newCards = newCards.slice(0, newWanted);
      // Steps due now first; those due within the learn-ahead time wait until the rest is done.
      const learningNow = learning.filter((row) => row.due <= at);
      const learningAhead = learning.filter((row) => row.due > at);
      const ordered = [...learningNow, ...reviews, ...newCards, ...learningAhead];
      return {
        cards: (buriedSince === null ? ordered : withoutSiblings(ordered)).map(toQueueCard),
        scheduler: schedulerChoiceOf(day.settings),
        isTypedAnswer: day.settings.reviewTypedAnswers,
        today: day.today,
        hasMoreNew,
      };
    },

    async grade(userId: string, cardId: number, request: ReviewGradeRequest): Promise<ReviewGradeResponse> {
      const settings = await deps.settings.findOrCreate(userId);
      const choice = schedulerChoiceOf(settings);
      const gradedAt = new Date(request.reviewedAt);
      const outcome = await review.grade(
        userId,
        cardId,
        {
          reviewId: request.reviewId,
          grade: gradeNumber(request.grade),
          scheduler: choice.kind,
          durationMs: Math.min(request.durationMs, MAX_ANSWER_MS),
          // A grade is study (docs/product/progress.md#study-time), its time held as Learn's gap is.
          secondsStudied: Math.round(Math.min(request.durationMs, MAX_STUDY_MS) / 1000),
        },
        (card) => {
          // A clock ahead of the server's counts as now; a grade never goes before the card's last one.
          const latest = Math.min(gradedAt.getTime(), now().getTime());
          const at = new Date(Math.max(latest, card.lastReview ? Date.parse(card.lastReview) : latest));
          // The grade counts on the learner's day of its moment (docs/product/progress.md#learner-day).
          return {
            at,
            day: localDay(at, settings.timeZone),
            card: gradeCard(card, request.grade, at, choice),
          };
        },
      );
      if (outcome.kind === 'not_found') throw new AppError('review_card_not_found', 404);
      return { cardId: outcome.cardId, card: outcome.card, isRepeat: outcome.kind === 'repeat' };
    },

    /** Undoes a grade by its client id (docs/product/review.md#undo). */
    async undo(userId: string, reviewId: string): Promise<ReviewUndoResponse> {
      const outcome = await review.undo(userId, reviewId);
      if (outcome.kind === 'not_found') throw new AppError('review_grade_not_found', 404);
      if (outcome.kind === 'superseded') throw new AppError('review_undo_superseded', 409);
      return { cardId: outcome.cardId, card: outcome.card, isRepeat: outcome.kind === 'repeat' };
    },

    async stats(userId: string): Promise<ReviewStats> {
      const at = now();
      const day = await dayOf(userId, at);
      const directions = day.settings.reviewDirections;
      // Four independent reads, each on its own pooled connection: the call waits for the slowest alone.
      const [left, cards, buried, forecast] = await Promise.all([
        limitsLeft(userId, day),
        review.countCards(userId, directions, day.window),
        // Buried, a word offers one card a day: the counts are the queue's (docs/product/review.md#burying).
        day.settings.reviewBurySiblings
          ? review.countBuriedWords(userId, directions, day.dayStart, day.window)
          : null,
        forecastOf(userId, day, at),
      ]);
      const reviewsDue = buried ? buried.reviewWords : cards.reviewsDue;
      const dueCount = cards.learningDue + Math.min(reviewsDue, left.reviews);
      const newCount = Math.min(buried ? buried.newWords : cards.newCards, left.newCards);
      return {
        today: day.today,
        queueSize: dueCount + newCount,
        dueCount,
        newCount,
        reviewedToday: left.done.graded,
        correctToday: left.done.correct,
        secondsToday: Math.round(left.done.milliseconds / 1000),
        studiedCards: cards.studied,
        masteredCards: cards.mastered,
        nextDueAt: cards.nextDue ? cards.nextDue.toISOString() : null,
        forecast,
      };
    },

    /** Cards falling due on each of the next 30 days: the dashboard's forecast, without the other figures. */
    async forecast(userId: string): Promise<ReviewStats['forecast']> {
      const at = now();
      return forecastOf(userId, await dayOf(userId, at), at);
    },

    async masteredWords(userId: string): Promise<MasteredWords> {
      const settings = await deps.settings.findOrCreate(userId);
      if (!settings.reviewMasteredLeavesLearn) return { wordIds: [] };
      return { wordIds: await review.listMasteredWordIds(userId, settings.reviewDirections) };
    },

    /** Words with a card due by the end of the learner's day: the audiobook's word choice takes them first. */
    async dueWordIds(userId: string): Promise<number[]> {
      const day = await dayOf(userId, now());
      return review.listDueWordIds(userId, day.settings.reviewDirections, day.window);
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
