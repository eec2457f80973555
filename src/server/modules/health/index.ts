import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createHealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { createHealthService } from './health.service';

/** `GET /healthz` and `GET /readyz` (docs/DEPLOY.md#health-and-readiness). */
export async function registerHealth(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const healthService = createHealthService({ repository: createHealthRepository(deps.db) });
  await app.register(healthRoutes, { healthService });
}
