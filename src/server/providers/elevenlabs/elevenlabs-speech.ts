import { z } from 'zod';
import {
  type FetchFunction,
  parseJsonBody,
  providerFetch,
  type ProviderResponse,
  transientFailure,
} from '../http/provider-fetch';
import { checkAudio } from '../http/media-check';
import { retryPolicyOf, withRetries } from '../http/retry';
import { ProviderError } from '../provider-error';
import type { SpeechRequest, SpeechSynthesizer, SpeechVoice, SynthesizedSpeech } from '../speech';

export const ELEVENLABS_DEFAULT_BASE_URL = 'https://api.elevenlabs.io';
export const ELEVENLABS_MODEL = 'eleven_multilingual_v2';
const SPEECH_TIMEOUT_MS = 30_000;
const LIST_TIMEOUT_MS = 15_000;

const voicesAnswer = z.object({
  voices: z.array(
    z.object({
      voice_id: z.string(),
      name: z.string().nullish(),
      category: z.string().nullish(),
      labels: z.record(z.string(), z.string().nullish()).nullish(),
      verified_languages: z
        .array(
          z.object({
            language: z.string().nullish(),
            accent: z.string().nullish(),
            locale: z.string().nullish(),
          }),
        )
        .nullish(),
    }),
  ),
});

/** `GET /v1/user`: enough to tell an account from a proxy's page that also answers 200. */
const userAnswer = z.object({ subscription: z.object({}).loose() });

const errorAnswer = z.object({
  detail: z.union([
    z.object({ status: z.string().optional(), message: z.string().optional() }),
    z.array(z.unknown()),
  ]),
});

/** Voice settings per intonation style; ElevenLabs has no style switch, only these dials. */
const NEUTRAL_SETTINGS = { stability: 0.5, similarity_boost: 0.75, style: 0 };
const VOICE_SETTINGS: Record<string, { stability: number; similarity_boost: number; style: number }> = {
  'excited-female': { stability: 0.3, similarity_boost: 0.8, style: 0.6 },
  'seductive-female': { stability: 0.6, similarity_boost: 0.85, style: 0.4 },
  'lovingly-female': { stability: 0.55, similarity_boost: 0.8, style: 0.35 },
  'dramatic-male': { stability: 0.35, similarity_boost: 0.8, style: 0.7 },
  neutral: NEUTRAL_SETTINGS,
};
/**
 * The learner's voice style (docs/product/providers.md#voice-style) on top of the intonation: every style but
 * neutral sets the two dials that carry a delivery, stability (lower is livelier) and style exaggeration.
 */
const VOICE_STYLE_DIALS: Record<string, { stability: number; style: number }> = {
  passionate: { stability: 0.35, style: 0.6 },
  dramatic: { stability: 0.3, style: 0.8 },
  calm: { stability: 0.8, style: 0.1 },
  excited: { stability: 0.25, style: 0.65 },
  professional: { stability: 0.7, style: 0.2 },
};

/** The dials one request is spoken with: the intonation's, then the voice style's. */
function elevenLabsVoiceSettings(request: Pick<SpeechRequest, 'intonationStyle' | 'voiceStyle'>) {
  const intonation = VOICE_SETTINGS[request.intonationStyle ?? 'neutral'] ?? NEUTRAL_SETTINGS;
  const voiceStyle = request.voiceStyle ? VOICE_STYLE_DIALS[request.voiceStyle] : undefined;
  return { ...intonation, ...voiceStyle };
}

function languagesOf(
  labels: Record<string, string>,
  verified: Array<{ language?: string | null | undefined; locale?: string | null | undefined }>,
): Array<'es' | 'ru'> {
  const text = [
    ...Object.values(labels),
    ...verified.flatMap((entry) => [entry.language ?? '', entry.locale ?? '']),
  ]
    .join(' ')
    .toLowerCase();
  const languages: Array<'es' | 'ru'> = [];
  if (/\bes\b|es-|spanish|español|espanol|mexican|castilian|latin/.test(text)) languages.push('es');
  if (/\bru\b|ru-|russian|русск/.test(text)) languages.push('ru');
  return languages;
}

export interface ElevenLabsConnection {
  apiKey: string;
  /** The host root: `/v1/…` is appended. */
  baseUrl: string;
  fetch?: FetchFunction | undefined;
  /** Replaces every per-call timeout (tests of a hanging provider). */
  timeoutMs?: number | undefined;
  /** Connection and headers; FIRST_BYTE_TIMEOUT_MS when absent. */
  firstByteTimeoutMs?: number | undefined;
  /** The first back-off between tries, doubled each time; DEFAULT_RETRY_POLICY's when absent (tests shorten it). */
  retryBaseDelayMs?: number | undefined;
}

/**
 * docs/product/providers.md#provider-api-facts: `{detail: {status, message}}`; 401 means a bad key OR an
 * empty quota.
 */
function failureOf(response: ProviderResponse): ProviderError {
  const parsed = errorAnswer.safeParse(parseJsonBody(response));
  const detail = parsed.success && !Array.isArray(parsed.data.detail) ? parsed.data.detail : undefined;
  const description = `${detail?.status ?? ''} ${detail?.message ?? response.body.toString('utf8').slice(0, 200)}`;
  const transient = transientFailure('elevenlabs', response, description);
  if (transient) return transient;
  const options = { httpStatus: response.status };
  if (detail?.status === 'quota_exceeded' || response.status === 402) {
    return new ProviderError('provider_quota_exhausted', 'elevenlabs', description, options);
  }
  if (response.status === 401 || response.status === 403) {
    return new ProviderError('provider_invalid_key', 'elevenlabs', description, options);
  }
  return new ProviderError(
    'provider_rejected',
    'elevenlabs',
    `HTTP ${response.status} ${description}`,
    options,
  );
}

export function createElevenLabsSpeech(connection: ElevenLabsConnection): SpeechSynthesizer & {
  checkKey(signal?: AbortSignal): Promise<boolean>;
} {
  const root = connection.baseUrl.replace(/\/+$/, '');
  const call = (path: string, timeoutMs: number, signal: AbortSignal | undefined, body?: unknown) =>
    providerFetch({
      provider: 'elevenlabs',
      url: `${root}${path}`,
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        'xi-api-key': connection.apiKey,
        accept: body === undefined ? 'application/json' : 'audio/mpeg',
      },
      body,
      timeoutMs: connection.timeoutMs ?? timeoutMs,
      firstByteTimeoutMs: connection.firstByteTimeoutMs,
      signal,
      fetch: connection.fetch,
    });

  async function listVoicesOnce(signal?: AbortSignal): Promise<SpeechVoice[]> {
    const response = await call('/v1/voices', LIST_TIMEOUT_MS, signal);
    if (response.status !== 200) throw failureOf(response);
    const parsed = voicesAnswer.safeParse(parseJsonBody(response));
    if (!parsed.success)
      throw new ProviderError('provider_bad_output', 'elevenlabs', 'unreadable voice list');
    return parsed.data.voices.map((voice) => {
      const labels = Object.fromEntries(
        Object.entries(voice.labels ?? {}).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      );
      return {
        voiceId: voice.voice_id,
        name: voice.name ?? voice.voice_id,
        labels: {
          ...labels,
          provider: 'elevenlabs',
          ...(voice.category ? { category: voice.category } : {}),
        },
        languages: languagesOf({ ...labels, name: voice.name ?? '' }, voice.verified_languages ?? []),
        provider: 'elevenlabs',
      };
    });
  }

  async function synthesizeOnce(request: SpeechRequest): Promise<SynthesizedSpeech> {
    const settings = elevenLabsVoiceSettings(request);
    // The streaming endpoint: the plain one sends nothing until the whole clip is made, which for a long
    // text outlasts the first-byte limit (docs/product/providers.md#timeouts).
    const response = await call(
      `/v1/text-to-speech/${encodeURIComponent(request.voiceId)}/stream?output_format=mp3_44100_128`,
      SPEECH_TIMEOUT_MS,
      request.signal,
      {
        text: request.text,
        model_id: ELEVENLABS_MODEL,
        // ElevenLabs accepts speeds from 0.7 to 1.2.
        voice_settings: {
          ...settings,
          use_speaker_boost: true,
          speed: Math.min(1.2, Math.max(0.7, request.speed)),
        },
      },
    );
    if (response.status !== 200) throw failureOf(response);
    // Asked for mp3_44100_128: anything else under 200 (a JSON body, a page) is not kept.
    const { audio, mimeType } = checkAudio('elevenlabs', response.body, ['audio/mpeg']);
    return { audio, mimeType, model: ELEVENLABS_MODEL };
  }

  return {
    provider: 'elevenlabs',
    model: ELEVENLABS_MODEL,
    // ElevenLabs ids carry no prefix; every other provider's do.
    ownsVoice: (voiceId) => !voiceId.includes(':'),
    listVoices: (signal) => withRetries(() => listVoicesOnce(signal), retryPolicyOf(connection), signal),
    synthesize: (request) =>
      withRetries(() => synthesizeOnce(request), retryPolicyOf(connection), request.signal),
    async checkKey(signal) {
      const user = await call('/v1/user', LIST_TIMEOUT_MS, signal);
      if (user.status === 200) {
        if (userAnswer.safeParse(parseJsonBody(user)).success) return true;
        throw new ProviderError('provider_bad_output', 'elevenlabs', 'unreadable account');
      }
      const failure = failureOf(user);
      if (failure.code !== 'provider_invalid_key') throw failure;
      // A key limited to text-to-speech may not read /v1/user (401 missing_permissions) yet work for us.
      const voices = await call('/v1/voices', LIST_TIMEOUT_MS, signal);
      if (voices.status === 200) {
        if (voicesAnswer.safeParse(parseJsonBody(voices)).success) return true;
        throw new ProviderError('provider_bad_output', 'elevenlabs', 'unreadable voice list');
      }
      const voicesFailure = failureOf(voices);
      if (voicesFailure.code === 'provider_invalid_key') return false;
      throw voicesFailure;
    },
  };
}
