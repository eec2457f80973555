import { describe, expect, it } from 'vitest';
import {
  BUILTIN_VOICES,
  resolveBuiltinVoice,
} from '../../../src/server/providers/builtin-speech/builtin-voices';
import { cleanTextForSpeech } from '../../../src/server/providers/builtin-speech/text-cleaner';

describe('resolveBuiltinVoice', () => {
  it('keeps a known voice that speaks the requested language', () => {
    expect(resolveBuiltinVoice('builtin:es-419-m1', 'es-MX').espeakVoice).toBe('es-419+m1');
    expect(resolveBuiltinVoice('builtin:es-ES-f3', 'es-ES').espeakVoice).toBe('es+f3');
    expect(resolveBuiltinVoice('builtin:ru-RU-m3', 'ru-RU').espeakVoice).toBe('ru+m3');
  });

  it.each([
    ['ru-RU', 'ru'],
    ['es-MX', 'es-419'],
    ['es-ES', 'es'],
  ] as const)('falls back for an unknown id to a default voice of %s', (language, espeakLanguage) => {
    for (const voiceId of ['builtin:nope', 'builtin:', 'openai:alloy']) {
      expect(resolveBuiltinVoice(voiceId, language).espeakVoice.split('+')[0]).toBe(espeakLanguage);
    }
  });

  it('swaps a voice of the wrong language for one of the right language and the same gender', () => {
    const russianForSpanishMale = resolveBuiltinVoice('builtin:es-ES-m3', 'ru-RU');
    expect(russianForSpanishMale).toMatchObject({ language: 'ru', gender: 'male' });
    const spanishForRussianFemale = resolveBuiltinVoice('builtin:ru-RU-f3', 'es-MX');
    expect(spanishForRussianFemale).toMatchObject({ locale: 'es-419', gender: 'female' });
  });

  it('maps every catalogued voice onto an eSpeak language and variant of its own locale', () => {
    const expectedLanguage = { 'es-ES': 'es', 'es-419': 'es-419', 'ru-RU': 'ru' } as const;
    for (const voice of BUILTIN_VOICES) {
      const [language, variant] = voice.espeakVoice.split('+');
      expect(language).toBe(expectedLanguage[voice.locale]);
      expect(variant?.[0]).toBe(voice.gender === 'male' ? 'm' : 'f');
    }
    expect(new Set(BUILTIN_VOICES.map((voice) => voice.espeakVoice)).size).toBe(BUILTIN_VOICES.length);
  });
});

describe('cleanTextForSpeech', () => {
  it.each([
    ['El **perro** come.', 'El perro come'],
    ['🐶 El perro 🐕‍🦺 come 👍🏽!', 'El perro come!'],
    ['Я люблю 🇪🇸 Испанию ❤️', 'Я люблю Испанию'],
    ['  una\n\tlínea   ', 'una línea'],
    ['Rellena el hueco: ___, por favor', 'Rellena el hueco:, por favor'],
    ['¿Qué tal?', '¿Qué tal?'],
    ['Tengo 3 gatos...', 'Tengo 3 gatos'],
  ])('%j → %j', (input, expected) => {
    expect(cleanTextForSpeech(input)).toBe(expected);
  });

  it('composes decomposed accents so eSpeak sees one letter', () => {
    expect(cleanTextForSpeech('cafe\u0301')).toBe('café');
  });

  it.each(['', '   ', '****', '🎉🎉', '... !?'])('leaves nothing of %j', (input) => {
    expect(cleanTextForSpeech(input)).toBe('');
  });
});
