import type { FastifyInstance } from 'fastify';
import type { JobStarter } from '../../lib/job-starter';
import type { AreaContext } from '../area-context';
import type { UserProviders } from '../providers/user-providers';
import { createWordMaintenanceRepository } from './word-maintenance.repository';
import { wordMaintenanceRoutes } from './word-maintenance.routes';
import { createWordMaintenanceService } from './word-maintenance.service';

/** Settings › maintenance: the translation fix and the Russian audio made again, each as a job. */
export async function registerWordMaintenance(
  app: FastifyInstance,
  deps: AreaContext & { jobStarter: JobStarter; userProviders: UserProviders },
) {
  const maintenance = createWordMaintenanceRepository(deps.db);
  const wordMaintenanceService = createWordMaintenanceService({
    maintenance,
    jobStarter: deps.jobStarter,
    userProviders: deps.userProviders,
  });
  await app.register(wordMaintenanceRoutes, {
    wordMaintenanceService,
    sessionResolver: deps.sessionResolver,
  });
  return { maintenance };
}
