import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audiobookIdParamsSchema,
  audiobookListSchema,
  audiobookPaths,
  audiobookSchema,
  createGenreRequestSchema,
  deleteAudiobookResponseSchema,
  deleteGenreResponseSchema,
  genreIdParamsSchema,
  genreListQuerySchema,
  genreListSchema,
  genreSchema,
  renameAudiobookRequestSchema,
  sentenceListSchema,
} from '../../../shared/api/audiobooks';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import type { AudiobookGenresService } from './audiobook-genres.service';
import type { AudiobooksService } from './audiobooks.service';

/** The library: genres and books (docs/product/audiobooks.md#library, #genres). */
export const audiobooksRoutes: FastifyPluginAsyncZod<{
  audiobooksService: AudiobooksService;
  audiobookGenresService: AudiobookGenresService;
  sessionResolver: SessionResolver;
}> = async (app, { audiobooksService: books, audiobookGenresService: genres, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);

  app.get(
    audiobookPaths.genres,
    { schema: { querystring: genreListQuerySchema, response: { 200: genreListSchema } } },
    (request) => genres.list(userIdOf(request), request.query.sortBy),
  );
  app.post(
    audiobookPaths.genres,
    { schema: { body: createGenreRequestSchema, response: { 201: genreSchema } } },
    async (request, reply) =>
      reply.status(201).send(await genres.create(userIdOf(request), request.body.name)),
  );
  app.delete(
    audiobookPaths.genre,
    { schema: { params: genreIdParamsSchema, response: { 200: deleteGenreResponseSchema } } },
    (request) => genres.delete(userIdOf(request), request.params.id),
  );

  app.get(audiobookPaths.books, { schema: { response: { 200: audiobookListSchema } } }, (request) =>
    books.list(userIdOf(request)),
  );
  app.get(
    audiobookPaths.book,
    { schema: { params: audiobookIdParamsSchema, response: { 200: audiobookSchema } } },
    (request) => books.find(userIdOf(request), request.params.id),
  );
  app.patch(
    audiobookPaths.book,
    {
      schema: {
        params: audiobookIdParamsSchema,
        body: renameAudiobookRequestSchema,
        response: { 200: audiobookSchema },
      },
    },
    (request) => books.rename(userIdOf(request), request.params.id, request.body.title),
  );
  app.delete(
    audiobookPaths.book,
    { schema: { params: audiobookIdParamsSchema, response: { 200: deleteAudiobookResponseSchema } } },
    (request) => books.delete(userIdOf(request), request.params.id),
  );
  app.get(
    audiobookPaths.sentences,
    { schema: { params: audiobookIdParamsSchema, response: { 200: sentenceListSchema } } },
    (request) => books.sentences(userIdOf(request), request.params.id),
  );
};
