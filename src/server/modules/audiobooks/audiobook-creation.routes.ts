import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audiobookPaths,
  createAudiobookRequestSchema,
  createAudiobookResponseSchema,
  sentenceAudioQuerySchema,
  sentenceAudioResponseSchema,
  sentenceParamsSchema,
} from '../../../shared/api/audiobooks';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { AudiobookCreationService } from './audiobook-creation.service';
import type { SentenceAudioService } from './audiobook-sentence-audio.service';

/** Writing a book and a sentence's clip on demand (docs/product/audiobooks.md#creation). */
export const audiobookCreationRoutes: FastifyPluginAsyncZod<{
  audiobookCreationService: AudiobookCreationService;
  sentenceAudioService: SentenceAudioService;
  sessionResolver: SessionResolver;
}> = async (app, { audiobookCreationService: creation, sentenceAudioService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each book is many calls to the learner's paid language model.
  const starts = perUserLimit('audiobookCreations');

  app.post(
    audiobookPaths.books,
    {
      schema: { body: createAudiobookRequestSchema, response: { 201: createAudiobookResponseSchema } },
      preHandler: starts,
    },
    async (request, reply) => reply.status(201).send(await creation.create(userIdOf(request), request.body)),
  );
  app.get(
    audiobookPaths.sentenceAudio,
    {
      schema: {
        params: sentenceParamsSchema,
        querystring: sentenceAudioQuerySchema,
        response: { 200: sentenceAudioResponseSchema },
      },
    },
    (request) =>
      sentenceAudioService.clip(
        userIdOf(request),
        request.params.id,
        request.params.sentenceId,
        request.query,
      ),
  );
};
