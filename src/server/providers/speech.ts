/** The speech languages the app speaks: Spanish (Latin America and Spain) and Russian. */
export const SPEECH_LANGUAGES = ['es-MX', 'es-ES', 'ru-RU'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

export type SpeechProviderName = 'elevenlabs' | 'openai' | 'builtin';

export interface SpeechVoice {
  /** Unique across providers: ElevenLabs ids as they are, others prefixed (`builtin:…`, `openai:…`). */
  voiceId: string;
  name: string;
  /** Free-form labels as ElevenLabs gives them (accent, gender, language, …); offline voices carry `offline: 'true'`. */
  labels: Record<string, string>;
  /** Which of our languages the voice speaks well. */
  languages: Array<'es' | 'ru'>;
  provider: SpeechProviderName;
}

export interface SpeechRequest {
  text: string;
  voiceId: string;
  language: SpeechLanguage;
  /** 0.75–1.2, 1 is normal. */
  speed: number;
  /** One of INTONATION_STYLES; a provider that cannot act it out ignores it. */
  intonationStyle?: string | undefined;
  /**
   * One of VOICE_STYLES, the learner's `defaultVoiceStyle`, on top of the intonation: ElevenLabs and OpenAI
   * act it out, the built-in voices cannot (docs/product/providers.md#voice-style).
   */
  voiceStyle?: string | undefined;
  signal?: AbortSignal | undefined;
  /**
   * A clip made ahead of need (a job's thousands): a provider with a queue of its own lets every clip a
   * learner is waiting for go first (docs/product/upload.md#built-in-clips-on-demand).
   */
  isBackground?: boolean | undefined;
}

export interface SynthesizedSpeech {
  audio: Buffer;
  mimeType: 'audio/mpeg';
  /** Recorded in the audio cache key (D9), so a clip from another model is not reused. */
  model: string;
}

export interface SpeechSynthesizer {
  readonly provider: SpeechProviderName;
  /** The model its clips are made with, part of the audio cache key (D9). */
  readonly model: string;
  listVoices(signal?: AbortSignal): Promise<SpeechVoice[]>;
  /** Whether this synthesiser speaks with that voice id. */
  ownsVoice(voiceId: string): boolean;
  synthesize(request: SpeechRequest): Promise<SynthesizedSpeech>;
}
