import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyzeContentResponseSchema,
  audiobookPaths,
  fixTagsResponseSchema,
  optimizeCoversResponseSchema,
  reVerifyAllResponseSchema,
  validateLogicResponseSchema,
  validateTagConflictsResponseSchema,
} from '../../../shared/api/audiobooks';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { AudiobookMaintenanceService } from './audiobook-maintenance.service';

/** The library's maintenance actions (docs/product/audiobooks.md#maintenance). */
export const audiobookMaintenanceRoutes: FastifyPluginAsyncZod<{
  audiobookMaintenanceService: AudiobookMaintenanceService;
  sessionResolver: SessionResolver;
}> = async (app, { audiobookMaintenanceService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each reads every book; the logic check asks the learner's paid model about each.
  const runs = perUserLimit('audiobookMaintenance');
  const options = <T>(schema: T) => ({ schema: { response: { 200: schema } }, preHandler: runs });

  app.post(audiobookPaths.reVerifyAll, options(reVerifyAllResponseSchema), (request) =>
    service.reVerifyAll(userIdOf(request), (bookId, error) =>
      request.log.warn({ err: error, bookId }, 'a book could not be re-verified'),
    ),
  );
  app.post(audiobookPaths.fixTags, options(fixTagsResponseSchema), (request) =>
    service.fixTags(userIdOf(request)),
  );
  app.post(audiobookPaths.analyzeContent, options(analyzeContentResponseSchema), (request) =>
    service.analyzeContent(userIdOf(request)),
  );
  app.post(audiobookPaths.optimizeCovers, options(optimizeCoversResponseSchema), (request) =>
    service.optimizeCovers(userIdOf(request)),
  );
  app.post(audiobookPaths.validateTagConflicts, options(validateTagConflictsResponseSchema), (request) =>
    service.validateTagConflicts(userIdOf(request)),
  );
  app.post(audiobookPaths.validateLogic, options(validateLogicResponseSchema), (request) =>
    service.startLogicValidation(userIdOf(request)),
  );
};
