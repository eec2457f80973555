import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteWordsRequestSchema,
  deleteWordsResponseSchema,
  hideWordResponseSchema,
  themeListSchema,
  undoRequestSchema,
  undoResponseSchema,
  wordIdParamsSchema,
  wordListItemSchema,
  wordListQuerySchema,
  wordListSchema,
  wordsPaths,
  wordUpdateSchema,
} from '../../../shared/api/words';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { preferredEncoding } from '../../http/content-encoding';
import type { WordsService } from './words.service';

export const wordsRoutes: FastifyPluginAsyncZod<{
  wordsService: WordsService;
  sessionResolver: SessionResolver;
}> = async (app, { wordsService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);

  // The database builds this answer as JSON (wordListSchema; the tests parse it with that schema):
  // validating and serialising 10,000 items again would take longer than the whole request may.
  app.get(wordsPaths.words, { schema: { querystring: wordListQuerySchema } }, async (request, reply) => {
    const { body, encoding } = await wordsService.listJson(
      userIdOf(request),
      request.query,
      preferredEncoding(request.headers['accept-encoding']),
    );
    // Already compressed (and cached so): the server's compression leaves a set Content-Encoding alone.
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.type('application/json; charset=utf-8').send(body);
  });
  app.get(wordsPaths.spacedRepetition, { schema: { response: { 200: wordListSchema } } }, (request) =>
    wordsService.listDueForSpacedRepetition(userIdOf(request)),
  );
  app.get(wordsPaths.themes, { schema: { response: { 200: themeListSchema } } }, (request) =>
    wordsService.listThemes(userIdOf(request)),
  );
  app.put(
    wordsPaths.word,
    { schema: { params: wordIdParamsSchema, body: wordUpdateSchema, response: { 200: wordListItemSchema } } },
    (request) => wordsService.update(userIdOf(request), request.params.id, request.body),
  );
  app.post(
    wordsPaths.hide,
    { schema: { params: wordIdParamsSchema, response: { 200: hideWordResponseSchema } } },
    (request) => wordsService.hide(userIdOf(request), request.params.id),
  );
  app.post(
    wordsPaths.undo,
    { schema: { body: undoRequestSchema, response: { 200: undoResponseSchema } } },
    (request) => wordsService.undo(userIdOf(request), request.body.undoToken),
  );
  app.delete(wordsPaths.word, { schema: { params: wordIdParamsSchema } }, async (request, reply) => {
    await wordsService.delete(userIdOf(request), request.params.id);
    return reply.status(204).send();
  });
  app.delete(
    wordsPaths.words,
    { schema: { body: deleteWordsRequestSchema, response: { 200: deleteWordsResponseSchema } } },
    (request) => wordsService.deleteMany(userIdOf(request), request.body.wordIds),
  );
};
