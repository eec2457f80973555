import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import type { WordMaintenanceRepository } from '../modules/word-maintenance/word-maintenance.repository';
import { ProviderError } from '../providers/provider-error';

export const REGENERATE_RUSSIAN_AUDIO_JOB = 'regenerate-all-russian-audio';
/** Clips at once: enough to keep a provider busy, few enough to stay inside its rate limits. */
const CONCURRENCY = 3;

/**
 * Settings → mass Russian audio regeneration: a fresh Russian clip for every word in the learner's
 * Russian voice (the example's translation when there is one, as the card plays it).
 */
export function createRegenerateRussianAudioJob(deps: {
  maintenance: WordMaintenanceRepository;
  speechService: SpeechService;
  settingsService: SettingsService;
}): JobDefinition<Record<string, never>> {
  return {
    kind: REGENERATE_RUSSIAN_AUDIO_JOB,
    async run(context) {
      const { userId } = context;
      const settings = await deps.settingsService.get(userId);
      const wordList = await deps.maintenance.listTexts(userId);
      let processed = 0;
      let failed = 0;
      let next = 0;
      let fatal: ProviderError | undefined;

      const worker = async () => {
        while (next < wordList.length && fatal === undefined) {
          if (await context.isCancelled()) return;
          const word = wordList[next];
          next += 1;
          if (!word) return;
          try {
            const clip = await deps.speechService.speak(userId, {
              text: word.exampleTranslation ?? word.russian,
              voiceId: settings.russianVoice ?? '',
              language: 'ru-RU',
              speed: settings.speechSpeed,
              intonationStyle: settings.intonationStyle,
              wordId: word.id,
              isForced: true,
            });
            await deps.maintenance.setRussianAudio(userId, word.id, clip.audio);
            processed += 1;
          } catch (error) {
            if (error instanceof ProviderError && error.code === 'provider_invalid_key') fatal = error;
            failed += 1;
          }
          await context.reportProgress({ processed, failed, stage: 'audio', currentWord: word.russian });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (fatal !== undefined) throw fatal;
      return { totalWords: wordList.length, regenerated: processed, failed };
    },
  };
}
