import {
  type ReviewQueue,
  type ReviewQueueCard,
  reviewGradePath,
  reviewGradeRequestSchema,
  reviewGradeResponseSchema,
  reviewPaths,
  reviewQueueSchema,
  reviewStatsSchema,
  reviewUndoRequestSchema,
  reviewUndoResponseSchema,
} from '../../../src/shared/api/review';
import { authPaths } from '../../../src/shared/api/auth-paths';
import { userSchema } from '../../../src/shared/api/auth';
import type { ReviewDirection } from '../../../src/shared/catalogs/review';
import { newCardState } from '../../../src/shared/review/review-scheduler';
import type { FakeApi, FakeAnswer } from './fake-api';

/**
 * The review mode's server for a client test (docs/product/review.md#server): a queue of new cards, the
 * grades and undos it was sent, in order, and the figures those make.
 */

/** A new card of `spanish / russian` in `direction`; ids follow the order of creation. */
export function newReviewCard(
  id: number,
  spanish: string,
  russian: string,
  direction: ReviewDirection = 'es-ru',
): ReviewQueueCard {
  return {
    id,
    wordId: id,
    direction,
    card: newCardState(new Date()),
    word: { spanish, russian, example: null, exampleTranslation: null, imageUrl: null, audioData: null },
  };
}

export interface ReviewServer {
  /** The cards the queue answers now (a test changes them for the next call). */
  cards: ReviewQueueCard[];
  /** Every card a grade may be sent for. */
  readonly allCards: readonly ReviewQueueCard[];
  hasMoreNew: boolean;
  isTypedAnswer: boolean;
  /** Each grade the server took, in order: the card and the grade; an undone one is taken out. */
  readonly grades: Array<{ cardId: number; grade: string; reviewId: string; reviewedAt: string }>;
}

/** Answers the queue, grades, undos, the stats and the signed-in user from `server`. */
export function answerReview(api: FakeApi, server: ReviewServer): void {
  api.on('GET', authPaths.user, () => ({
    body: userSchema.parse({
      id: 'learner-1',
      email: 'learner@example.com',
      firstName: 'Марина',
      lastName: 'Тестова',
      profileImageUrl: null,
      claims: { first_name: null },
    }),
  }));
  api.on('GET', reviewPaths.queue, () => {
    const queue: ReviewQueue = {
      cards: server.cards,
      scheduler: { kind: 'fsrs', desiredRetention: 0.9 },
      isTypedAnswer: server.isTypedAnswer,
      today: new Date().toISOString().slice(0, 10),
      hasMoreNew: server.hasMoreNew,
    };
    return { body: reviewQueueSchema.parse(queue) };
  });
  api.on('GET', reviewPaths.stats, () => ({
    body: reviewStatsSchema.parse({
      today: new Date().toISOString().slice(0, 10),
      queueSize: 0,
      dueCount: 0,
      newCount: 0,
      reviewedToday: server.grades.length,
      correctToday: server.grades.filter((grade) => grade.grade !== 'again').length,
      secondsToday: 0,
      studiedCards: new Set(server.grades.map((grade) => grade.cardId)).size,
      masteredCards: 0,
      nextDueAt: server.grades.length > 0 ? new Date(Date.now() + 8 * 86_400_000).toISOString() : null,
      forecast: [],
    }),
  }));
  for (const card of server.allCards) {
    api.on('POST', reviewGradePath(card.id), (request): FakeAnswer => {
      const grade = reviewGradeRequestSchema.parse(request.body);
      server.grades.push({ cardId: card.id, ...grade });
      return { body: reviewGradeResponseSchema.parse({ cardId: card.id, card: card.card, isRepeat: false }) };
    });
  }
  api.on('POST', reviewPaths.undo, (request): FakeAnswer => {
    const { reviewId } = reviewUndoRequestSchema.parse(request.body);
    const index = server.grades.findIndex((grade) => grade.reviewId === reviewId);
    const [undone] = server.grades.splice(index, 1);
    const card = server.allCards.find((candidate) => candidate.id === undone?.cardId);
    return {
      body: reviewUndoResponseSchema.parse({ cardId: undone?.cardId, card: card?.card, isRepeat: false }),
    };
  });
}
