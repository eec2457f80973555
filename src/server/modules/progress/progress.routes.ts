import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { progressPaths, progressSchema } from '../../../shared/api/progress';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import type { ProgressService } from './progress.service';

export const progressRoutes: FastifyPluginAsyncZod<{
  progressService: ProgressService;
  sessionResolver: SessionResolver;
}> = async (app, { progressService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  app.get(progressPaths.progress, { schema: { response: { 200: progressSchema } } }, (request) =>
    progressService.get(userIdOf(request)),
  );
};
