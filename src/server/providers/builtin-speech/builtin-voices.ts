import type { SpeechLanguage, SpeechVoice } from '../speech';

export const BUILTIN_VOICE_PREFIX = 'builtin:';

type Gender = 'male' | 'female';

export interface BuiltinVoice {
  voiceId: string;
  name: string;
  language: 'es' | 'ru';
  /** Our locale for the voice; es-419 is eSpeak's (and BCP 47's) Latin American Spanish. */
  locale: 'es-ES' | 'es-419' | 'ru-RU';
  accent: string;
  gender: Gender;
  /** eSpeak language plus a variant from espeak-ng-data/voices/!v, which changes pitch and formants. */
  espeakVoice: string;
}

const voice = (
  locale: BuiltinVoice['locale'],
  variant: string,
  gender: Gender,
  name: string,
  accent: string,
): BuiltinVoice => ({
  voiceId: `${BUILTIN_VOICE_PREFIX}${locale}-${variant}`,
  name,
  language: locale === 'ru-RU' ? 'ru' : 'es',
  locale,
  accent,
  gender,
  espeakVoice: `${locale === 'ru-RU' ? 'ru' : locale === 'es-ES' ? 'es' : 'es-419'}+${variant}`,
});

/**
 * Ordered so that whoever takes "the first Spanish voice" and "the second Spanish voice" (the card audio of
 * docs/product/upload.md#stages) gets two that differ in both accent and gender. The first voice of each
 * locale is that locale's default.
 */
export const BUILTIN_VOICES: readonly BuiltinVoice[] = [
  voice('es-ES', 'm3', 'male', 'Испанский (Испания), мужской', 'spain'),
  voice('es-419', 'f1', 'female', 'Испанский (Латинская Америка), женский', 'latin american'),
  voice('es-ES', 'f3', 'female', 'Испанский (Испания), женский', 'spain'),
  voice('es-419', 'm1', 'male', 'Испанский (Латинская Америка), мужской', 'latin american'),
  voice('ru-RU', 'f3', 'female', 'Русский, женский', 'russian'),
  voice('ru-RU', 'm3', 'male', 'Русский, мужской', 'russian'),
];

export function toSpeechVoice(builtin: BuiltinVoice): SpeechVoice {
  return {
    voiceId: builtin.voiceId,
    name: builtin.name,
    labels: {
      provider: 'builtin',
      offline: 'true',
      language: builtin.language,
      locale: builtin.locale,
      accent: builtin.accent,
      gender: builtin.gender,
      engine: 'espeak-ng',
    },
    languages: [builtin.language],
    provider: 'builtin',
  };
}

const LOCALE_OF: Record<SpeechLanguage, BuiltinVoice['locale']> = {
  'es-ES': 'es-ES',
  'es-MX': 'es-419',
  'ru-RU': 'ru-RU',
};

/**
 * The voice that speaks `language`: the requested one when it is ours and speaks that language, otherwise
 * one of the requested language, keeping the requested voice's gender when it is known. A Spanish voice
 * asked to read Russian would spell out Cyrillic letter by letter, so language wins over the voice id.
 */
export function resolveBuiltinVoice(voiceId: string, language: SpeechLanguage): BuiltinVoice {
  const locale = LOCALE_OF[language];
  const languageCode = locale === 'ru-RU' ? 'ru' : 'es';
  const requested = BUILTIN_VOICES.find((candidate) => candidate.voiceId === voiceId);
  if (requested?.language === languageCode) return requested;

  const ofLocale = BUILTIN_VOICES.filter((candidate) => candidate.locale === locale);
  const sameGender = requested && ofLocale.find((candidate) => candidate.gender === requested.gender);
  const fallback = sameGender ?? ofLocale[0];
  if (!fallback) throw new Error(`no built-in voice for ${language}`);
  return fallback;
}
