import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HEALTH_PATH, healthSchema, READINESS_PATH, readinessSchema } from '../../../shared/api/health';
import type { HealthService } from './health.service';

/**
 * For the proxy and the service manager, not for learners: no session, and as GETs they change nothing, so
 * the origin rule does not apply. Never cached.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ healthService: HealthService }> = async (
  app,
  { healthService },
) => {
  app.get(HEALTH_PATH, { schema: { response: { 200: healthSchema } } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });
  app.get(
    READINESS_PATH,
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const status = await healthService.readiness();
      return reply
        .header('Cache-Control', 'no-store')
        .status(status === 'ready' ? 200 : 503)
        .send({ status });
    },
  );
};
