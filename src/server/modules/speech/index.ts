import type { MediaStore } from '../../media/media-store';
import type { Db } from '../../db/client';
import type { UserProviders } from '../providers/user-providers';
import { createAudioCacheRepository } from './audio-cache.repository';
import { createSpeechService } from './speech.service';

/** Speech for every area: clips made with the learner's voices, kept in the audio cache. No routes. */
export function createSpeech(deps: { db: Db; mediaStore: MediaStore; userProviders: UserProviders }) {
  return {
    speechService: createSpeechService({
      audioCache: createAudioCacheRepository(deps.db),
      mediaStore: deps.mediaStore,
      userProviders: deps.userProviders,
    }),
  };
}
