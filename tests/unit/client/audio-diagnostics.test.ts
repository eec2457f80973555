import { describe, expect, it } from 'vitest';
import type { Voice } from '../../../src/shared/api/providers';
import {
  type AudioDiagnosticsInput,
  chosenVoiceIds,
  diagnoseAudio,
  type DiagnosticFinding,
  overallSeverity,
  sortBySeverity,
} from '../../../src/client/features/settings/lib/audio-diagnostics';

const lucia: Voice = {
  voice_id: 'gD1IexrzCvsXPHUuT0s3',
  name: 'Lucía',
  labels: { provider: 'elevenlabs', language: 'spanish', accent: 'peninsular' },
};
const mateo: Voice = {
  voice_id: 'Nh2zY9kknu6z4pZy6FhD',
  name: 'Mateo',
  labels: { provider: 'elevenlabs', accent: 'spanish' },
};
const dmitri: Voice = {
  voice_id: 'kwajW3Xh5svCeKU5ky2S',
  name: 'Dmitri',
  labels: { provider: 'elevenlabs', language: 'ru' },
};
const offline = (id: string, language: 'es' | 'ru'): Voice => ({
  voice_id: `builtin:${id}`,
  name: id,
  labels: { provider: 'builtin', offline: 'true', language },
});
const builtinEs1 = offline('es-ES-m3', 'es');
const builtinEs2 = offline('es-419-f1', 'es');
const builtinRu = offline('ru-RU-f3', 'ru');
const alloy: Voice = {
  voice_id: 'openai:alloy',
  name: 'OpenAI Alloy',
  labels: { provider: 'openai', language: 'multilingual' },
};
const voices = [lucia, mateo, dmitri, alloy, builtinEs1, builtinEs2, builtinRu];

type DiagnosticSettings = AudioDiagnosticsInput['settings'];
const settingsWith = (overrides: Partial<DiagnosticSettings> = {}): DiagnosticSettings => ({
  spanishVoices: [],
  russianVoice: null,
  bilingualPlayback: false,
  bilingualPlaybackLearn: false,
  bilingualPlaybackAudiobook: false,
  hasElevenlabsApiKey: false,
  hasOpenaiApiKey: false,
  ...overrides,
});

const findingIds = (findings: readonly DiagnosticFinding[]) => findings.map((finding) => finding.id);
const find = (findings: readonly DiagnosticFinding[], id: DiagnosticFinding['id']) =>
  findings.find((finding) => finding.id === id);

describe('speech key', () => {
  it('is an error with no speech key and no offline voice chosen', () => {
    const findings = diagnoseAudio({ settings: settingsWith({ spanishVoices: [lucia.voice_id] }), voices });
    expect(find(findings, 'speechKeyMissing')?.severity).toBe('error');
    expect(find(findings, 'speechKey')).toBeUndefined();
  });

  it('is only a note without a key when an offline voice is chosen (docs/product/providers.md#built-in-voices)', () => {
    const findings = diagnoseAudio({
      settings: settingsWith({ spanishVoices: [builtinEs1.voice_id, builtinEs2.voice_id] }),
      voices,
    });
    expect(find(findings, 'speechKeyOfflineOnly')?.severity).toBe('info');
    expect(find(findings, 'speechKeyMissing')).toBeUndefined();
    expect(overallSeverity(findings)).toBe('info');
  });

  it('is fine with an ElevenLabs key, or with an OpenAI key when an OpenAI voice is chosen', () => {
    expect(
      find(diagnoseAudio({ settings: settingsWith({ hasElevenlabsApiKey: true }), voices }), 'speechKey'),
    ).toBeDefined();
    const openaiOnly = settingsWith({ hasOpenaiApiKey: true, spanishVoices: [alloy.voice_id] });
    expect(find(diagnoseAudio({ settings: openaiOnly, voices }), 'speechKey')).toBeDefined();
    // An OpenAI key alone does not speak for ElevenLabs voices.
    const elevenlabsVoice = settingsWith({ hasOpenaiApiKey: true, spanishVoices: [lucia.voice_id] });
    expect(find(diagnoseAudio({ settings: elevenlabsVoice, voices }), 'speechKeyMissing')).toBeDefined();
  });

  it('warns about chosen voices whose provider has no key when some voice does speak', () => {
    const findings = diagnoseAudio({
      settings: settingsWith({ spanishVoices: [builtinEs1.voice_id, lucia.voice_id] }),
      voices,
    });
    expect(find(findings, 'voicesNeedKey')).toEqual({
      id: 'voicesNeedKey',
      severity: 'warning',
      voiceIds: [lucia.voice_id],
    });
  });
});

describe('Spanish voices', () => {
  const spanishFinding = (spanishVoices: string[]) =>
    diagnoseAudio({ settings: settingsWith({ spanishVoices, hasElevenlabsApiKey: true }), voices }).find(
      (finding) => finding.id.startsWith('spanishVoices'),
    );

  it('is an error at none, a warning at one and fine at two', () => {
    expect(spanishFinding([])).toEqual({ id: 'spanishVoicesNone', severity: 'error' });
    expect(spanishFinding([lucia.voice_id])).toEqual({ id: 'spanishVoicesOne', severity: 'warning' });
    expect(spanishFinding([lucia.voice_id, mateo.voice_id])).toEqual({ id: 'spanishVoices', severity: 'ok' });
  });

  it('does not count blank entries', () => {
    expect(spanishFinding([' ', lucia.voice_id])).toEqual({ id: 'spanishVoicesOne', severity: 'warning' });
  });
});

describe('bilingual mode', () => {
  const bilingualFinding = (overrides: Partial<DiagnosticSettings>) =>
    diagnoseAudio({ settings: settingsWith(overrides), voices }).find((finding) =>
      finding.id.startsWith('bilingual'),
    );

  it('is an error when any bilingual switch is on without a Russian voice', () => {
    for (const flag of ['bilingualPlayback', 'bilingualPlaybackLearn', 'bilingualPlaybackAudiobook'] as const)
      expect(bilingualFinding({ [flag]: true })).toEqual({
        id: 'bilingualWithoutRussian',
        severity: 'error',
      });
  });

  it('is fine with a Russian voice, or when bilingual mode is off', () => {
    expect(bilingualFinding({ bilingualPlaybackLearn: true, russianVoice: dmitri.voice_id })?.severity).toBe(
      'ok',
    );
    expect(bilingualFinding({})).toEqual({ id: 'bilingualOff', severity: 'ok' });
  });
});

describe('voices missing from the list', () => {
  it('warns about chosen voices the list does not have, only when the list is known', () => {
    const settings = settingsWith({
      hasElevenlabsApiKey: true,
      spanishVoices: [lucia.voice_id, 'gone-voice'],
      russianVoice: 'gone-voice',
    });
    expect(find(diagnoseAudio({ settings, voices }), 'voicesMissing')).toEqual({
      id: 'voicesMissing',
      severity: 'warning',
      voiceIds: ['gone-voice'],
    });
    expect(find(diagnoseAudio({ settings }), 'voicesMissing')).toBeUndefined();
  });
});

describe('sentences without audio', () => {
  const settings = settingsWith({ hasElevenlabsApiKey: true });

  it('is shown only when the count is known', () => {
    expect(findingIds(diagnoseAudio({ settings, voices }))).not.toContain('sentencesWithoutAudio');
    expect(findingIds(diagnoseAudio({ settings, voices }))).not.toContain('sentencesAudio');
  });

  it('warns with the count, and is fine at zero', () => {
    expect(
      find(diagnoseAudio({ settings, voices, sentencesWithoutAudio: 3 }), 'sentencesWithoutAudio'),
    ).toEqual({ id: 'sentencesWithoutAudio', severity: 'warning', count: 3 });
    expect(
      find(diagnoseAudio({ settings, voices, sentencesWithoutAudio: 0 }), 'sentencesAudio'),
    ).toBeDefined();
  });
});

describe('verdict', () => {
  it('is ok for a complete setup', () => {
    const findings = diagnoseAudio({
      settings: settingsWith({
        hasElevenlabsApiKey: true,
        spanishVoices: [lucia.voice_id, mateo.voice_id],
        russianVoice: dmitri.voice_id,
        bilingualPlayback: true,
      }),
      voices,
      sentencesWithoutAudio: 0,
    });
    expect(findings.every((finding) => finding.severity === 'ok')).toBe(true);
    expect(overallSeverity(findings)).toBe('ok');
  });

  it('takes the worst severity and sorts problems first', () => {
    const findings = diagnoseAudio({
      settings: settingsWith({
        hasElevenlabsApiKey: true,
        spanishVoices: [lucia.voice_id],
        bilingualPlayback: true,
      }),
      voices,
    });
    expect(overallSeverity(findings)).toBe('error');
    expect(findingIds(sortBySeverity(findings))).toEqual([
      'bilingualWithoutRussian',
      'spanishVoicesOne',
      'speechKey',
    ]);
  });

  it('lists each chosen voice once', () => {
    expect(chosenVoiceIds(settingsWith({ spanishVoices: ['a', 'a', ''], russianVoice: 'a' }))).toEqual(['a']);
  });
});

describe('slots left to the automatic choice (docs/product/providers.md#card-voices)', () => {
  // The list as the server sends it: each voice with the languages it speaks.
  const speaking = (voice: Voice, languages: Array<'es' | 'ru'>): Voice => ({ ...voice, languages });
  const keylessList = [
    speaking(builtinEs1, ['es']),
    speaking(builtinEs2, ['es']),
    speaking(builtinRu, ['ru']),
  ];

  it('count as the built-in voices that speak for them when nothing is chosen and there is no key', () => {
    const findings = diagnoseAudio({
      settings: settingsWith({ bilingualPlaybackLearn: true }),
      voices: keylessList,
    });
    expect(findings.map((finding) => finding.id)).toEqual([
      'speechKeyOfflineOnly',
      'spanishVoices',
      'bilingual',
    ]);
    expect(overallSeverity(findings)).toBe('info');
  });

  it('give a single chosen Spanish voice its automatic second one', () => {
    const ids = diagnoseAudio({
      settings: settingsWith({ spanishVoices: [builtinEs2.voice_id] }),
      voices: keylessList,
    }).map((finding) => finding.id);
    expect(ids).toContain('spanishVoices');
    expect(ids).not.toContain('spanishVoicesOne');
  });
});
