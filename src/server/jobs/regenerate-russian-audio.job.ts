import { JOB_KINDS } from '../../shared/api/jobs';
import { type RussianAudioResults, russianAudioResultsSchema } from '../../shared/api/word-maintenance';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import type { WordMaintenanceRepository } from '../modules/word-maintenance/word-maintenance.repository';
import { jobData, noJobInput } from './job-data';
import { failureOf, isFatalFailure } from '../http/job-failure';
import type { JobDefinition } from './job-runtime';

export const REGENERATE_RUSSIAN_AUDIO_JOB = JOB_KINDS.regenerateAllRussianAudio;
/** Clips at once: enough to keep a provider busy, few enough to stay inside its rate limits. */
const CONCURRENCY = 3;

const resultsData = jobData('russian audio results', russianAudioResultsSchema);
type WordText = Awaited<ReturnType<WordMaintenanceRepository['listTexts']>>[number];

/**
 * Settings → mass Russian audio regeneration (docs/product/settings.md#russian-audio-regeneration): a fresh Russian
 * clip for every word in the learner's Russian voice (the example's translation when there is one, as
 * the card plays it). One unit is one word's clip; a refused key stops the job.
 */
export function createRegenerateRussianAudioJob(deps: {
  maintenance: WordMaintenanceRepository;
  speechService: SpeechService;
  settingsService: SettingsService;
}): JobDefinition<object, RussianAudioResults, RussianAudioResults, WordText> {
  return {
    kind: REGENERATE_RUSSIAN_AUDIO_JOB,
    input: noJobInput,
    // No checkpoint is saved: a restart speaks every clip again.
    checkpoint: resultsData,
    results: resultsData,
    async plan(context) {
      const { userId } = context;
      const settings = await deps.settingsService.get(userId);
      const wordList = await deps.maintenance.listTexts(userId);
      let processed = 0;
      let failed = 0;

      return {
        units: wordList,
        unitsAtOnce: CONCURRENCY,
        async step(word) {
          try {
            const clip = await deps.speechService.speak(userId, {
              text: word.exampleTranslation ?? word.russian,
              voiceId: settings.russianVoice ?? '',
              language: 'ru-RU',
              speed: settings.speechSpeed,
              intonationStyle: settings.intonationStyle,
              voiceStyle: settings.defaultVoiceStyle,
              wordId: word.id,
              isForced: true,
              isBackground: true,
            });
            await deps.maintenance.setRussianAudio(userId, word.id, clip.audio);
            processed += 1;
          } catch (error) {
            failed += 1;
            if (isFatalFailure(failureOf(error))) context.stopWith(error);
          }
          await context.reportProgress({ processed, failed, stage: 'audio', currentWord: word.russian });
        },
        finish: async () => ({ totalWords: wordList.length, regenerated: processed, failed }),
      };
    },
  };
}
