import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { createLimiter } from '../lib/concurrency';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import { analyseWords, localAnalysis } from '../modules/uploads/word-analysis';
import { UPLOAD_CHUNK_SIZE, UPLOAD_PROVIDER_LIMITS } from './upload-words.job';
import { chunksOf, createDictionaryJobProgress, forEachInPool } from './dictionary-job-progress';

/**
 * Dictionary → update tags (DESIGN §4): words missing CEFR, part of speech or theme are analysed again,
 * with the language model when the learner has one, else with the upload's local rules (DESIGN D5), which
 * can tell the part of speech only. Tags a word already has are kept.
 */
export function createUpdateTagsJob(deps: {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
}): JobDefinition<Record<string, never>> {
  return {
    kind: DICTIONARY_JOB_KINDS.updateTags,
    async run(context) {
      const { userId } = context;
      const { languageModel } = await deps.userProviders.forUser(userId);
      const settings = await deps.settingsService.get(userId);
      const wordList = await deps.dictionary.listWordsMissingTags(userId);
      const progress = createDictionaryJobProgress(context, wordList.length, 'tags');
      const limiter = createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel);
      await progress.report(null);

      await forEachInPool(
        chunksOf(wordList, UPLOAD_CHUNK_SIZE),
        UPLOAD_PROVIDER_LIMITS.languageModel,
        progress.shouldStop,
        async (chunk) => {
          const failures = new Map<number, string>();
          const analyses = await analyseWords(
            chunk,
            languageModel,
            settings.vocabularyLevel,
            limiter,
            (word, message) => failures.set(word.id, message),
          );
          for (const word of chunk) {
            const failure = failures.get(word.id);
            if (failure !== undefined) {
              await progress.fail(word, new Error(failure));
              continue;
            }
            const analysis = analyses.get(word) ?? localAnalysis(word);
            const tags = {
              cefrLevel: word.cefrLevel ?? analysis.cefrLevel,
              partOfSpeech: word.partOfSpeech ?? analysis.partOfSpeech,
              themeCategory: word.themeCategory ?? analysis.theme,
            };
            const isChanged =
              tags.cefrLevel !== word.cefrLevel ||
              tags.partOfSpeech !== word.partOfSpeech ||
              tags.themeCategory !== word.themeCategory;
            if (isChanged) await deps.dictionary.updateTags(userId, word.id, tags);
            await progress.succeed(word, isChanged);
          }
        },
      );
      await progress.report(null);
      return progress.finish();
    },
  };
}
