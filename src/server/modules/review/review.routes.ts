import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  masteredWordsSchema,
  reviewCardParamsSchema,
  reviewGradeRequestSchema,
  reviewGradeResponseSchema,
  reviewPaths,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewStatsSchema,
  reviewUndoRequestSchema,
  reviewUndoResponseSchema,
} from '../../../shared/api/review';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { ReviewService } from './review.service';

export const reviewRoutes: FastifyPluginAsyncZod<{
  reviewService: ReviewService;
  sessionResolver: SessionResolver;
}> = async (app, { reviewService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Grades kept offline arrive one after another when the connection returns: a day's worth fits easily.
  const grades = perUserLimit('reviewGrades');

  app.get(
    reviewPaths.queue,
    { schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueSchema } } },
    (request) => service.queue(userIdOf(request), request.query.limit, request.query.extraNew),
  );
  app.post(
    reviewPaths.grade,
    {
      schema: {
        params: reviewCardParamsSchema,
        body: reviewGradeRequestSchema,
        response: { 200: reviewGradeResponseSchema },
      },
      preHandler: grades,
    },
    (request) => service.grade(userIdOf(request), request.params.cardId, request.body),
  );
  app.post(
    reviewPaths.undo,
    {
      schema: { body: reviewUndoRequestSchema, response: { 200: reviewUndoResponseSchema } },
      preHandler: grades,
    },
    (request) => service.undo(userIdOf(request), request.body.reviewId),
  );
  app.get(reviewPaths.stats, { schema: { response: { 200: reviewStatsSchema } } }, (request) =>
    service.stats(userIdOf(request)),
  );
  app.get(reviewPaths.masteredWords, { schema: { response: { 200: masteredWordsSchema } } }, (request) =>
    service.masteredWords(userIdOf(request)),
  );
};
