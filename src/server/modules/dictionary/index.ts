import type { FastifyInstance } from 'fastify';
import type { JobStarter } from '../../lib/job-starter';
import type { MediaStore } from '../../media/media-store';
import type { AreaContext } from '../area-context';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import type { WordsService } from '../words/words.service';
import { createDictionaryRepository } from './dictionary.repository';
import { dictionaryRoutes } from './dictionary.routes';
import { createDictionaryService } from './dictionary.service';

/** The dictionary: a word's pictures and phrase made again, and the maintenance actions run as jobs. */
export async function registerDictionary(
  app: FastifyInstance,
  deps: AreaContext & {
    jobStarter: JobStarter;
    wordsService: WordsService;
    userProviders: UserProviders;
    settingsService: SettingsService;
    speechService: SpeechService;
    mediaStore: MediaStore;
  },
) {
  const dictionaryRepository = createDictionaryRepository(deps.db);
  const dictionaryService = createDictionaryService({
    dictionary: dictionaryRepository,
    wordsService: deps.wordsService,
    jobStarter: deps.jobStarter,
    userProviders: deps.userProviders,
    settingsService: deps.settingsService,
    speechService: deps.speechService,
    mediaStore: deps.mediaStore,
  });
  await app.register(dictionaryRoutes, { dictionaryService, sessionResolver: deps.sessionResolver });
  return { dictionaryRepository };
}
