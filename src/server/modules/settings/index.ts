import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secret-box';
import type { ProviderFactory } from '../../providers/provider-set';
import type { AreaContext } from '../area-context';
import type { ProviderPauses } from '../providers/provider-pauses';
import { createSettingsRepository } from './settings.repository';
import { settingsRoutes } from './settings.routes';
import { createSettingsService } from './settings.service';

/** The learner's settings and provider keys; a new key or endpoint ends that provider's pause. */
export async function registerSettings(
  app: FastifyInstance,
  deps: AreaContext & {
    secretBox: SecretBox;
    providerFactory: ProviderFactory;
    providerPauses: ProviderPauses;
  },
) {
  const settingsRepository = createSettingsRepository(deps.db);
  const settingsService = createSettingsService({
    settings: settingsRepository,
    secretBox: deps.secretBox,
    onProviderChanged: (userId, provider) => deps.providerPauses.resume(userId, provider),
    checkOpenaiBaseUrl: (url) => deps.providerFactory.checkOwnOpenaiBaseUrl(url),
  });
  await app.register(settingsRoutes, { settingsService, sessionResolver: deps.sessionResolver });
  return { settingsRepository, settingsService };
}
