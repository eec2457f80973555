import { type WordPicturesJobInput, wordPicturesInputSchema } from '../../shared/api/jobs';
import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import type { MediaStore } from '../media/media-store';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { pictureLookOf, saveNewWordPicture } from '../modules/enrichment/word-picture.step';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import { type DictionaryJobDefinition, dictionaryJobData, planDictionaryJob } from './dictionary-job';
import type { ProviderError } from '../providers/provider-error';
import { jobData } from './job-data';
import { failureOf, isFatalFailure } from '../http/job-failure';
import { UPLOAD_PROVIDER_LIMITS } from '../lib/job-limits';

const wordPicturesInput = jobData('picture job input', wordPicturesInputSchema);

type Deps = {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  mediaStore: MediaStore;
};
type PictureWord = { id: number; spanish: string; russian: string };

/**
 * Dictionary → regenerate all images: a new picture for every word; earlier ones stay in the library.
 * Words drawn before a restart are not drawn again.
 */
export const createRegenerateAllImagesJob = (deps: Deps) =>
  createWordPicturesJob(deps, DICTIONARY_JOB_KINDS.regenerateAllImages, (userId) =>
    deps.dictionary.listWords(userId),
  );

/**
 * Dictionary → generate missing images: a picture for every word that has none; where the learner's image
 * provider fails, a built-in one (docs/product/providers.md#fallback), so no word is left blank for it.
 */
export const createGenerateMissingImagesJob = (deps: Deps) =>
  createWordPicturesJob(
    deps,
    DICTIONARY_JOB_KINDS.generateMissingImages,
    (userId) => deps.dictionary.listWordsWithoutImage(userId),
    { fallsBack: true },
  );

/**
 * One unit is one word's picture (docs/product/dictionary.md#maintenance-actions). Without a fallback a
 * refused key stops the job; with one, the word gets a built-in picture, the failure is listed, and a
 * refused key or an empty account is not asked again for the words after it.
 */
function createWordPicturesJob(
  deps: Deps,
  kind: string,
  wordsOf: (userId: string) => Promise<PictureWord[]>,
  options: { fallsBack: boolean } = { fallsBack: false },
): DictionaryJobDefinition<WordPicturesJobInput, PictureWord> {
  return {
    kind,
    input: wordPicturesInput,
    ...dictionaryJobData,
    async plan(context) {
      const { userId, input } = context;
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const look = pictureLookOf(input.imageStyle, settings);
      const skipped = new Set<string>();
      return planDictionaryJob(context, {
        words: await wordsOf(userId),
        stage: 'images',
        // Pictures in flight at once for one learner: the upload's bound for the image provider.
        unitsAtOnce: UPLOAD_PROVIDER_LIMITS.images,
        unitsOf: (remaining) => remaining,
        stepOf: (tally) => async (word) => {
          const fallback = options.fallsBack
            ? {
                skipped,
                onFallback: (error: ProviderError) => {
                  if (isFatalFailure(failureOf(error))) skipped.add(error.provider);
                  tally.note(word, error);
                },
              }
            : undefined;
          try {
            const { isSaved } = await saveNewWordPicture(
              { providers, mediaStore: deps.mediaStore, userId, dictionary: deps.dictionary, fallback },
              word,
              look,
            );
            await tally.succeed(word, isSaved);
          } catch (error) {
            await tally.fail(word, error);
          }
        },
      });
    },
  };
}
