import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area-context';
import type { ProviderPauses } from '../providers/provider-pauses';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import type { WordsService } from '../words/words.service';
import { createLearnRepository } from './learn.repository';
import { learnRoutes } from './learn.routes';
import { createLearnService } from './learn.service';

/** Learn: the flashcard session, its plays and clips made on demand. */
export async function registerLearn(
  app: FastifyInstance,
  deps: AreaContext & {
    providerPauses: ProviderPauses;
    wordsService: WordsService;
    settingsService: SettingsService;
    userProviders: UserProviders;
    speechService: SpeechService;
  },
) {
  const learnRepository = createLearnRepository(deps.db);
  const learnService = createLearnService({
    learn: learnRepository,
    providerPauses: deps.providerPauses,
    wordsService: deps.wordsService,
    settingsService: deps.settingsService,
    userProviders: deps.userProviders,
    speechService: deps.speechService,
    now: deps.now,
  });
  await app.register(learnRoutes, { learnService, sessionResolver: deps.sessionResolver });
  return { learnRepository, learnService };
}
