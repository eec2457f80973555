import type { Voice } from '../../../../shared/api/providers';
import { type CardVoices, effectiveCardVoices } from '../../../../shared/catalogs/card-voices';
import { expressesVoiceStyle } from '../../../../shared/catalogs/voices';

/**
 * Which voices the Audio tab offers for Spanish and for Russian (docs/product/settings.md#voice-filters,
 * docs/product/providers.md#built-in-voices).
 * `/api/elevenlabs/voices` lists ElevenLabs voices, OpenAI voices (`provider: 'openai'`, multilingual)
 * and the built-in offline voices (`offline: 'true'`, `provider: 'builtin'`, `language: 'es' | 'ru'`).
 */

export type VoiceProvider = 'elevenlabs' | 'openai' | 'builtin';

/**
 * The spec fixes a whitelist of four ids per language without listing them (they were the original
 * product's library voices). Ours holds the built-in voices: their ids are ours, so they stay right even
 * if their labels change. There are four built-in Spanish voices but only two Russian ones.
 */
export const SPANISH_VOICE_WHITELIST: readonly string[] = [
  'builtin:es-ES-m3',
  'builtin:es-419-f1',
  'builtin:es-ES-f3',
  'builtin:es-419-m1',
];
export const RUSSIAN_VOICE_WHITELIST: readonly string[] = ['builtin:ru-RU-f3', 'builtin:ru-RU-m3'];

/** Words and names that betray a Spanish voice, matched against the lower-cased name. */
const SPANISH_NAME_WORDS = [
  'spanish',
  'español',
  'espanol',
  'castellano',
  'castilian',
  'испан',
  // Voice names from ElevenLabs' Spanish library.
  'lucía',
  'lucia',
  'mateo',
  'valentina',
  'diego',
  'alejandro',
  'sofía',
  'camila',
  'santiago',
  'javier',
];
/** Spanish dialects as ElevenLabs writes them in the `accent` label. */
const SPANISH_LABEL_WORDS = [
  'spanish',
  'español',
  'espanol',
  'castilian',
  'castellano',
  'peninsular',
  'mexican',
  'argentin',
  'colombian',
  'chilean',
  'испан',
];
const RUSSIAN_NAME_WORDS = [
  'russian',
  'русск',
  'dmitri',
  'dmitry',
  'anastasia',
  'natasha',
  'nikolai',
  'sergei',
  'svetlana',
  'ivan',
  'olga',
];
const RUSSIAN_LABEL_WORDS = ['russian', 'русск'];
const UKRAINIAN_WORDS = ['ukrain', 'украин', 'україн'];

/** Labels that hold a language or locale code ('es', 'es-MX', 'ru', 'uk-UA'). */
const CODE_LABELS = new Set(['language', 'locale', 'lang']);

const lower = (text: string) => text.toLocaleLowerCase('en');
const containsAny = (text: string, words: readonly string[]) => words.some((word) => text.includes(word));

function hasLanguageCode(voice: Voice, code: string): boolean {
  return Object.entries(voice.labels).some(([key, value]) => {
    if (!CODE_LABELS.has(lower(key))) return false;
    const normalized = lower(value.trim());
    return normalized === code || normalized.startsWith(`${code}-`) || normalized.startsWith(`${code}_`);
  });
}

const labelValues = (voice: Voice) => Object.values(voice.labels).map(lower);

export function voiceProviderOf(voice: Voice): VoiceProvider {
  const provider = voice.labels.provider;
  if (voice.labels.offline === 'true' || provider === 'builtin' || voice.voice_id.startsWith('builtin:'))
    return 'builtin';
  if (provider === 'openai' || voice.voice_id.startsWith('openai:')) return 'openai';
  return 'elevenlabs';
}

export const isOfflineVoice = (voice: Voice) => voiceProviderOf(voice) === 'builtin';

/** OpenAI voices speak every language, so both lists offer them. */
const isMultilingual = (voice: Voice) =>
  voiceProviderOf(voice) === 'openai' || labelValues(voice).includes('multilingual');

export function isUkrainianVoice(voice: Voice): boolean {
  return (
    containsAny(lower(voice.name), UKRAINIAN_WORDS) ||
    labelValues(voice).some((value) => containsAny(value, UKRAINIAN_WORDS)) ||
    hasLanguageCode(voice, 'uk')
  );
}

export function isSpanishVoice(voice: Voice): boolean {
  if (isUkrainianVoice(voice)) return false;
  return (
    SPANISH_VOICE_WHITELIST.includes(voice.voice_id) ||
    containsAny(lower(voice.name), SPANISH_NAME_WORDS) ||
    labelValues(voice).some((value) => containsAny(value, SPANISH_LABEL_WORDS)) ||
    hasLanguageCode(voice, 'es') ||
    isMultilingual(voice)
  );
}

export function isRussianVoice(voice: Voice): boolean {
  if (isUkrainianVoice(voice)) return false;
  return (
    RUSSIAN_VOICE_WHITELIST.includes(voice.voice_id) ||
    containsAny(lower(voice.name), RUSSIAN_NAME_WORDS) ||
    labelValues(voice).some((value) => containsAny(value, RUSSIAN_LABEL_WORDS)) ||
    hasLanguageCode(voice, 'ru') ||
    isMultilingual(voice)
  );
}

export interface VoiceOption {
  voice: Voice;
  provider: VoiceProvider;
  isOffline: boolean;
  isRecommended: boolean;
}

/** A language stated outright in the labels, not guessed from a name: what "verified" means here. */
function hasVerifiedLanguage(voice: Voice, language: 'es' | 'ru'): boolean {
  const words = language === 'es' ? SPANISH_LABEL_WORDS : RUSSIAN_LABEL_WORDS;
  return (
    hasLanguageCode(voice, language) ||
    Object.entries(voice.labels).some(
      ([key, value]) => (key === 'language' || key === 'accent') && containsAny(lower(value), words),
    )
  );
}

const PROVIDER_ORDER: Record<VoiceProvider, number> = { elevenlabs: 0, openai: 1, builtin: 2 };

/**
 * D5: ElevenLabs voices come first and those with a stated language are recommended. Without any such
 * voice (no key), the first built-in voices are recommended instead, `fallbackCount` of them: the server
 * orders them so that the first two Spanish ones differ in accent and gender.
 */
function toOptions(
  voices: readonly Voice[],
  language: 'es' | 'ru',
  keep: (voice: Voice) => boolean,
  fallbackCount: number,
): VoiceOption[] {
  const kept = voices
    .filter(keep)
    .map((voice) => ({ voice, provider: voiceProviderOf(voice) }))
    // Array.prototype.sort is stable, so the server's order survives within a provider.
    .sort((a, b) => PROVIDER_ORDER[a.provider] - PROVIDER_ORDER[b.provider]);
  const isVerifiedLibraryVoice = (option: { voice: Voice; provider: VoiceProvider }) =>
    option.provider === 'elevenlabs' &&
    (hasVerifiedLanguage(option.voice, language) ||
      (language === 'es' ? SPANISH_VOICE_WHITELIST : RUSSIAN_VOICE_WHITELIST).includes(
        option.voice.voice_id,
      ));
  const hasLibraryRecommendation = kept.some(isVerifiedLibraryVoice);
  const fallbackIds = new Set(
    kept
      .filter((option) => option.provider === 'builtin')
      .slice(0, fallbackCount)
      .map((option) => option.voice.voice_id),
  );
  return kept.map((option) => ({
    ...option,
    isOffline: option.provider === 'builtin',
    isRecommended: hasLibraryRecommendation
      ? isVerifiedLibraryVoice(option)
      : fallbackIds.has(option.voice.voice_id),
  }));
}

export const spanishVoiceOptions = (voices: readonly Voice[]) => toOptions(voices, 'es', isSpanishVoice, 2);
export const russianVoiceOptions = (voices: readonly Voice[]) => toOptions(voices, 'ru', isRussianVoice, 1);

/** The Select value that stands for "no voice": Radix Select reserves the empty string. */
export const NO_VOICE = 'none';

export type SpanishVoiceSlot = 0 | 1;

/** [main, second] as the selectors show them; a missing entry is null. */
export function spanishVoiceSlots(spanishVoices: readonly string[]): [string | null, string | null] {
  return [spanishVoices[0] ?? null, spanishVoices[1] ?? null];
}

/**
 * The voices the learner's cards are spoken in (docs/product/providers.md#card-voices): the same rule the
 * server makes the clips with, over the same list, so the Audio tab shows as chosen what Learn plays.
 */
export const cardVoicesOf = (
  voices: readonly Voice[],
  settings: { spanishVoices: readonly string[]; russianVoice: string | null },
): CardVoices =>
  effectiveCardVoices(
    voices.map((voice) => ({ voiceId: voice.voice_id, languages: voice.languages ?? [] })),
    settings.spanishVoices,
    settings.russianVoice,
  );

/**
 * The list to save after choosing `voiceId` (or NO_VOICE / null, the automatic voice) for a slot. Empty
 * entries are dropped (docs/product/settings.md#voice-filters), so clearing the main voice makes the second
 * one the main one. A second voice chosen while the main one is automatic keeps the automatic main voice
 * (`automaticMain`) in front of it, so the main voice the learner saw does not change.
 */
export function withSpanishVoice(
  spanishVoices: readonly string[],
  slot: SpanishVoiceSlot,
  voiceId: string | null,
  automaticMain: string | null = null,
): string[] {
  const slots = spanishVoiceSlots(spanishVoices);
  slots[slot] = voiceId === NO_VOICE ? null : voiceId;
  if (slot === 1 && slots[0] === null && slots[1] !== null && automaticMain) slots[0] = automaticMain;
  return slots.filter((id): id is string => id !== null && id.trim() !== '');
}

/** The Russian voice to save for a Select value. */
export const russianVoiceFromSelect = (value: string): string | null => (value === NO_VOICE ? null : value);

/**
 * Whether the learner's voice style is heard (docs/product/providers.md#voice-style): some voice their cards
 * are spoken in belongs to a provider that acts a style out. A voice the list no longer offers (its key was
 * removed) is spoken by a built-in voice, which does not.
 */
export function isVoiceStyleHeard(
  voices: readonly Voice[],
  settings: { spanishVoices: readonly string[]; russianVoice: string | null },
): boolean {
  const chosen = cardVoicesOf(voices, settings);
  return [chosen.firstSpanish, chosen.secondSpanish, chosen.russian].some((voiceId) => {
    const listed = voices.find((voice) => voice.voice_id === voiceId);
    return listed !== undefined && expressesVoiceStyle(voiceProviderOf(listed));
  });
}
