import { ProviderError } from '../provider-error';
import type { SpeechLanguage, SpeechRequest, SpeechSynthesizer, SynthesizedSpeech } from '../speech';
import { BUILTIN_VOICE_PREFIX, BUILTIN_VOICES, resolveBuiltinVoice, toSpeechVoice } from './builtin-voices';
import { type SpeechQueue, SpeechWorkerPool } from './speech-worker-pool';
import { cleanTextForSpeech, MAX_SPOKEN_CHARACTERS } from './text-cleaner';

export const BUILTIN_SPEECH_MODEL = 'espeak-ng';

/** eSpeak's default is 175 wpm; a little slower suits learners and still sounds natural at speed 1. */
const WORDS_PER_MINUTE_AT_NORMAL_SPEED = 165;
const NORMAL_PITCH = 50;
const NORMAL_PITCH_RANGE = 50;

/**
 * eSpeak cannot act a style out, but pitch and pitch range (the melody's width) carry some of an intonation.
 * Offsets are small so every voice stays recognisably itself; unknown styles leave it as it is. The
 * learner's voice style is not among them: pitch alone does not make a voice calm or passionate, so the
 * built-in voices read without it (docs/product/providers.md#voice-style).
 */
const INTONATION: Record<string, { pitch: number; range: number }> = {
  'excited-female': { pitch: 12, range: 25 },
  'seductive-female': { pitch: -6, range: -15 },
  'lovingly-female': { pitch: 4, range: 10 },
  'dramatic-male': { pitch: -8, range: 20 },
};

/** The synthesis speeds the app offers are 0.75–1.2; anything else is a caller's slip, not a wish. */
const clampSpeed = (speed: number) => (Number.isFinite(speed) ? Math.min(2, Math.max(0.5, speed)) : 1);

/**
 * One pool per process, a worker per core: each loads the WASM module and its 24 MB of voice data on its
 * first job.
 */
let sharedQueue: SpeechQueue | undefined;

/** The process's synthesis pool, created on first use. */
export function builtinSpeechQueue(): SpeechQueue {
  sharedQueue ??= new SpeechWorkerPool();
  return sharedQueue;
}

export interface BuiltinSpeechSynthesizer extends SpeechSynthesizer {
  /**
   * The built-in voice that will really speak for `voiceId` in `language` (the same choice `synthesize`
   * makes), so the audio cache can be keyed by it before anything is synthesised.
   */
  voiceFor(voiceId: string, language: SpeechLanguage): string;
}

export function createBuiltinSpeech(
  queue: Pick<SpeechQueue, 'run'> = builtinSpeechQueue(),
): BuiltinSpeechSynthesizer {
  async function synthesize(request: SpeechRequest): Promise<SynthesizedSpeech> {
    const text = cleanTextForSpeech(request.text);
    if (!text) throw new ProviderError('provider_rejected', 'builtin', 'nothing to speak in the text');
    if (text.length > MAX_SPOKEN_CHARACTERS) {
      throw new ProviderError(
        'provider_rejected',
        'builtin',
        `text of ${text.length} characters is over the ${MAX_SPOKEN_CHARACTERS}-character limit`,
      );
    }
    const voice = resolveBuiltinVoice(request.voiceId, request.language);
    const style = request.intonationStyle ? INTONATION[request.intonationStyle] : undefined;
    const result = await queue.run(
      {
        text,
        espeakVoice: voice.espeakVoice,
        wordsPerMinute: WORDS_PER_MINUTE_AT_NORMAL_SPEED * clampSpeed(request.speed),
        pitch: NORMAL_PITCH + (style?.pitch ?? 0),
        pitchRange: NORMAL_PITCH_RANGE + (style?.range ?? 0),
      },
      request.signal,
      request.isBackground === true,
    );
    return { audio: result.mp3, mimeType: 'audio/mpeg', model: BUILTIN_SPEECH_MODEL };
  }

  return {
    provider: 'builtin',
    model: BUILTIN_SPEECH_MODEL,
    voiceFor: (voiceId, language) => resolveBuiltinVoice(voiceId, language).voiceId,
    ownsVoice: (voiceId) => voiceId.startsWith(BUILTIN_VOICE_PREFIX),
    listVoices: () => Promise.resolve(BUILTIN_VOICES.map(toSpeechVoice)),
    synthesize,
  };
}
