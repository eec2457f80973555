import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area-context';
import type { SettingsRepository } from '../settings/settings.repository';
import { createReviewRepository } from './review.repository';
import { reviewRoutes } from './review.routes';
import { createReviewService } from './review.service';

/** The review mode: the day's queue, grades and their undo, the figures. */
export async function registerReview(
  app: FastifyInstance,
  deps: AreaContext & { settingsRepository: SettingsRepository },
) {
  const reviewService = createReviewService({
    review: createReviewRepository(deps.db),
    settings: deps.settingsRepository,
    now: deps.now,
  });
  await app.register(reviewRoutes, { reviewService, sessionResolver: deps.sessionResolver });
  return { reviewService };
}
