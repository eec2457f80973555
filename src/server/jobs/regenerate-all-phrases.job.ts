import { DICTIONARY_JOB_KINDS } from '../../shared/api/dictionary';
import { createLimiter } from '../lib/concurrency';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import { analyseWords } from '../modules/uploads/word-analysis';
import { cardVoices } from '../modules/uploads/word-enrichment';
import { savePhraseWithAudio } from '../modules/dictionary/phrase-with-audio';
import { UPLOAD_CHUNK_SIZE, UPLOAD_PROVIDER_LIMITS } from './upload-words.job';
import { chunksOf, createDictionaryJobProgress, forEachInPool } from './dictionary-job-progress';

/**
 * Dictionary → regenerate all phrases (DESIGN §4): a new example sentence, its translation and the
 * highlighted words for every active word from the language model, then the card audio for the new text.
 */
export function createRegenerateAllPhrasesJob(deps: {
  dictionary: DictionaryRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
}): JobDefinition<Record<string, never>> {
  return {
    kind: DICTIONARY_JOB_KINDS.regenerateAllPhrases,
    async run(context) {
      const { userId } = context;
      const providers = await deps.userProviders.forUser(userId);
      if (!providers.languageModel) throw new Error('Нет ключа OpenAI: добавьте его в настройках.');
      const settings = await deps.settingsService.get(userId);
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const wordList = await deps.dictionary.listActiveWords(userId);
      const progress = createDictionaryJobProgress(context, wordList.length, 'examples');
      const languageModelLimiter = createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel);
      const speechLimiter = createLimiter(UPLOAD_PROVIDER_LIMITS.speech);
      await progress.report(null);

      await forEachInPool(
        chunksOf(wordList, UPLOAD_CHUNK_SIZE),
        UPLOAD_PROVIDER_LIMITS.languageModel,
        progress.shouldStop,
        async (chunk) => {
          const failures = new Map<number, string>();
          const analyses = await analyseWords(
            chunk,
            providers.languageModel,
            settings.vocabularyLevel,
            languageModelLimiter,
            (word, message) => failures.set(word.id, message),
          );
          await Promise.all(
            chunk.map(async (word) => {
              const analysis = analyses.get(word);
              if (!analysis?.example) {
                await progress.fail(word, new Error(failures.get(word.id) ?? 'Модель не вернула пример'));
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
                },
                word,
                { ...analysis, example: analysis.example },
              );
              await progress.succeed(word, isSaved);
            }),
          );
        },
      );
      await progress.report(null);
      return progress.finish();
    },
  };
}
