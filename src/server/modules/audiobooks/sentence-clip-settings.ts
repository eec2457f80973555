import type { SpeechLanguage, SpeechProviderName } from '../../providers/speech';
import type { SentenceClipSlot, SentenceRow } from './audiobooks.repository';

/**
 * The settings a sentence's clip is made with, and the rule that tells a clip made with other settings
 * than the learner's current ones (docs/product/audiobooks.md#clips-and-the-learners-settings).
 */
export interface ClipSettings {
  /** The voice that really spoke: the provider's id, or the built-in voice that stood in. */
  voiceId: string;
  speed: number;
  /** The delivery: the intonation, and the voice style after a `+` where the provider acts it out. */
  intonationStyle: string;
  model: string;
}

/** What a clip of a slot would be made with now: the learner's voice, speed and intonation. */
export interface ClipTarget {
  slot: SentenceClipSlot;
  language: SpeechLanguage;
  /** The voice as the learner's settings name it, to ask the speech service with. */
  requestedVoiceId: string;
  /** The same, resolved: who speaks it and with which model. */
  settings: ClipSettings;
  provider: SpeechProviderName;
  /** The intonation and voice style as the learner chose them, to ask the speech service with. */
  spoken: { intonationStyle: string; voiceStyle: string };
}

export const SENTENCE_CLIP_SLOTS: readonly SentenceClipSlot[] = ['main', 'second', 'russian'];

/** The columns each slot keeps its clip and its settings in. */
export const CLIP_COLUMNS = {
  main: {
    audio: 'audioData',
    voiceId: 'mainVoiceId',
    speed: 'speechSpeed',
    intonationStyle: 'intonationStyle',
    model: 'model',
  },
  second: {
    audio: 'secondVoiceAudioData',
    voiceId: 'secondVoiceId',
    speed: 'secondVoiceSpeechSpeed',
    intonationStyle: 'secondVoiceIntonationStyle',
    model: 'secondVoiceModel',
  },
  russian: {
    audio: 'russianAudioData',
    voiceId: 'russianVoiceId',
    speed: 'russianSpeechSpeed',
    intonationStyle: 'russianIntonationStyle',
    model: 'russianModel',
  },
} as const satisfies Record<SentenceClipSlot, Record<'audio' | keyof ClipSettings, keyof SentenceRow>>;

/** The row's columns for a clip of `slot` made with `settings` (null: the clip and its settings cleared). */
export function clipColumns(slot: SentenceClipSlot, audio: string | null, settings: ClipSettings | null) {
  const columns = CLIP_COLUMNS[slot];
  return {
    [columns.audio]: audio,
    [columns.voiceId]: settings?.voiceId ?? null,
    [columns.speed]: settings?.speed ?? null,
    [columns.intonationStyle]: settings?.intonationStyle ?? null,
    [columns.model]: settings?.model ?? null,
  } as Partial<SentenceRow>;
}

/** The settings the sentence's clip of `slot` was made with; null when they were not all recorded. */
export function storedClipSettings(sentence: SentenceRow, slot: SentenceClipSlot): ClipSettings | null {
  const columns = CLIP_COLUMNS[slot];
  const voiceId = sentence[columns.voiceId];
  const speed = sentence[columns.speed];
  const intonationStyle = sentence[columns.intonationStyle];
  const model = sentence[columns.model];
  if (voiceId === null || speed === null || intonationStyle === null || model === null) return null;
  return { voiceId, speed, intonationStyle, model };
}

/**
 * Whether a clip made with `stored` is what the learner's settings would make now. A clip that records no
 * settings (made before clips kept them, or brought by a restore) cannot be judged and is kept as it is:
 * remaking every such clip at once would redo a whole library after an update. Speeds are compared as the
 * `real` columns keep them (single precision), so 1.1 read back still equals 1.1.
 */
export function isCurrentClip(stored: ClipSettings | null, target: ClipSettings): boolean {
  if (stored === null) return true;
  return (
    stored.voiceId === target.voiceId &&
    Math.fround(stored.speed) === Math.fround(target.speed) &&
    stored.intonationStyle === target.intonationStyle &&
    stored.model === target.model
  );
}
