import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historySchema, statsPaths } from '../../../shared/api/stats';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import type { StatsService } from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod<{
  statsService: StatsService;
  sessionResolver: SessionResolver;
}> = async (app, { statsService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  app.get(statsPaths.history, { schema: { response: { 200: historySchema } } }, (request) =>
    statsService.history(userIdOf(request)),
  );
};
