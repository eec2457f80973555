import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area-context';
import type { SettingsRepository } from '../settings/settings.repository';
import { createProgressRepository } from './progress.repository';
import { progressRoutes } from './progress.routes';
import { createProgressService } from './progress.service';

/** `GET /api/progress`: the panel's figures. */
export async function registerProgress(
  app: FastifyInstance,
  deps: AreaContext & { settingsRepository: SettingsRepository },
): Promise<void> {
  const progressService = createProgressService({
    progress: createProgressRepository(deps.db),
    settings: deps.settingsRepository,
    now: deps.now,
  });
  await app.register(progressRoutes, { progressService, sessionResolver: deps.sessionResolver });
}
