import type { FastifyInstance } from 'fastify';
import type { AreaContext } from '../area-context';
import type { SettingsRepository } from '../settings/settings.repository';
import { countWords } from './dictionary-room';
import { createWordUndoRepository } from './word-undo.repository';
import { createWordsRepository } from './words.repository';
import { wordsRoutes } from './words.routes';
import { createWordsService } from './words.service';

/** The learner's words: the list, edits and their undo, due words; the dictionary's size for its cap. */
export async function registerWords(
  app: FastifyInstance,
  deps: AreaContext & { settingsRepository: SettingsRepository },
) {
  const { db } = deps;
  const wordsService = createWordsService({
    words: createWordsRepository(db),
    undo: createWordUndoRepository(db),
    settings: deps.settingsRepository,
    now: deps.now,
  });
  await app.register(wordsRoutes, { wordsService, sessionResolver: deps.sessionResolver });
  return {
    wordsService,
    /** The dictionary cap (docs/product/upload.md#dictionary-cap) is checked before an upload or import starts. */
    countWords: (userId: string) => countWords(db, userId),
  };
}
