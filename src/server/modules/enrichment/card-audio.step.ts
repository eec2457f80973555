import type { CardAudio } from '../../../shared/api/learn';
import type { Settings } from '../../../shared/api/settings';
import { type CardVoices, effectiveCardVoices } from '../../../shared/catalogs/card-voices';
import { type CardSpeechSource, cardSpokenTexts } from '../../../shared/text/spoken-text';
import { type Limiter, unbounded } from '../../lib/concurrency';
import { resolveBuiltinVoice } from '../../providers/builtin-speech/builtin-voices';
import { isProviderError } from '../../providers/provider-error';
import type { ProviderSet } from '../../providers/provider-set';
import type { SpeechLanguage } from '../../providers/speech';
import type { SpeechService } from '../speech/speech.service';

/**
 * A word's card audio, made the same way by the upload, the dictionary's regenerate actions and Learn
 * (docs/product/upload.md#stages, stage 8).
 */

export type { CardVoices } from '../../../shared/catalogs/card-voices';

/**
 * The three card voices (docs/product/providers.md#card-voices): the shared rule Settings shows too, over
 * the learner's voice list.
 */
export async function cardVoices(
  providers: ProviderSet,
  chosenSpanish: string[],
  chosenRussian: string | null,
): Promise<CardVoices> {
  const { voices } = await providers.speech.listVoices();
  return effectiveCardVoices(voices, chosenSpanish, chosenRussian);
}

export type CardAudioSlot = keyof CardAudio;
/** In the order the card plays them: first Spanish voice, Russian voice, second Spanish voice. */
export const CARD_AUDIO_SLOTS: readonly CardAudioSlot[] = [
  'audioData',
  'russianAudioData',
  'secondVoiceAudioData',
];

/** The built-in voice that speaks for `voiceId` in `language` when its own provider cannot. */
export const builtinVoiceFor = (voiceId: string, language: SpeechLanguage) =>
  resolveBuiltinVoice(voiceId, language).voiceId;

/** How a clip is made when its voice's provider fails (docs/product/providers.md#fallback). */
export interface ClipFallback {
  /** The slots that fall back to the built-in voice; the others are left null. Default: all. */
  slots?: readonly CardAudioSlot[] | undefined;
  /**
   * Providers that failed already in this run: their voices are not asked again, the built-in voice
   * speaks at once. A failure adds its provider, unless the provider refused only that request.
   */
  failedProviders?: { has(provider: string): boolean; add(provider: string): unknown } | undefined;
}

/**
 * The card's default text (the example when there is one, else the word) in the three voices, through
 * the audio cache. Each clip succeeds or fails on its own; a failure is reported and leaves that clip null.
 * `slots` limits the work to those clips (a card that has the others already); the rest answer null.
 * `leavesBuiltinClips`: a clip the built-in voice would speak is not made now but left null, for on
 * demand (docs/product/upload.md#built-in-clips-on-demand). `fallback`: a clip whose provider fails is
 * spoken by the built-in voice of its language instead, and the failure is still reported.
 */
export async function speakCard(
  deps: {
    speechService: SpeechService;
    userId: string;
    providers: ProviderSet;
    voices: CardVoices;
    settings: Pick<Settings, 'speechSpeed' | 'intonationStyle' | 'defaultVoiceStyle'>;
    limiter?: Limiter | undefined;
    onError: (error: unknown) => void;
    /** A job's clips, made ahead of need: they let every clip a learner waits for go first. */
    isBackground?: boolean | undefined;
  },
  card: CardSpeechSource,
  options: {
    wordId?: number | undefined;
    isForced?: boolean | undefined;
    slots?: readonly CardAudioSlot[] | undefined;
    leavesBuiltinClips?: boolean | undefined;
    fallback?: ClipFallback | undefined;
  } = {},
): Promise<CardAudio> {
  const limiter = deps.limiter ?? unbounded;
  const { spanish: spanishText, russian: russianText } = cardSpokenTexts(card);
  const { fallback } = options;
  const synthesize = (text: string, voiceId: string, language: SpeechLanguage) =>
    limiter(async () => {
      const clip = await deps.speechService.speakWith(deps.userId, deps.providers, {
        text,
        voiceId,
        language,
        speed: deps.settings.speechSpeed,
        intonationStyle: deps.settings.intonationStyle,
        voiceStyle: deps.settings.defaultVoiceStyle,
        wordId: options.wordId,
        isForced: options.isForced,
        isBackground: deps.isBackground,
      });
      return clip.audio;
    });
  const speak = async (slot: CardAudioSlot, text: string, voiceId: string, language: SpeechLanguage) => {
    const { provider } = deps.providers.speech.resolve(voiceId, language);
    if (provider === 'builtin' && options.leavesBuiltinClips) return null;
    const fallsBack =
      fallback !== undefined && provider !== 'builtin' && (fallback.slots ?? CARD_AUDIO_SLOTS).includes(slot);
    try {
      if (fallsBack && fallback.failedProviders?.has(provider)) {
        return await synthesize(text, builtinVoiceFor(voiceId, language), language);
      }
      return await synthesize(text, voiceId, language);
    } catch (error) {
      deps.onError(error);
      if (!fallsBack || !isProviderError(error)) return null;
      if (error.code !== 'provider_rejected') fallback.failedProviders?.add(provider);
      try {
        return await synthesize(text, builtinVoiceFor(voiceId, language), language);
      } catch (builtinError) {
        deps.onError(builtinError);
        return null;
      }
    }
  };
  const wanted = (slot: CardAudioSlot) => options.slots?.includes(slot) ?? true;
  const [audioData, russianAudioData, secondVoiceAudioData] = await Promise.all([
    wanted('audioData') ? speak('audioData', spanishText, deps.voices.firstSpanish, 'es-MX') : null,
    wanted('russianAudioData') && russianText
      ? speak('russianAudioData', russianText, deps.voices.russian, 'ru-RU')
      : null,
    wanted('secondVoiceAudioData')
      ? speak('secondVoiceAudioData', spanishText, deps.voices.secondSpanish, 'es-MX')
      : null,
  ]);
  return { audioData, russianAudioData, secondVoiceAudioData };
}
