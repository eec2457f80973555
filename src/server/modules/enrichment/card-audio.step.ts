import type { CardAudio } from '../../../shared/api/learn';
import type { Settings } from '../../../shared/api/settings';
import { type CardSpeechSource, cardSpokenTexts } from '../../../shared/text/spoken-text';
import { type Limiter, unbounded } from '../../lib/concurrency';
import type { ProviderSet } from '../../providers/provider-set';
import type { SpeechService } from '../speech/speech.service';

/**
 * A word's card audio, made the same way by the upload, the dictionary's regenerate actions and Learn
 * (docs/product/upload.md#stages, stage 8).
 */

export interface CardVoices {
  firstSpanish: string;
  secondSpanish: string;
  russian: string;
}

/**
 * The three card voices: the learner's choice, else the first voices that speak the language, keyed providers
 * before the offline ones (docs/product/providers.md#built-in-voices), so the two Spanish voices always
 * differ.
 */
export async function cardVoices(
  providers: ProviderSet,
  chosenSpanish: string[],
  chosenRussian: string | null,
): Promise<CardVoices> {
  const { voices } = await providers.speech.listVoices();
  const speaking = (language: 'es' | 'ru') =>
    voices.filter((voice) => voice.languages.includes(language)).map((voice) => voice.voiceId);
  const spanish = [...chosenSpanish, ...speaking('es').filter((voice) => !chosenSpanish.includes(voice))];
  return {
    firstSpanish: spanish[0] ?? '',
    secondSpanish: spanish[1] ?? spanish[0] ?? '',
    russian: chosenRussian ?? speaking('ru')[0] ?? '',
  };
}

export type CardAudioSlot = keyof CardAudio;
/** In the order the card plays them: first Spanish voice, Russian voice, second Spanish voice. */
export const CARD_AUDIO_SLOTS: readonly CardAudioSlot[] = [
  'audioData',
  'russianAudioData',
  'secondVoiceAudioData',
];

/**
 * The card's default text (the example when there is one, else the word) in the three voices, through
 * the audio cache. Each clip succeeds or fails on its own; a failure is reported and leaves that clip null.
 * `slots` limits the work to those clips (a card that has the others already); the rest answer null.
 */
export async function speakCard(
  deps: {
    speechService: SpeechService;
    userId: string;
    providers: ProviderSet;
    voices: CardVoices;
    settings: Pick<Settings, 'speechSpeed' | 'intonationStyle'>;
    limiter?: Limiter | undefined;
    onError: (error: unknown) => void;
  },
  card: CardSpeechSource,
  options: {
    wordId?: number | undefined;
    isForced?: boolean | undefined;
    slots?: readonly CardAudioSlot[] | undefined;
  } = {},
): Promise<CardAudio> {
  const limiter = deps.limiter ?? unbounded;
  const { spanish: spanishText, russian: russianText } = cardSpokenTexts(card);
  const speak = (text: string, voiceId: string, language: 'es-MX' | 'ru-RU') =>
    limiter(async () => {
      try {
        const clip = await deps.speechService.speakWith(deps.userId, deps.providers, {
          text,
          voiceId,
          language,
          speed: deps.settings.speechSpeed,
          intonationStyle: deps.settings.intonationStyle,
          wordId: options.wordId,
          isForced: options.isForced,
        });
        return clip.audio;
      } catch (error) {
        deps.onError(error);
        return null;
      }
    });
  const wanted = (slot: CardAudioSlot) => options.slots?.includes(slot) ?? true;
  const [audioData, russianAudioData, secondVoiceAudioData] = await Promise.all([
    wanted('audioData') ? speak(spanishText, deps.voices.firstSpanish, 'es-MX') : null,
    wanted('russianAudioData') && russianText ? speak(russianText, deps.voices.russian, 'ru-RU') : null,
    wanted('secondVoiceAudioData') ? speak(spanishText, deps.voices.secondSpanish, 'es-MX') : null,
  ]);
  return { audioData, russianAudioData, secondVoiceAudioData };
}
