import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area-context';
import type { ReviewService } from '../review/review.service';
import type { SettingsRepository } from '../settings/settings.repository';
import { createStatsRepository } from './stats.repository';
import { statsRoutes } from './stats.routes';
import { createStatsService } from './stats.service';

/** The dashboard's history. */
export async function registerStats(
  app: FastifyInstance,
  deps: AreaContext & { settingsRepository: SettingsRepository; reviewService: ReviewService },
): Promise<void> {
  const statsService = createStatsService({
    stats: createStatsRepository(deps.db),
    settings: deps.settingsRepository,
    review: deps.reviewService,
    now: deps.now,
  });
  await app.register(statsRoutes, { statsService, sessionResolver: deps.sessionResolver });
}
