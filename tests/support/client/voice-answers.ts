import { type Voice, voicesResponseSchema } from '../../../src/shared/api/providers';

/**
 * `GET /api/elevenlabs/voices` as the server answers it (src/server/modules/providers/providers.service.ts):
 * the keyed providers' voices first, then the six built-in ones, each in ElevenLabs' shape with the languages
 * it speaks. Names and labels as the server and the fake providers give them
 * (src/server/providers/builtin-speech/builtin-voices.ts, src/server/providers/openai/openai-speech.ts,
 * tests/support/fake-providers/elevenlabs.fake.ts).
 */

const builtin = (
  locale: 'es-ES' | 'es-419' | 'ru-RU',
  variant: string,
  gender: 'male' | 'female',
  name: string,
  accent: string,
): Voice => {
  const language = locale === 'ru-RU' ? 'ru' : 'es';
  return {
    voice_id: `builtin:${locale}-${variant}`,
    name,
    labels: { provider: 'builtin', offline: 'true', language, locale, accent, gender, engine: 'espeak-ng' },
    languages: [language],
  };
};

export const BUILTIN_VOICES: readonly Voice[] = voicesResponseSchema.parse([
  builtin('es-ES', 'm3', 'male', 'Испанский (Испания), мужской', 'spain'),
  builtin('es-419', 'f1', 'female', 'Испанский (Латинская Америка), женский', 'latin american'),
  builtin('es-ES', 'f3', 'female', 'Испанский (Испания), женский', 'spain'),
  builtin('es-419', 'm1', 'male', 'Испанский (Латинская Америка), мужской', 'latin american'),
  builtin('ru-RU', 'f3', 'female', 'Русский, женский', 'russian'),
  builtin('ru-RU', 'm3', 'male', 'Русский, мужской', 'russian'),
]);

/** Two of the nine OpenAI voices, which speak both languages. */
export const OPENAI_VOICES: readonly Voice[] = voicesResponseSchema.parse(
  (['alloy', 'nova'] as const).map((name) => ({
    voice_id: `openai:${name}`,
    name: `OpenAI ${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    labels: {
      provider: 'openai',
      gender: name === 'alloy' ? 'neutral' : 'female',
      language: 'multilingual',
      accent: 'multilingual',
    },
    languages: ['es', 'ru'],
  })),
);

/** Two voices of the fake ElevenLabs library: a Spanish one and an English one. */
export const ELEVENLABS_VOICES: readonly Voice[] = voicesResponseSchema.parse([
  {
    voice_id: 'gD1IexrzCvsXPHUuT0s3',
    name: 'Lucía',
    labels: {
      accent: 'peninsular',
      language: 'spanish',
      age: 'young',
      gender: 'female',
      description: 'warm',
      use_case: 'narrative_story',
      provider: 'elevenlabs',
      category: 'professional',
    },
    languages: ['es'],
  },
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    labels: {
      accent: 'american',
      description: 'calm',
      age: 'young',
      gender: 'female',
      use_case: 'narration',
      provider: 'elevenlabs',
      category: 'premade',
    },
    languages: [],
  },
]);
