import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { createLimiter } from '../lib/concurrency';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { cardVoices } from '../modules/enrichment/card-audio.step';
import { savePhraseWithAudio } from '../modules/enrichment/phrase-with-audio.step';
import { analyseWords } from '../modules/enrichment/word-analysis.step';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import {
  chunksOf,
  type DictionaryJobDefinition,
  dictionaryJobData,
  planDictionaryJob,
} from './dictionary-job';
import { noJobInput } from './job-data';
import { JOB_ERROR_CODES, JobFailure } from '../http/job-failure';
import { UPLOAD_CHUNK_SIZE, UPLOAD_PROVIDER_LIMITS } from '../lib/job-limits';

type ActiveWord = Awaited<ReturnType<DictionaryRepository['listActiveWords']>>[number];

/**
 * Dictionary → regenerate all phrases (docs/product/dictionary.md#maintenance-actions): a new example sentence,
 * its translation and the highlighted words for every active word from the language model, then the card
 * audio for the new text. One unit is a chunk of words (one language-model request); words done before a
 * restart are skipped.
 */
export function createRegenerateAllPhrasesJob(deps: {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
}): DictionaryJobDefinition<object, ActiveWord[]> {
  return {
    kind: DICTIONARY_JOB_KINDS.regenerateAllPhrases,
    input: noJobInput,
    ...dictionaryJobData,
    async plan(context) {
      const { userId } = context;
      const providers = await deps.userProviders.forUser(userId);
      const { languageModel } = providers;
      if (!languageModel) throw new JobFailure({ code: JOB_ERROR_CODES.languageModelMissing });
      const settings = await deps.settingsService.get(userId);
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const languageModelLimiter = createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel);
      const speechLimiter = createLimiter(UPLOAD_PROVIDER_LIMITS.speech);
      return planDictionaryJob(context, {
        words: await deps.dictionary.listActiveWords(userId),
        stage: 'examples',
        unitsAtOnce: UPLOAD_PROVIDER_LIMITS.languageModel,
        unitsOf: (remaining) => chunksOf(remaining, UPLOAD_CHUNK_SIZE),
        stepOf: (tally) => async (chunk) => {
          const failures = new Map<number, unknown>();
          const analyses = await analyseWords(
            chunk,
            languageModel,
            settings.vocabularyLevel,
            languageModelLimiter,
            (word, error) => failures.set(word.id, error),
          );
          await Promise.all(
            chunk.map(async (word) => {
              const analysis = analyses.get(word);
              if (!analysis?.example) {
                await tally.fail(
                  word,
                  failures.get(word.id) ?? new JobFailure({ code: JOB_ERROR_CODES.noExample }),
                );
                return;
              }
              const isSaved = await savePhraseWithAudio(
                {
                  dictionary: deps.dictionary,
                  speechService: deps.speechService,
                  userId,
                  providers,
                  voices,
                  settings,
                  limiter: speechLimiter,
                  isBackground: true,
                },
                word,
                { ...analysis, example: analysis.example },
              );
              await tally.succeed(word, isSaved);
            }),
          );
        },
      });
    },
  };
}
