import type { FastifyInstance } from 'fastify';
import type { MediaStore } from '../../media/media-store';
import type { ProviderFactory } from '../../providers/provider-set';
import type { AreaContext } from '../area-context';
import type { LearnService } from '../learn/learn.service';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import { createProviderPauses } from './provider-pauses';
import { providersRoutes } from './providers.routes';
import { createProvidersService } from './providers.service';
import { createUserProviders, type UserProviders } from './user-providers';

/**
 * A learner's providers, made before the areas that call them: the providers that failed the learner lately
 * (passed over until they pause no more, or the learner changes that key), and the provider set chosen from
 * the learner's keys once settings exist.
 */
export function createProviderAccess(deps: { providerFactory: ProviderFactory; now?: () => Date }) {
  return {
    providerPauses: createProviderPauses(deps.now),
    userProvidersOf: (settingsService: SettingsService) =>
      createUserProviders({ settingsService, providerFactory: deps.providerFactory }),
  };
}

/** The provider routes: key checks, voices and models, samples; registered once Learn's service exists. */
export async function registerProviders(
  app: FastifyInstance,
  deps: Pick<AreaContext, 'sessionResolver'> & {
    settingsService: SettingsService;
    providerFactory: ProviderFactory;
    userProviders: UserProviders;
    mediaStore: MediaStore;
    speechService: SpeechService;
    learnService: LearnService;
  },
): Promise<void> {
  const providersService = createProvidersService({
    settingsService: deps.settingsService,
    providerFactory: deps.providerFactory,
    userProviders: deps.userProviders,
    mediaStore: deps.mediaStore,
  });
  await app.register(providersRoutes, {
    providersService,
    speechService: deps.speechService,
    learnService: deps.learnService,
    sessionResolver: deps.sessionResolver,
  });
}
