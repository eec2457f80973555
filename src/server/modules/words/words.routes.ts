import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wordListQuerySchema, wordListSchema, wordsPaths } from '../../../shared/api/words';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import type { WordsService } from './words.service';

export const wordsRoutes: FastifyPluginAsyncZod<{
  wordsService: WordsService;
  sessionResolver: SessionResolver;
}> = async (app, { wordsService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  app.get(
    wordsPaths.words,
    { schema: { querystring: wordListQuerySchema, response: { 200: wordListSchema } } },
    (request) => wordsService.list(userIdOf(request), request.query),
  );
};
