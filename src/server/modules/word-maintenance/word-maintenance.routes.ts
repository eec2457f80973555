import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articleRepairsResponseSchema,
  forceCacheRefreshResponseSchema,
  regenerateAllRussianAudioResponseSchema,
  regenerateTranslationsResponseSchema,
  stopTranslationFixResponseSchema,
  wordMaintenancePaths,
} from '../../../shared/api/word-maintenance';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { WordMaintenanceService } from './word-maintenance.service';

export const wordMaintenanceRoutes: FastifyPluginAsyncZod<{
  wordMaintenanceService: WordMaintenanceService;
  sessionResolver: SessionResolver;
}> = async (app, { wordMaintenanceService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each start re-processes the whole dictionary with the learner's paid providers.
  const starts = perUserLimit('wordMaintenanceStarts');

  app.post(
    wordMaintenancePaths.regenerateTranslations,
    { schema: { response: { 200: regenerateTranslationsResponseSchema } }, preHandler: starts },
    (request) => service.startTranslationFix(userIdOf(request)),
  );
  app.post(
    wordMaintenancePaths.stopTranslationFix,
    { schema: { response: { 200: stopTranslationFixResponseSchema } } },
    (request) => service.stopTranslationFix(userIdOf(request)),
  );
  app.post(
    wordMaintenancePaths.regenerateAllRussianAudio,
    { schema: { response: { 200: regenerateAllRussianAudioResponseSchema } }, preHandler: starts },
    (request) => service.startRussianAudioRegeneration(userIdOf(request)),
  );
  app.get(
    wordMaintenancePaths.articleRepairs,
    { schema: { response: { 200: articleRepairsResponseSchema } } },
    (request) => service.listArticleRepairs(userIdOf(request)),
  );
  app.post(
    wordMaintenancePaths.forceCacheRefresh,
    { schema: { response: { 200: forceCacheRefreshResponseSchema } } },
    (request) => service.refreshDerivedCounts(userIdOf(request)),
  );
};
