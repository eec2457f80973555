import type { ReadinessStatus } from '../../../shared/api/health';
import type { HealthRepository } from './health.repository';

/** A database that has not answered by then counts as unavailable: a proxy's check must not hang. */
export const READINESS_TIMEOUT_MS = 2_000;

/**
 * Readiness (docs/DEPLOY.md#health-and-readiness): the database answers and has every migration this build
 * carries. A stopping instance never gets here: from the first moment of its close, Fastify answers every
 * request 503 itself.
 */
export function createHealthService(deps: { repository: HealthRepository }) {
  return {
    async readiness(): Promise<ReadinessStatus> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'database_unavailable'>((resolve) => {
        timer = setTimeout(() => resolve('database_unavailable'), READINESS_TIMEOUT_MS);
      });
      const check = deps.repository.hasNewestMigration().then(
        (isMigrated): ReadinessStatus => (isMigrated ? 'ready' : 'migrations_pending'),
        (): ReadinessStatus => 'database_unavailable',
      );
      try {
        return await Promise.race([check, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
