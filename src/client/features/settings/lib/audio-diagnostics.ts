import type { Voice } from '../../../../shared/api/providers';
import type { Settings } from '../../../../shared/api/settings';
import { cardVoicesOf, voiceProviderOf, type VoiceProvider } from './voice-filters';

/**
 * The settings-side audio diagnostics (docs/product/audiobooks.md#audio-diagnostics), adjusted by
 * docs/product/providers.md#built-in-voices: built-in offline voices speak without any key, so a missing
 * speech key is only a fault when no offline voice is chosen. Once the voice list is known, a slot left to the
 * automatic choice counts as the voice that speaks for it (docs/product/providers.md#card-voices).
 */

export type DiagnosticSeverity = 'ok' | 'info' | 'warning' | 'error';

export type DiagnosticFinding =
  | { id: 'speechKey'; severity: 'ok' }
  /** No speech key, but an offline voice is chosen: it works, through the built-in voices. */
  | { id: 'speechKeyOfflineOnly'; severity: 'info' }
  | { id: 'speechKeyMissing'; severity: 'error' }
  | { id: 'spanishVoices'; severity: 'ok' }
  | { id: 'spanishVoicesOne'; severity: 'warning' }
  | { id: 'spanishVoicesNone'; severity: 'error' }
  | { id: 'bilingual'; severity: 'ok' }
  | { id: 'bilingualOff'; severity: 'ok' }
  | { id: 'bilingualWithoutRussian'; severity: 'error' }
  /** Chosen voices whose provider has no key: the server speaks with a built-in voice instead. */
  | { id: 'voicesNeedKey'; severity: 'warning'; voiceIds: string[] }
  /** Chosen voices the voice list no longer has. */
  | { id: 'voicesMissing'; severity: 'warning'; voiceIds: string[] }
  | { id: 'sentencesAudio'; severity: 'ok' }
  | { id: 'sentencesWithoutAudio'; severity: 'warning'; count: number };

export type DiagnosticId = DiagnosticFinding['id'];

export interface AudioDiagnosticsInput {
  settings: Pick<
    Settings,
    | 'spanishVoices'
    | 'russianVoice'
    | 'bilingualPlayback'
    | 'bilingualPlaybackLearn'
    | 'bilingualPlaybackAudiobook'
    | 'hasElevenlabsApiKey'
    | 'hasOpenaiApiKey'
  >;
  /** The loaded voice list; undefined while it is unknown, which skips the checks that need it. */
  voices?: readonly Voice[] | undefined;
  /** Sentences that have no audio yet; undefined while unknown (no audiobooks loaded), skipping the rule. */
  sentencesWithoutAudio?: number | undefined;
}

/** A voice id's provider when the list does not say: ids carry their provider's prefix (`builtin:`, `openai:`). */
function providerOfId(voiceId: string, voices: readonly Voice[] | undefined): VoiceProvider {
  const listed = voices?.find((voice) => voice.voice_id === voiceId);
  if (listed) return voiceProviderOf(listed);
  return voiceProviderOf({ voice_id: voiceId, name: '', labels: {} });
}

export function chosenVoiceIds(settings: AudioDiagnosticsInput['settings']): string[] {
  const ids = [...settings.spanishVoices, settings.russianVoice].filter(
    (id): id is string => typeof id === 'string' && id.trim() !== '',
  );
  return [...new Set(ids)];
}

export function diagnoseAudio({
  settings,
  voices,
  sentencesWithoutAudio,
}: AudioDiagnosticsInput): DiagnosticFinding[] {
  const findings: DiagnosticFinding[] = [];
  const chosen = chosenVoiceIds(settings);
  const speaking = voices ? cardVoicesOf(voices, settings) : null;
  const speakingIds = speaking
    ? [...new Set([speaking.firstSpanish, speaking.secondSpanish, speaking.russian])].filter(
        (id) => id !== '',
      )
    : chosen;
  const providerOf = (voiceId: string) => providerOfId(voiceId, voices);
  const hasKeyFor = (provider: VoiceProvider) =>
    provider === 'builtin' ||
    (provider === 'elevenlabs' ? settings.hasElevenlabsApiKey : settings.hasOpenaiApiKey);

  const hasOfflineVoice = speakingIds.some((id) => providerOf(id) === 'builtin');
  // An OpenAI key speaks too, but only for the OpenAI voices the learner chose.
  const hasSpeechKey =
    settings.hasElevenlabsApiKey ||
    (settings.hasOpenaiApiKey && speakingIds.some((id) => providerOf(id) === 'openai'));
  if (hasSpeechKey) findings.push({ id: 'speechKey', severity: 'ok' });
  else if (hasOfflineVoice) findings.push({ id: 'speechKeyOfflineOnly', severity: 'info' });
  else findings.push({ id: 'speechKeyMissing', severity: 'error' });

  const spanishCount = speaking
    ? new Set([speaking.firstSpanish, speaking.secondSpanish].filter((id) => id !== '')).size
    : settings.spanishVoices.filter((id) => id.trim() !== '').length;
  if (spanishCount >= 2) findings.push({ id: 'spanishVoices', severity: 'ok' });
  else if (spanishCount === 1) findings.push({ id: 'spanishVoicesOne', severity: 'warning' });
  else findings.push({ id: 'spanishVoicesNone', severity: 'error' });

  const isBilingual =
    settings.bilingualPlayback || settings.bilingualPlaybackLearn || settings.bilingualPlaybackAudiobook;
  if (!isBilingual) findings.push({ id: 'bilingualOff', severity: 'ok' });
  else if (settings.russianVoice || speaking?.russian) findings.push({ id: 'bilingual', severity: 'ok' });
  else findings.push({ id: 'bilingualWithoutRussian', severity: 'error' });

  const needKey = chosen.filter((id) => !hasKeyFor(providerOf(id)));
  // Only worth saying when some voice does speak; otherwise 'speechKeyMissing' already says it.
  if (needKey.length > 0 && (hasSpeechKey || hasOfflineVoice))
    findings.push({ id: 'voicesNeedKey', severity: 'warning', voiceIds: needKey });

  if (voices) {
    const listed = new Set(voices.map((voice) => voice.voice_id));
    const missing = chosen.filter((id) => !listed.has(id));
    if (missing.length > 0) findings.push({ id: 'voicesMissing', severity: 'warning', voiceIds: missing });
  }

  if (sentencesWithoutAudio !== undefined) {
    findings.push(
      sentencesWithoutAudio > 0
        ? { id: 'sentencesWithoutAudio', severity: 'warning', count: sentencesWithoutAudio }
        : { id: 'sentencesAudio', severity: 'ok' },
    );
  }
  return findings;
}

const SEVERITY_RANK: Record<DiagnosticSeverity, number> = { ok: 0, info: 1, warning: 2, error: 3 };

/** The worst severity among the findings: the dialog's overall verdict. */
export function overallSeverity(findings: readonly DiagnosticFinding[]): DiagnosticSeverity {
  return findings.reduce<DiagnosticSeverity>(
    (worst, finding) => (SEVERITY_RANK[finding.severity] > SEVERITY_RANK[worst] ? finding.severity : worst),
    'ok',
  );
}

/** Problems first, worst first; the order of the rules otherwise. */
export function sortBySeverity(findings: readonly DiagnosticFinding[]): DiagnosticFinding[] {
  return [...findings].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
}
