/**
 * Voice and playback constants of docs/product/settings.md#audio-tab, docs/product/learn.md#card,
 * docs/product/settings.md#defaults, docs/product/audiobooks.md#library.
 */

export const INTONATION_STYLES = [
  'excited-female',
  'seductive-female',
  'lovingly-female',
  'dramatic-male',
] as const;

export const VOICE_STYLES = ['neutral', 'passionate', 'dramatic', 'calm', 'excited', 'professional'] as const;
export type VoiceStyle = (typeof VOICE_STYLES)[number];
/**
 * The speech providers that can act a voice style out (docs/product/providers.md#voice-style): ElevenLabs
 * through its stability and style dials, OpenAI through gpt-4o-mini-tts's instructions. The built-in voices
 * read every style alike.
 */
export const VOICE_STYLE_PROVIDERS = ['elevenlabs', 'openai'] as const;
export const expressesVoiceStyle = (provider: string): boolean =>
  (VOICE_STYLE_PROVIDERS as readonly string[]).includes(provider);

export const SPEECH_SPEEDS = [0.75, 0.8, 0.9, 1.0, 1.1, 1.2] as const;
export const LOOP_PLAY_ALL_OPTIONS = [0, 1, 2, 5, 10, 20] as const;
/** Seconds of silence after each card of Learn's play-all (docs/product/settings.md#play-all-delay). */
export const PLAY_ALL_DELAYS = [0, 1, 2, 3, 5, 10] as const;
export const AUTOMATIC_BILINGUAL_MODES = ['disabled', 'warning', 'safe', 'auto'] as const;
export const AUDIO_SWITCH_BEHAVIORS = ['stop', 'continue'] as const;
