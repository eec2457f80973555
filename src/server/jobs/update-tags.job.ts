import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { createLimiter } from '../lib/concurrency';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { analyseWords, localAnalysis } from '../modules/enrichment/word-analysis.step';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import {
  chunksOf,
  type DictionaryJobDefinition,
  dictionaryJobData,
  planDictionaryJob,
} from './dictionary-job';
import { noJobInput } from './job-data';
import { UPLOAD_CHUNK_SIZE, UPLOAD_PROVIDER_LIMITS } from '../lib/job-limits';

type UntaggedWord = Awaited<ReturnType<DictionaryRepository['listWordsMissingTags']>>[number];

/**
 * Dictionary → update tags (docs/product/dictionary.md#maintenance-actions): words missing CEFR, part of speech or
 * theme are analysed again, with the language model when the learner has one, else with the upload's local
 * rules, which can tell the part of speech only. Tags a word already has are kept. One unit is a chunk of
 * words (one language-model request); a refused key stops the job (the failure reaches the tally as the
 * ProviderError itself, so the shared fatal rule sees it).
 */
export function createUpdateTagsJob(deps: {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
}): DictionaryJobDefinition<object, UntaggedWord[]> {
  return {
    kind: DICTIONARY_JOB_KINDS.updateTags,
    input: noJobInput,
    ...dictionaryJobData,
    async plan(context) {
      const { userId } = context;
      const { languageModel } = await deps.userProviders.forUser(userId);
      const settings = await deps.settingsService.get(userId);
      const limiter = createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel);
      return planDictionaryJob(context, {
        words: await deps.dictionary.listWordsMissingTags(userId),
        stage: 'tags',
        unitsAtOnce: UPLOAD_PROVIDER_LIMITS.languageModel,
        unitsOf: (remaining) => chunksOf(remaining, UPLOAD_CHUNK_SIZE),
        stepOf: (tally) => async (chunk) => {
          const failures = new Map<number, unknown>();
          const analyses = await analyseWords(
            chunk,
            languageModel,
            settings.vocabularyLevel,
            limiter,
            (word, error) => failures.set(word.id, error),
          );
          for (const word of chunk) {
            if (failures.has(word.id)) {
              await tally.fail(word, failures.get(word.id));
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
            await tally.succeed(word, isChanged);
          }
        },
      });
    },
  };
}
