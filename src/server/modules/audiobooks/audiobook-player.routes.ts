import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  audioStatusSchema,
  autoCompleteResponseSchema,
  coverRequestSchema,
  coverResponseSchema,
  createSeriesRequestSchema,
  deleteSeriesResponseSchema,
  generateMissingAudioResponseSchema,
  imageJobListSchema,
  imageStatsSchema,
  listensParamsSchema,
  playerPaths,
  positionSchema,
  revoiceResponseSchema,
  revoiceSummarySchema,
  selectedSeriesRequestSchema,
  selectedSeriesResponseSchema,
  sentenceAllAudioResponseSchema,
  sentenceChangeResponseSchema,
  sentenceImageRequestSchema,
  sentenceImageResponseSchema,
  sentenceListensRequestSchema,
  sentenceListensResponseSchema,
  sentencesWithoutAudioSchema,
  seriesImageParamsSchema,
  seriesImageSchema,
  seriesItemListSchema,
  seriesListSchema,
  seriesParamsSchema,
  seriesSchema,
  startImageJobRequestSchema,
  startImageJobResponseSchema,
  stylePreviewListSchema,
} from '../../../shared/api/audiobook-player';
import {
  audiobookIdParamsSchema,
  audiobookPaths,
  sentenceParamsSchema,
} from '../../../shared/api/audiobooks';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { AudiobookPlayerService } from './audiobook-player.service';
import type { ImageSeriesService } from './image-series.service';
import type { StylePreviewsService } from './style-previews.service';

/** The player's calls (docs/product/audiobooks.md#player, #illustration-series). */
export const audiobookPlayerRoutes: FastifyPluginAsyncZod<{
  audiobookPlayerService: AudiobookPlayerService;
  imageSeriesService: ImageSeriesService;
  stylePreviewsService: StylePreviewsService;
  sessionResolver: SessionResolver;
}> = async (
  app,
  { audiobookPlayerService: player, imageSeriesService: series, stylePreviewsService, sessionResolver },
) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each of these is a paid call to the learner's provider (or a run of many).
  const paid = perUserLimit('audiobookPaidChanges');
  const book = { params: audiobookIdParamsSchema };
  const sentence = { params: sentenceParamsSchema };

  app.patch(
    playerPaths.sentenceListens,
    {
      schema: {
        params: listensParamsSchema,
        body: sentenceListensRequestSchema,
        response: { 200: sentenceListensResponseSchema },
      },
    },
    (request) =>
      player.listens(
        userIdOf(request),
        request.params.id,
        request.params.orderIndex,
        request.body.listenCount,
      ),
  );

  app.get(playerPaths.position, { schema: { ...book, response: { 200: positionSchema } } }, (request) =>
    player.position(userIdOf(request), request.params.id),
  );
  // PUT while playing; POST is the same save sent with `keepalive` as the page hides or unloads.
  for (const method of ['put', 'post'] as const) {
    app[method](
      playerPaths.position,
      { schema: { ...book, body: positionSchema, response: { 200: positionSchema } } },
      (request) => player.savePosition(userIdOf(request), request.params.id, request.body.position),
    );
  }

  app.post(
    audiobookPaths.sentenceAudio,
    { schema: { ...sentence, response: { 200: sentenceAllAudioResponseSchema } }, preHandler: paid },
    (request) => player.allAudio(userIdOf(request), request.params.id, request.params.sentenceId),
  );
  const sentenceChange = {
    schema: { ...sentence, response: { 200: sentenceChangeResponseSchema } },
    preHandler: paid,
  };
  app.post(playerPaths.regenerateAudio, sentenceChange, async (request) => ({
    sentence: await player.regenerateAudio(userIdOf(request), request.params.id, request.params.sentenceId),
  }));
  app.post(playerPaths.regenerateSpanish, sentenceChange, async (request) => ({
    sentence: await player.regenerateSpanish(userIdOf(request), request.params.id, request.params.sentenceId),
  }));
  app.post(playerPaths.regenerateRussian, sentenceChange, async (request) => ({
    sentence: await player.regenerateRussian(userIdOf(request), request.params.id, request.params.sentenceId),
  }));
  const redraw = {
    schema: {
      ...sentence,
      // The body is optional (the defaults then); Fastify hands a missing body over as null.
      body: sentenceImageRequestSchema.nullable().transform((body) => body ?? {}),
      response: { 200: sentenceImageResponseSchema },
    },
    preHandler: paid,
  };
  app.post(playerPaths.regenerateImage, redraw, (request) =>
    player.redrawImage(userIdOf(request), request.params.id, request.params.sentenceId, request.body),
  );
  app.post(playerPaths.sentenceImage, redraw, (request) =>
    player.redrawImage(userIdOf(request), request.params.id, request.params.sentenceId, request.body),
  );

  app.put(
    playerPaths.cover,
    { schema: { ...book, body: coverRequestSchema, response: { 200: coverResponseSchema } } },
    (request) => player.makeCover(userIdOf(request), request.params.id, request.body.sentenceId),
  );
  app.get(playerPaths.audioStatus, { schema: { ...book, response: { 200: audioStatusSchema } } }, (request) =>
    player.audioStatus(userIdOf(request), request.params.id),
  );
  app.get(
    playerPaths.sentencesWithoutAudio,
    { schema: { response: { 200: sentencesWithoutAudioSchema } } },
    (request) => player.sentencesWithoutAudio(userIdOf(request)),
  );
  app.post(
    playerPaths.generateMissingAudio,
    { schema: { ...book, response: { 200: generateMissingAudioResponseSchema } }, preHandler: paid },
    (request) => player.generateMissingAudio(userIdOf(request), request.params.id),
  );
  app.get(playerPaths.revoice, { schema: { ...book, response: { 200: revoiceSummarySchema } } }, (request) =>
    player.revoiceSummary(userIdOf(request), request.params.id),
  );
  app.post(
    playerPaths.revoice,
    { schema: { ...book, response: { 200: revoiceResponseSchema } }, preHandler: paid },
    (request) => player.revoice(userIdOf(request), request.params.id),
  );
  app.get(playerPaths.imageStats, { schema: { ...book, response: { 200: imageStatsSchema } } }, (request) =>
    player.imageStats(userIdOf(request), request.params.id),
  );

  app.get(playerPaths.imageJobs, { schema: { ...book, response: { 200: imageJobListSchema } } }, (request) =>
    series.jobs(userIdOf(request), request.params.id),
  );
  app.post(
    playerPaths.imageJobs,
    {
      schema: { ...book, body: startImageJobRequestSchema, response: { 201: startImageJobResponseSchema } },
      preHandler: paid,
    },
    async (request, reply) =>
      reply.status(201).send(await series.startJob(userIdOf(request), request.params.id, request.body)),
  );
  app.get(playerPaths.series, { schema: { ...book, response: { 200: seriesListSchema } } }, (request) =>
    series.list(userIdOf(request), request.params.id),
  );
  app.post(
    playerPaths.series,
    { schema: { ...book, body: createSeriesRequestSchema, response: { 201: seriesSchema } } },
    async (request, reply) =>
      reply.status(201).send(await series.create(userIdOf(request), request.params.id, request.body)),
  );
  app.get(
    playerPaths.seriesItems,
    { schema: { params: seriesParamsSchema, response: { 200: seriesItemListSchema } } },
    (request) => series.items(userIdOf(request), request.params.id, request.params.seriesId),
  );
  app.get(
    playerPaths.seriesImage,
    { schema: { params: seriesImageParamsSchema, response: { 200: seriesImageSchema } } },
    (request) =>
      series.image(userIdOf(request), request.params.id, request.params.seriesId, request.params.sentenceId),
  );
  app.post(
    playerPaths.seriesDelete,
    { schema: { params: seriesParamsSchema, response: { 200: deleteSeriesResponseSchema } } },
    (request) => series.delete(userIdOf(request), request.params.id, request.params.seriesId),
  );
  app.put(
    playerPaths.selectedSeries,
    {
      schema: { ...book, body: selectedSeriesRequestSchema, response: { 200: selectedSeriesResponseSchema } },
    },
    (request) => series.select(userIdOf(request), request.params.id, request.body.selectedImageSeriesId),
  );
  app.get(playerPaths.stylePreviews, { schema: { response: { 200: stylePreviewListSchema } } }, () =>
    stylePreviewsService.list(),
  );
  app.post(
    playerPaths.autoCompleteSeries,
    { schema: { ...book, response: { 200: autoCompleteResponseSchema } }, preHandler: paid },
    (request) => series.autoComplete(userIdOf(request), request.params.id),
  );
};
