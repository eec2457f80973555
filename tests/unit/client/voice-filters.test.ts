import { describe, expect, it } from 'vitest';
import type { Voice } from '../../../src/shared/api/providers';
import {
  cardVoicesOf,
  isOfflineVoice,
  isRussianVoice,
  isSpanishVoice,
  isUkrainianVoice,
  isVoiceStyleHeard,
  NO_VOICE,
  russianVoiceFromSelect,
  russianVoiceOptions,
  SPANISH_VOICE_WHITELIST,
  spanishVoiceOptions,
  spanishVoiceSlots,
  voiceProviderOf,
  withSpanishVoice,
} from '../../../src/client/features/settings/lib/voice-filters';

const elevenlabs = (voice_id: string, name: string, labels: Record<string, string> = {}): Voice => ({
  voice_id,
  name,
  labels: { ...labels, provider: 'elevenlabs' },
});

// Label spellings vary as in ElevenLabs' library (and in our fake server): 'spanish', 'es', accents only.
const lucia = elevenlabs('gD1IexrzCvsXPHUuT0s3', 'Lucía', { accent: 'peninsular', language: 'spanish' });
const mateo = elevenlabs('Nh2zY9kknu6z4pZy6FhD', 'Mateo', { accent: 'spanish', gender: 'male' });
const valentina = elevenlabs('htFfPSZGJwjBv1CL0aMD', 'Valentina', { accent: 'mexican', language: 'es' });
const carlos = elevenlabs('carlos0000000000000', 'Carlos Español');
const dmitri = elevenlabs('kwajW3Xh5svCeKU5ky2S', 'Dmitri', { accent: 'russian', language: 'ru' });
const anastasia = elevenlabs('Xb7hH8MSUJpSbSDYk0k2', 'Anastasia', {
  accent: 'standard',
  language: 'russian',
});
const rachel = elevenlabs('21m00Tcm4TlvDq8ikWAM', 'Rachel', { accent: 'american', gender: 'female' });
const oksana = elevenlabs('U0W3edavfdI8ibPeeteQ', 'Oksana', { accent: 'ukrainian', language: 'uk' });
// A Ukrainian voice that also claims Russian in its labels is still rejected.
const taras = elevenlabs('taras00000000000000', 'Taras (Ukrainian)', { language: 'ru', accent: 'russian' });
const mykola = elevenlabs('mykola0000000000000', 'Mykola', { locale: 'uk-UA', description: 'spanish tutor' });

const builtin = (
  locale: 'es-ES' | 'es-419' | 'ru-RU',
  variant: string,
  name: string,
  gender: 'male' | 'female',
): Voice => ({
  voice_id: `builtin:${locale}-${variant}`,
  name,
  labels: {
    provider: 'builtin',
    offline: 'true',
    language: locale === 'ru-RU' ? 'ru' : 'es',
    locale,
    accent: locale === 'ru-RU' ? 'russian' : locale === 'es-ES' ? 'spain' : 'latin american',
    gender,
    engine: 'espeak-ng',
  },
});
const builtinEsM = builtin('es-ES', 'm3', 'Испанский (Испания), мужской', 'male');
const builtinLaF = builtin('es-419', 'f1', 'Испанский (Латинская Америка), женский', 'female');
const builtinEsF = builtin('es-ES', 'f3', 'Испанский (Испания), женский', 'female');
const builtinLaM = builtin('es-419', 'm1', 'Испанский (Латинская Америка), мужской', 'male');
const builtinRuF = builtin('ru-RU', 'f3', 'Русский, женский', 'female');
const builtinRuM = builtin('ru-RU', 'm3', 'Русский, мужской', 'male');
const builtins = [builtinEsM, builtinLaF, builtinEsF, builtinLaM, builtinRuF, builtinRuM];

const openaiAlloy: Voice = {
  voice_id: 'openai:alloy',
  name: 'OpenAI Alloy',
  labels: { provider: 'openai', gender: 'neutral', language: 'multilingual', accent: 'multilingual' },
};

const ids = (voices: readonly { voice: Voice }[]) => voices.map((option) => option.voice.voice_id);

describe('voice providers', () => {
  it('tells built-in, OpenAI and ElevenLabs voices apart by labels or id prefix', () => {
    expect(voiceProviderOf(builtinEsM)).toBe('builtin');
    expect(voiceProviderOf({ voice_id: 'builtin:x', name: 'x', labels: {} })).toBe('builtin');
    expect(voiceProviderOf(openaiAlloy)).toBe('openai');
    expect(voiceProviderOf({ voice_id: 'openai:nova', name: 'Nova', labels: {} })).toBe('openai');
    expect(voiceProviderOf(lucia)).toBe('elevenlabs');
    expect(isOfflineVoice(builtinRuF)).toBe(true);
    expect(isOfflineVoice(lucia)).toBe(false);
  });
});

describe('Spanish filter', () => {
  it('keeps voices whose labels mention Spanish in any spelling', () => {
    for (const voice of [lucia, mateo, valentina]) expect(isSpanishVoice(voice)).toBe(true);
  });

  it('keeps voices whose name says Spanish or is a known Spanish voice name', () => {
    expect(isSpanishVoice(carlos)).toBe(true);
    expect(isSpanishVoice(elevenlabs('x1', 'Valentina'))).toBe(true);
    expect(isSpanishVoice(elevenlabs('x2', 'Spanish Narrator'))).toBe(true);
  });

  it('keeps the whitelisted ids whatever their name and labels', () => {
    for (const id of SPANISH_VOICE_WHITELIST)
      expect(isSpanishVoice({ voice_id: id, name: 'Anything', labels: {} })).toBe(true);
  });

  it('keeps the built-in Spanish voices and the multilingual OpenAI voices', () => {
    for (const voice of [builtinEsM, builtinLaF, builtinEsF, builtinLaM, openaiAlloy])
      expect(isSpanishVoice(voice)).toBe(true);
  });

  it('drops English, Russian and Ukrainian voices', () => {
    for (const voice of [rachel, dmitri, anastasia, builtinRuF, oksana, mykola])
      expect(isSpanishVoice(voice)).toBe(false);
  });
});

describe('Russian filter', () => {
  it('keeps voices whose labels or names mention Russian or a known Russian name', () => {
    expect(isRussianVoice(dmitri)).toBe(true);
    expect(isRussianVoice(anastasia)).toBe(true);
    expect(isRussianVoice(elevenlabs('x3', 'Natasha'))).toBe(true);
    expect(isRussianVoice(elevenlabs('x4', 'Russian Storyteller'))).toBe(true);
  });

  it('keeps the built-in Russian voices and the multilingual OpenAI voices', () => {
    expect(isRussianVoice(builtinRuF)).toBe(true);
    expect(isRussianVoice(builtinRuM)).toBe(true);
    expect(isRussianVoice(openaiAlloy)).toBe(true);
  });

  it('rejects any voice that suggests Ukrainian, by name, label or language code', () => {
    expect(isUkrainianVoice(oksana)).toBe(true);
    expect(isUkrainianVoice(taras)).toBe(true);
    expect(isUkrainianVoice(mykola)).toBe(true);
    expect(isUkrainianVoice(elevenlabs('x5', 'Голос', { accent: 'украинский' }))).toBe(true);
    for (const voice of [oksana, taras, mykola]) expect(isRussianVoice(voice)).toBe(false);
  });

  it('drops Spanish and English voices', () => {
    for (const voice of [lucia, mateo, rachel, builtinEsM]) expect(isRussianVoice(voice)).toBe(false);
  });
});

describe('voice options', () => {
  const all = [...builtins, openaiAlloy, rachel, lucia, mateo, valentina, dmitri, anastasia, oksana, taras];

  it('lists ElevenLabs voices first, then OpenAI, then the built-in ones marked offline', () => {
    const options = spanishVoiceOptions(all);
    expect(ids(options)).toEqual([
      lucia.voice_id,
      mateo.voice_id,
      valentina.voice_id,
      openaiAlloy.voice_id,
      builtinEsM.voice_id,
      builtinLaF.voice_id,
      builtinEsF.voice_id,
      builtinLaM.voice_id,
    ]);
    expect(options.filter((option) => option.isOffline).map((option) => option.voice.voice_id)).toEqual([
      builtinEsM.voice_id,
      builtinLaF.voice_id,
      builtinEsF.voice_id,
      builtinLaM.voice_id,
    ]);
  });

  it('recommends the ElevenLabs voices with a stated language when there are some', () => {
    const recommended = spanishVoiceOptions(all).filter((option) => option.isRecommended);
    expect(ids(recommended)).toEqual([lucia.voice_id, mateo.voice_id, valentina.voice_id]);
    const russian = russianVoiceOptions(all);
    expect(ids(russian)).toEqual([
      dmitri.voice_id,
      anastasia.voice_id,
      openaiAlloy.voice_id,
      builtinRuF.voice_id,
      builtinRuM.voice_id,
    ]);
    expect(ids(russian.filter((option) => option.isRecommended))).toEqual([
      dmitri.voice_id,
      anastasia.voice_id,
    ]);
  });

  it('does not recommend a library voice matched by its name only', () => {
    const options = spanishVoiceOptions([carlos, lucia]);
    expect(options.find((option) => option.voice.voice_id === carlos.voice_id)?.isRecommended).toBe(false);
  });

  it('without ElevenLabs voices recommends the first built-in ones (two Spanish, one Russian)', () => {
    const offlineOnly = [...builtins, openaiAlloy];
    expect(ids(spanishVoiceOptions(offlineOnly).filter((option) => option.isRecommended))).toEqual([
      builtinEsM.voice_id,
      builtinLaF.voice_id,
    ]);
    expect(ids(russianVoiceOptions(offlineOnly).filter((option) => option.isRecommended))).toEqual([
      builtinRuF.voice_id,
    ]);
  });

  it('is empty for an empty list', () => {
    expect(spanishVoiceOptions([])).toEqual([]);
    expect(russianVoiceOptions([])).toEqual([]);
  });
});

describe('Spanish voice slots', () => {
  it('reads main and second from the stored list', () => {
    expect(spanishVoiceSlots([])).toEqual([null, null]);
    expect(spanishVoiceSlots(['a'])).toEqual(['a', null]);
    expect(spanishVoiceSlots(['a', 'b'])).toEqual(['a', 'b']);
  });

  it('sets a slot and stores the list without empty entries', () => {
    expect(withSpanishVoice([], 0, 'a')).toEqual(['a']);
    expect(withSpanishVoice(['a'], 1, 'b')).toEqual(['a', 'b']);
    expect(withSpanishVoice(['a', 'b'], 0, 'c')).toEqual(['c', 'b']);
    expect(withSpanishVoice(['a', 'b'], 1, 'c')).toEqual(['a', 'c']);
  });

  it("'none' clears a slot; clearing the main voice makes the second one main", () => {
    expect(withSpanishVoice(['a', 'b'], 1, NO_VOICE)).toEqual(['a']);
    expect(withSpanishVoice(['a', 'b'], 0, NO_VOICE)).toEqual(['b']);
    expect(withSpanishVoice(['a'], 0, null)).toEqual([]);
    expect(withSpanishVoice(['a'], 1, '  ')).toEqual(['a']);
  });

  it("maps the Russian selector's 'none' to null", () => {
    expect(russianVoiceFromSelect(NO_VOICE)).toBeNull();
    expect(russianVoiceFromSelect('builtin:ru-RU-f3')).toBe('builtin:ru-RU-f3');
  });
});

describe('the voices that speak the cards (docs/product/providers.md#card-voices)', () => {
  const withLanguages = (voice: Voice, languages: Array<'es' | 'ru'>): Voice => ({ ...voice, languages });
  const builtinRuF = withLanguages(builtin('ru-RU', 'f3', 'Русский, женский', 'female'), ['ru']);
  const keyless = [withLanguages(builtinEsM, ['es']), withLanguages(builtinLaF, ['es']), builtinRuF];

  it('are the first voices of the list that speak each language when nothing is chosen', () => {
    expect(cardVoicesOf(keyless, { spanishVoices: [], russianVoice: null })).toEqual({
      firstSpanish: builtinEsM.voice_id,
      secondSpanish: builtinLaF.voice_id,
      russian: builtinRuF.voice_id,
    });
  });

  it('keep the learner’s choice and fill the second Spanish voice with another one', () => {
    expect(cardVoicesOf(keyless, { spanishVoices: [builtinLaF.voice_id], russianVoice: null })).toEqual({
      firstSpanish: builtinLaF.voice_id,
      secondSpanish: builtinEsM.voice_id,
      russian: builtinRuF.voice_id,
    });
  });

  it('choosing a second voice while the main one is automatic keeps the automatic main voice first', () => {
    expect(withSpanishVoice([], 1, builtinEsF.voice_id, builtinEsM.voice_id)).toEqual([
      builtinEsM.voice_id,
      builtinEsF.voice_id,
    ]);
    expect(withSpanishVoice([builtinLaF.voice_id], 1, builtinEsF.voice_id, builtinEsM.voice_id)).toEqual([
      builtinLaF.voice_id,
      builtinEsF.voice_id,
    ]);
  });

  it('let the voice style be chosen only when one of them can act it out (docs/product/providers.md#voice-style)', () => {
    const alloy = withLanguages(openaiAlloy, ['es', 'ru']);
    // Built-in voices only: no style is heard.
    expect(isVoiceStyleHeard(keyless, { spanishVoices: [], russianVoice: null })).toBe(false);
    // An OpenAI voice among the card voices, chosen or automatic, acts the style out.
    expect(isVoiceStyleHeard([...keyless, alloy], { spanishVoices: [], russianVoice: alloy.voice_id })).toBe(
      true,
    );
    expect(isVoiceStyleHeard([alloy, ...keyless], { spanishVoices: [], russianVoice: null })).toBe(true);
    expect(
      isVoiceStyleHeard([withLanguages(lucia, ['es']), ...keyless], {
        spanishVoices: [],
        russianVoice: null,
      }),
    ).toBe(true);
    // A chosen ElevenLabs voice the list no longer offers (its key is gone) is spoken by a built-in voice.
    expect(isVoiceStyleHeard(keyless, { spanishVoices: [lucia.voice_id], russianVoice: null })).toBe(false);
  });
});
