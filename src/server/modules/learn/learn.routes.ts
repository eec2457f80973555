import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  completeSpacedRepetitionResponseSchema,
  learnPaths,
  listenCountRequestSchema,
  listenCountResponseSchema,
  regenerateAudioRequestSchema,
  regenerateAudioResponseSchema,
  wordAudioResponseSchema,
  wordImageResponseSchema,
} from '../../../shared/api/learn';
import { wordIdParamsSchema } from '../../../shared/api/words';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { LearnService } from './learn.service';

/**
 * The player carries on without a clip that failed (docs/product/learn.md#speech-fallback); the reason is for
 * the log.
 */
const logClipFailure = (request: FastifyRequest, wordId: number) => (error: unknown) =>
  request.log.warn({ err: error, wordId }, 'a card clip could not be made');

export const learnRoutes: FastifyPluginAsyncZod<{
  learnService: LearnService;
  sessionResolver: SessionResolver;
}> = async (app, { learnService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each call speaks the whole card anew with the learner's own provider quota.
  const perWord = perUserLimit('learnWordChanges');
  // A card's clips are made once and then read from the word; this only stops a runaway client.
  const cardAudio = perUserLimit('learnCardAudio');
  // A card takes seconds to play through, so a learner stays far below this; each play is a transaction.
  const plays = perUserLimit('learnPlays');
  const params = wordIdParamsSchema;

  app.patch(
    learnPaths.listenCount,
    {
      schema: { params, body: listenCountRequestSchema, response: { 200: listenCountResponseSchema } },
      preHandler: plays,
    },
    (request) => service.recordListen(userIdOf(request), request.params.id, request.body.listenCount),
  );
  app.get(
    learnPaths.audio,
    { schema: { params, response: { 200: wordAudioResponseSchema } }, preHandler: cardAudio },
    (request) =>
      service.audio(userIdOf(request), request.params.id, logClipFailure(request, request.params.id)),
  );
  app.get(learnPaths.image, { schema: { params, response: { 200: wordImageResponseSchema } } }, (request) =>
    service.image(userIdOf(request), request.params.id),
  );
  app.post(
    learnPaths.regenerateAudio,
    {
      // The body is optional (only missing clips then); Fastify hands a missing body over as null.
      schema: {
        params,
        body: regenerateAudioRequestSchema
          .nullable()
          .transform((body) => body ?? regenerateAudioRequestSchema.parse({})),
        response: { 200: regenerateAudioResponseSchema },
      },
      preHandler: perWord,
    },
    (request) =>
      service.regenerateAudio(
        userIdOf(request),
        request.params.id,
        request.body.forceRegenerate,
        logClipFailure(request, request.params.id),
      ),
  );
  app.post(
    learnPaths.completeSpacedRepetition,
    { schema: { params, response: { 200: completeSpacedRepetitionResponseSchema } } },
    (request) => service.completeSpacedRepetition(userIdOf(request), request.params.id),
  );
};
