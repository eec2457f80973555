import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audiobookSentenceListSchema,
  clearExpiredImagesResponseSchema,
  deleteAllAudioResponseSchema,
  deleteWithoutImagesResponseSchema,
  dictionaryPaths,
  generateMissingImagesResponseSchema,
  mediaGallerySchema,
  regenerateAllImagesResponseSchema,
  regenerateAllPhrasesResponseSchema,
  regenerateImageRequestSchema,
  regenerateImageResponseSchema,
  regeneratePhraseResponseSchema,
  resetListenCountResponseSchema,
  setPrimaryImageRequestSchema,
  setPrimaryImageResponseSchema,
  updateTagsResponseSchema,
  wordImageListSchema,
} from '../../../shared/api/dictionary';
import { wordIdParamsSchema } from '../../../shared/api/words';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { DictionaryService } from './dictionary.service';

export const dictionaryRoutes: FastifyPluginAsyncZod<{
  dictionaryService: DictionaryService;
  sessionResolver: SessionResolver;
}> = async (app, { dictionaryService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each call spends the learner's own provider quota on one word, while they wait for it.
  const perWord = perUserLimit('dictionaryWordChanges');
  // Each start goes through the whole dictionary with the learner's paid providers.
  const starts = perUserLimit('dictionaryJobStarts');
  const params = wordIdParamsSchema;

  app.get(dictionaryPaths.images, { schema: { params, response: { 200: wordImageListSchema } } }, (request) =>
    service.listImages(userIdOf(request), request.params.id),
  );
  app.post(
    dictionaryPaths.setPrimaryImage,
    {
      schema: {
        params,
        body: setPrimaryImageRequestSchema,
        response: { 200: setPrimaryImageResponseSchema },
      },
    },
    (request) => service.setPrimaryImage(userIdOf(request), request.params.id, request.body.imageId),
  );
  app.get(
    dictionaryPaths.mediaGallery,
    { schema: { params, response: { 200: mediaGallerySchema } } },
    (request) => service.mediaGallery(userIdOf(request), request.params.id),
  );
  app.get(
    dictionaryPaths.audiobookSentences,
    { schema: { params, response: { 200: audiobookSentenceListSchema } } },
    (request) => service.audiobookSentences(userIdOf(request), request.params.id),
  );

  app.post(
    dictionaryPaths.regenerateImage,
    {
      // The body is optional (the settings' style then); Fastify hands a missing body over as null.
      schema: {
        params,
        body: regenerateImageRequestSchema.nullable().transform((body) => body ?? {}),
        response: { 200: regenerateImageResponseSchema },
      },
      preHandler: perWord,
    },
    (request) => service.regenerateImage(userIdOf(request), request.params.id, request.body),
  );
  app.post(
    dictionaryPaths.regeneratePhrase,
    { schema: { params, response: { 200: regeneratePhraseResponseSchema } }, preHandler: perWord },
    (request) => service.regeneratePhrase(userIdOf(request), request.params.id),
  );

  app.post(
    dictionaryPaths.regenerateAllPhrases,
    { schema: { response: { 200: regenerateAllPhrasesResponseSchema } }, preHandler: starts },
    (request) => service.startRegenerateAllPhrases(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.clearExpiredImages,
    { schema: { response: { 200: clearExpiredImagesResponseSchema } }, preHandler: starts },
    (request) => service.startClearExpiredImages(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.regenerateAllImages,
    { schema: { response: { 200: regenerateAllImagesResponseSchema } }, preHandler: starts },
    (request) => service.startRegenerateAllImages(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.generateMissingImages,
    { schema: { response: { 200: generateMissingImagesResponseSchema } }, preHandler: starts },
    (request) => service.startGenerateMissingImages(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.updateTags,
    { schema: { response: { 200: updateTagsResponseSchema } }, preHandler: starts },
    (request) => service.startUpdateTags(userIdOf(request)),
  );

  app.delete(
    dictionaryPaths.deleteAllAudio,
    { schema: { response: { 200: deleteAllAudioResponseSchema } } },
    (request) => service.deleteAllAudio(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.resetListenCount,
    { schema: { response: { 200: resetListenCountResponseSchema } } },
    (request) => service.resetListenCount(userIdOf(request)),
  );
  app.post(
    dictionaryPaths.deleteWithoutImages,
    { schema: { response: { 200: deleteWithoutImagesResponseSchema } } },
    (request) => service.deleteWithoutImages(userIdOf(request)),
  );
};
