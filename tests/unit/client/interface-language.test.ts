import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { enCatalog, ruCatalog } from '../../../src/client/i18n/catalogs';
import { validityText } from '../../../src/client/lib/validity-text';
import { voiceDisplayName } from '../../../src/client/lib/voice-name';

// The real catalogues, in an instance of their own so the tests do not depend on the app's language.
const resources = { ru: { translation: ruCatalog }, en: { translation: enCatalog } };
const translators = {} as Record<'ru' | 'en', TFunction>;

beforeAll(async () => {
  for (const language of ['ru', 'en'] as const) {
    const instance = createInstance();
    await instance.init({ resources, lng: language, interpolation: { escapeValue: false } });
    translators[language] = instance.t;
  }
});

const CYRILLIC = /\p{Script=Cyrillic}/u;

describe('voiceDisplayName', () => {
  // What GET /api/elevenlabs/voices lists for a built-in voice (its name is the server's Russian one).
  const builtin = {
    name: 'Испанский (Испания), мужской',
    labels: { provider: 'builtin', offline: 'true', locale: 'es-ES', gender: 'male', language: 'es' },
  };

  it('names a built-in voice in the interface language', () => {
    expect(voiceDisplayName(translators.en, builtin)).toBe('Spanish (Spain), male');
    expect(voiceDisplayName(translators.ru, builtin)).toBe('Испанский (Испания), мужской');
    const latin = { name: 'x', labels: { provider: 'builtin', locale: 'es-419', gender: 'female' } };
    expect(voiceDisplayName(translators.en, latin)).toBe('Spanish (Latin America), female');
    const russian = { name: 'x', labels: { provider: 'builtin', locale: 'ru-RU', gender: 'female' } };
    expect(voiceDisplayName(translators.en, russian)).toBe('Russian, female');
    expect(voiceDisplayName(translators.ru, russian)).toBe('Русский, женский');
  });

  it('keeps a provider voice’s own name, and the server’s name for labels it does not know', () => {
    expect(voiceDisplayName(translators.en, { name: 'Lucía', labels: { provider: 'elevenlabs' } })).toBe(
      'Lucía',
    );
    const unknown = { name: 'Other', labels: { provider: 'builtin', locale: 'pt-BR', gender: 'male' } };
    expect(voiceDisplayName(translators.en, unknown)).toBe('Other');
  });
});

describe('validityText', () => {
  const field = (type: string, validity: Partial<ValidityState>, extra: object = {}) =>
    ({ type, validity: { valid: false, ...validity }, minLength: -1, maxLength: -1, ...extra }) as
      HTMLInputElement | HTMLTextAreaElement;

  it('words each refusal of the browser’s check in the interface language, never the browser’s', () => {
    const cases = [
      field('email', { valueMissing: true }),
      field('email', { typeMismatch: true }),
      field('url', { typeMismatch: true }),
      field('password', { tooShort: true }, { minLength: 6 }),
      field('number', { rangeUnderflow: true }, { min: '1', max: '5' }),
      field('number', { badInput: true }, { min: '', max: '' }),
    ];
    for (const refused of cases) {
      expect(validityText(translators.ru, refused)).toMatch(/^[^a-z]*\p{Script=Cyrillic}/iu);
      expect(validityText(translators.en, refused)).not.toMatch(CYRILLIC);
    }
    expect(validityText(translators.en, field('email', { typeMismatch: true }))).toBe(
      'Enter an email address, for example name@example.com.',
    );
    expect(validityText(translators.ru, field('password', { tooShort: true }, { minLength: 6 }))).toBe(
      'Введите не меньше 6 символов.',
    );
    expect(validityText(translators.en, field('url', { typeMismatch: true }))).toBe(
      'Enter an address that starts with http:// or https://.',
    );
  });
});
