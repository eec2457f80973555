import { checkAudio } from '../http/media-check';
import { retryPolicyOf, withRetries } from '../http/retry';
import type { SpeechRequest, SpeechSynthesizer, SpeechVoice, SynthesizedSpeech } from '../speech';
import { callSignal, createOpenAiClient, type OpenAiConnection, overallTimeout } from './openai-client';
import { fromOpenAiError } from './openai-errors';

const SPEECH_TIMEOUT_MS = 30_000;
const SPEECH_MODEL = 'gpt-4o-mini-tts';
const VOICE_PREFIX = 'openai:';

/** OpenAI's voices are multilingual; gender as their own descriptions give it. */
const OPENAI_VOICES = [
  { name: 'alloy', gender: 'neutral' },
  { name: 'ash', gender: 'male' },
  { name: 'coral', gender: 'female' },
  { name: 'echo', gender: 'male' },
  { name: 'fable', gender: 'male' },
  { name: 'nova', gender: 'female' },
  { name: 'onyx', gender: 'male' },
  { name: 'sage', gender: 'female' },
  { name: 'shimmer', gender: 'female' },
] as const;

/** How each intonation style is asked for; gpt-4o-mini-tts follows spoken-style instructions. */
const INSTRUCTIONS: Record<string, string> = {
  'excited-female': 'Speak with bright, excited energy.',
  'seductive-female': 'Speak softly, warmly and slowly.',
  'lovingly-female': 'Speak tenderly and kindly.',
  'dramatic-male': 'Speak with a deep, dramatic storyteller voice.',
};
/** The learner's voice style (docs/product/providers.md#voice-style), said after the intonation; neutral adds nothing. */
const VOICE_STYLE_INSTRUCTIONS: Record<string, string> = {
  passionate: 'Deliver it passionately, with conviction.',
  dramatic: 'Deliver it dramatically, with tension and weight.',
  calm: 'Deliver it calmly and evenly, unhurried.',
  excited: 'Deliver it with excitement.',
  professional: 'Deliver it clearly and professionally, like a newsreader.',
};

/** The `instructions` of one request: the language, then the intonation and the voice style asked for. */
function openAiSpeechInstructions(
  request: Pick<SpeechRequest, 'language' | 'intonationStyle' | 'voiceStyle'>,
): string {
  const language = request.language.startsWith('ru') ? 'Russian' : 'Spanish';
  return [
    `Read the text in ${language} with a native accent.`,
    request.intonationStyle ? INSTRUCTIONS[request.intonationStyle] : undefined,
    request.voiceStyle ? VOICE_STYLE_INSTRUCTIONS[request.voiceStyle] : undefined,
  ]
    .filter(Boolean)
    .join(' ');
}

export function createOpenAiSpeech(connection: OpenAiConnection): SpeechSynthesizer {
  const client = createOpenAiClient(connection);

  async function synthesizeOnce(request: SpeechRequest): Promise<SynthesizedSpeech> {
    const voice = request.voiceId.slice(VOICE_PREFIX.length);
    const overallMs = overallTimeout(connection, SPEECH_TIMEOUT_MS);
    const call = callSignal(request.signal, overallMs);
    const response = await client.audio.speech
      .create(
        {
          model: SPEECH_MODEL,
          voice,
          input: request.text,
          response_format: 'mp3',
          speed: request.speed,
          instructions: openAiSpeechInstructions(request),
        },
        { timeout: overallMs, signal: call.signal },
      )
      .catch((error: unknown) => {
        throw fromOpenAiError(error, request.signal, call.timedOut);
      });
    const bytes = await response.arrayBuffer().catch((error: unknown) => {
      throw fromOpenAiError(error, request.signal, call.timedOut);
    });
    // Asked for MP3: anything else (a JSON error under 200, a WAV) is not kept.
    const { audio, mimeType } = checkAudio('openai', Buffer.from(bytes), ['audio/mpeg']);
    return { audio, mimeType, model: SPEECH_MODEL };
  }

  return {
    provider: 'openai',
    model: SPEECH_MODEL,
    ownsVoice: (voiceId) => voiceId.startsWith(VOICE_PREFIX),
    listVoices: () =>
      Promise.resolve(
        OPENAI_VOICES.map((voice): SpeechVoice => ({
          voiceId: VOICE_PREFIX + voice.name,
          name: `OpenAI ${voice.name.charAt(0).toUpperCase()}${voice.name.slice(1)}`,
          labels: {
            provider: 'openai',
            gender: voice.gender,
            language: 'multilingual',
            accent: 'multilingual',
          },
          languages: ['es', 'ru'],
          provider: 'openai',
        })),
      ),
    synthesize: (request) =>
      withRetries(() => synthesizeOnce(request), retryPolicyOf(connection), request.signal),
  };
}
