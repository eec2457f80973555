import type { z } from 'zod';
import type { sentenceAudioQuerySchema, sentenceAudioResponseSchema } from '../../../shared/api/audiobooks';
import { AppError } from '../../http/app-error';
import { failureOf } from '../../jobs/job-failure';
import { parseMediaPath } from '../../media/media-store';
import { isProviderError } from '../../providers/provider-error';
import type { SpeechLanguage } from '../../providers/speech';
import { builtinVoiceFor, cardVoices } from '../enrichment/card-audio.step';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import type { AudiobooksRepository, SentenceClipSlot, SentenceRow } from './audiobooks.repository';

type Query = z.infer<typeof sentenceAudioQuerySchema>;
type Answer = z.infer<typeof sentenceAudioResponseSchema>;

const slotOf = (query: Query): SentenceClipSlot =>
  query.language === 'russian' ? 'russian' : query.voiceType;

const storedClip = (sentence: SentenceRow, slot: SentenceClipSlot): string | null => {
  const value = {
    main: sentence.audioData,
    second: sentence.secondVoiceAudioData,
    russian: sentence.russianAudioData,
  }[slot];
  return value !== null && parseMediaPath(value) ? value : null;
};

/**
 * A sentence's clip, made when first asked for and kept on the sentence (docs/product/audiobooks.md#creation,
 * step 6): the learner's voice, or the built-in voice of the language when that provider fails or has no key.
 */
export function createSentenceAudioService(deps: {
  books: AudiobooksRepository;
  speechService: SpeechService;
  settingsService: SettingsService;
  userProviders: UserProviders;
}) {
  return {
    /** `isBackground`: made ahead of need by a job, behind every clip a learner waits for. */
    async clip(
      userId: string,
      audiobookId: number,
      sentenceId: number,
      query: Query,
      options: { isBackground?: boolean } = {},
    ): Promise<Answer> {
      const sentence = await deps.books.findSentence(userId, audiobookId, sentenceId);
      if (!sentence) throw new AppError('audiobook_not_found', 404);
      const slot = slotOf(query);
      const stored = storedClip(sentence, slot);
      if (stored) return { success: true, audio: stored, cached: true, error: null };

      const [settings, providers] = await Promise.all([
        deps.settingsService.get(userId),
        deps.userProviders.forUser(userId),
      ]);
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const language: SpeechLanguage = slot === 'russian' ? 'ru-RU' : 'es-MX';
      const voiceId = { main: voices.firstSpanish, second: voices.secondSpanish, russian: voices.russian }[
        slot
      ];
      const text = slot === 'russian' ? sentence.russian : sentence.spanish;
      const speak = (voice: string) =>
        deps.speechService.speakWith(userId, providers, {
          text,
          voiceId: voice,
          language,
          speed: settings.speechSpeed,
          intonationStyle: settings.intonationStyle,
          voiceStyle: settings.defaultVoiceStyle,
          isBackground: options.isBackground,
        });
      try {
        let clip;
        try {
          clip = await speak(voiceId);
        } catch (error) {
          if (!isProviderError(error) || providers.speech.resolve(voiceId, language).provider === 'builtin')
            throw error;
          clip = await speak(builtinVoiceFor(voiceId, language));
        }
        await deps.books.setSentenceClip(userId, sentence.id, slot, clip.audio, clip.voiceId);
        return { success: true, audio: clip.audio, cached: clip.cached, error: null };
      } catch (error) {
        if (error instanceof AppError) throw error;
        return { success: false, audio: null, cached: false, error: failureOf(error) };
      }
    },
  };
}
export type SentenceAudioService = ReturnType<typeof createSentenceAudioService>;
