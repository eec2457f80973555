import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import type { MediaStore } from '../media/media-store';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import { pictureLookOf, saveNewWordPicture } from '../modules/dictionary/word-picture';
import { UPLOAD_PROVIDER_LIMITS } from './upload-words.job';
import { createDictionaryJobProgress, forEachInPool } from './dictionary-job-progress';

export interface WordPicturesJobInput {
  /** A style id or key; the settings' default style when null. */
  imageStyle: string | number | null;
}

type Deps = {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  mediaStore: MediaStore;
};

/** Dictionary → regenerate all images: a new picture for every word; earlier ones stay in the library. */
export const createRegenerateAllImagesJob = (deps: Deps) =>
  createWordPicturesJob(deps, DICTIONARY_JOB_KINDS.regenerateAllImages, (userId) =>
    deps.dictionary.listWords(userId),
  );

/** Dictionary → generate missing images: a picture for every word that has none. */
export const createGenerateMissingImagesJob = (deps: Deps) =>
  createWordPicturesJob(deps, DICTIONARY_JOB_KINDS.generateMissingImages, (userId) =>
    deps.dictionary.listWordsWithoutImage(userId),
  );

function createWordPicturesJob(
  deps: Deps,
  kind: string,
  wordsOf: (userId: string) => Promise<Array<{ id: number; spanish: string; russian: string }>>,
): JobDefinition<WordPicturesJobInput> {
  return {
    kind,
    async run(context) {
      const { userId, input } = context;
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const look = pictureLookOf(input.imageStyle, settings);
      const wordList = await wordsOf(userId);
      const progress = createDictionaryJobProgress(context, wordList.length, 'images');
      await progress.report(null);

      // Pictures in flight at once for one learner: the upload's bound for the image provider.
      await forEachInPool(wordList, UPLOAD_PROVIDER_LIMITS.images, progress.shouldStop, async (word) => {
        try {
          const { isSaved } = await saveNewWordPicture(
            { providers, mediaStore: deps.mediaStore, userId, dictionary: deps.dictionary },
            word,
            look,
          );
          await progress.succeed(word, isSaved);
        } catch (error) {
          await progress.fail(word, error);
        }
      });
      await progress.report(null);
      return progress.finish();
    },
  };
}
