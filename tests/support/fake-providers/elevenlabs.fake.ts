/**
 * Fake ElevenLabs (`/v1/voices`, `/v1/voices/{id}`, `/v1/user`, `/v1/text-to-speech/{voice_id}[/stream]`)
 * answering `{"detail": {"status", "message"}}` errors and FastAPI's 422 `{"detail": [{loc, msg, type}]}`
 * like the real service, including its two different 401s (bad key vs. out of characters).
 */
import { randomUUID } from 'node:crypto';
import {
  bytesResponse,
  isRecord,
  jsonResponse,
  randomId,
  unixSeconds,
  type FailureOptions,
  type FakeRequest,
  type FakeResponse,
  type FileHost,
  type ProviderFake,
} from './fake-http';
import { synthesiseMp3, synthesisePcm } from './media';

export const ELEVENLABS_DEFAULT_KEY = 'el-test-valid';
/** Restricted to text-to-speech (and reading voices), as a key created with scopes in the dashboard. */
export const ELEVENLABS_TTS_ONLY_KEY = 'el-test-tts-only';

export type ElevenLabsPermissions = 'all' | 'text_to_speech';

export interface FakeVoice {
  voice_id: string;
  name: string;
  category: 'premade' | 'professional' | 'generated' | 'cloned';
  labels: Readonly<Record<string, string>>;
  /** [language, accent, locale] of each verified language. */
  verified: readonly (readonly [string, string, string])[];
}

/**
 * Stable voices, so tests can name them. The label spellings vary on purpose, as they do in the real
 * library: language 'spanish' or 'es', accent 'spanish', 'peninsular', 'mexican'…; filters must cope.
 */
export const ELEVENLABS_VOICES = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: {
      accent: 'american',
      description: 'calm',
      age: 'young',
      gender: 'female',
      use_case: 'narration',
    },
    verified: [['en', 'american', 'en-US']],
  },
  {
    voice_id: 'gD1IexrzCvsXPHUuT0s3',
    name: 'Lucía',
    category: 'professional',
    labels: {
      accent: 'peninsular',
      language: 'spanish',
      age: 'young',
      gender: 'female',
      description: 'warm',
      use_case: 'narrative_story',
    },
    verified: [['es', 'peninsular', 'es-ES']],
  },
  {
    voice_id: 'Nh2zY9kknu6z4pZy6FhD',
    name: 'Mateo',
    category: 'professional',
    labels: {
      accent: 'spanish',
      age: 'middle_aged',
      gender: 'male',
      description: 'deep',
      use_case: 'informative_educational',
    },
    verified: [['es', 'standard', 'es-ES']],
  },
  {
    voice_id: 'htFfPSZGJwjBv1CL0aMD',
    name: 'Valentina',
    category: 'professional',
    labels: {
      accent: 'mexican',
      language: 'es',
      age: 'young',
      gender: 'female',
      description: 'bright',
      use_case: 'conversational',
    },
    verified: [['es', 'mexican', 'es-MX']],
  },
  {
    voice_id: 'W5JElH3dK1UYYAiHH7uh',
    name: 'Diego',
    category: 'professional',
    labels: {
      accent: 'latin american',
      language: 'spanish',
      age: 'middle_aged',
      gender: 'male',
      description: 'calm',
      use_case: 'narrative_story',
    },
    verified: [['es', 'argentine', 'es-AR']],
  },
  {
    voice_id: 'kwajW3Xh5svCeKU5ky2S',
    name: 'Dmitri',
    category: 'professional',
    labels: {
      accent: 'russian',
      language: 'ru',
      age: 'middle_aged',
      gender: 'male',
      description: 'confident',
      use_case: 'narrative_story',
    },
    verified: [['ru', 'standard', 'ru-RU']],
  },
  {
    voice_id: 'Xb7hH8MSUJpSbSDYk0k2',
    name: 'Anastasia',
    category: 'professional',
    labels: {
      accent: 'standard',
      language: 'russian',
      age: 'young',
      gender: 'female',
      description: 'soft',
      use_case: 'conversational',
    },
    verified: [['ru', 'standard', 'ru-RU']],
  },
  {
    voice_id: 'U0W3edavfdI8ibPeeteQ',
    name: 'Oksana',
    category: 'professional',
    labels: {
      accent: 'ukrainian',
      language: 'uk',
      age: 'young',
      gender: 'female',
      description: 'clear',
      use_case: 'narrative_story',
    },
    verified: [['uk', 'standard', 'uk-UA']],
  },
] as const satisfies readonly FakeVoice[];

export const ELEVENLABS_MODELS = [
  'eleven_multilingual_v2',
  'eleven_v3',
  'eleven_turbo_v2_5',
  'eleven_flash_v2_5',
  'eleven_turbo_v2',
  'eleven_flash_v2',
  'eleven_monolingual_v1',
  'eleven_multilingual_v1',
];

const OUTPUT_FORMATS = [
  'mp3_22050_32',
  'mp3_44100_32',
  'mp3_44100_64',
  'mp3_44100_96',
  'mp3_44100_128',
  'mp3_44100_192',
  'pcm_8000',
  'pcm_16000',
  'pcm_22050',
  'pcm_24000',
  'pcm_44100',
  'pcm_48000',
  'ulaw_8000',
  'alaw_8000',
  'opus_48000_32',
  'opus_48000_64',
  'opus_48000_96',
  'opus_48000_128',
  'opus_48000_192',
];

const MAX_TEXT_LENGTH = 10_000;

export interface ElevenLabsSubscription {
  tier: string;
  character_count: number;
  character_limit: number;
}

const DEFAULT_SUBSCRIPTION: ElevenLabsSubscription = {
  tier: 'creator',
  character_count: 0,
  character_limit: 100_000,
};

export const elevenLabsError = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
) => jsonResponse(status, { detail: { status: code, message } }, headers);

/** FastAPI's 422, in the fields ElevenLabs' spec declares (loc, msg, type). */
const validationError = (loc: (string | number)[], msg: string, type: string) =>
  jsonResponse(422, { detail: [{ loc, msg, type }] });

export class ElevenLabsFake implements ProviderFake {
  readonly keys = new Map<string, ElevenLabsPermissions>();
  subscription: ElevenLabsSubscription = { ...DEFAULT_SUBSCRIPTION };

  constructor(private readonly files: FileHost) {
    this.reset();
  }

  reset(): void {
    this.keys.clear();
    this.keys.set(ELEVENLABS_DEFAULT_KEY, 'all');
    this.keys.set(ELEVENLABS_TTS_ONLY_KEY, 'text_to_speech');
    this.subscription = { ...DEFAULT_SUBSCRIPTION };
  }

  authenticate(request: FakeRequest): FakeResponse | undefined {
    const header = request.headers['xi-api-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (key === undefined || key === '') {
      return elevenLabsError(
        401,
        'needs_authorization',
        'Neither authorization header nor xi-api-key received, please provide one.',
      );
    }
    const permissions = this.keys.get(key);
    if (permissions === undefined) return this.failure('unauthorized', {});
    if (permissions === 'text_to_speech' && request.path.startsWith('/v1/user')) {
      return elevenLabsError(
        401,
        'missing_permissions',
        'The API key you used is missing the permission user_read to execute this operation.',
      );
    }
    return undefined;
  }

  failure(
    kind: 'unauthorized' | 'rate_limit' | 'quota' | 'server_error',
    rule: FailureOptions,
  ): FakeResponse {
    switch (kind) {
      case 'unauthorized':
        return elevenLabsError(401, rule.code ?? 'invalid_api_key', rule.message ?? 'Invalid API key');
      case 'rate_limit': {
        const seconds = rule.retryAfterSeconds === undefined ? 1 : rule.retryAfterSeconds;
        const code = rule.code ?? 'too_many_concurrent_requests';
        const message =
          rule.message ??
          (code === 'system_busy'
            ? 'We are experiencing heavy traffic, please try again later. Higher subscriptions have priority.'
            : 'Too many concurrent requests. Your current subscription is associated with a maximum of 5 concurrent requests. Please upgrade your subscription or reduce the number of concurrent requests.');
        return elevenLabsError(
          429,
          code,
          message,
          seconds === null ? {} : { 'retry-after': String(seconds) },
        );
      }
      case 'quota': {
        // ElevenLabs reports an exhausted character quota as a 401, like a bad key: only `status` differs.
        const remaining = Math.max(0, this.subscription.character_limit - this.subscription.character_count);
        return elevenLabsError(
          401,
          rule.code ?? 'quota_exceeded',
          rule.message ??
            `This request exceeds your quota of ${this.subscription.character_limit}. You have ${remaining} credits remaining, while 100 credits are required for this request.`,
        );
      }
      case 'server_error':
        return elevenLabsError(
          500,
          rule.code ?? 'internal_server_error',
          rule.message ?? 'An internal server error occurred.',
        );
    }
  }

  async handle(request: FakeRequest): Promise<FakeResponse> {
    const { method, path } = request;
    if (method === 'GET' && path === '/v1/voices')
      return jsonResponse(200, { voices: ELEVENLABS_VOICES.map((v) => this.voiceJson(v)) });
    if (method === 'GET' && path.startsWith('/v1/voices/')) {
      const id = decodeURIComponent(path.slice('/v1/voices/'.length));
      const voice = ELEVENLABS_VOICES.find((v) => v.voice_id === id);
      return voice ? jsonResponse(200, this.voiceJson(voice)) : this.voiceNotFound(id);
    }
    if (method === 'GET' && path === '/v1/user') return jsonResponse(200, this.userJson(request));
    const tts = /^\/v1\/text-to-speech\/([^/]+)(\/stream)?$/.exec(path);
    if (method === 'POST' && tts) return this.textToSpeech(request, decodeURIComponent(tts[1] ?? ''));
    return jsonResponse(404, { detail: 'Not Found' });
  }

  private voiceNotFound(id: string): FakeResponse {
    return elevenLabsError(400, 'voice_not_found', `A voice with the voice_id ${id} was not found.`);
  }

  private voiceJson(voice: FakeVoice): Record<string, unknown> {
    const previewUrl = this.files.publish(`voice-preview-${voice.voice_id}.mp3`, 'audio/mpeg', () =>
      synthesiseMp3(`${voice.name} preview`, { sampleRate: 44100, kbps: 128 }),
    );
    return {
      voice_id: voice.voice_id,
      name: voice.name,
      samples: null,
      category: voice.category,
      fine_tuning: null,
      labels: voice.labels,
      description: null,
      preview_url: previewUrl,
      available_for_tiers: [],
      settings: null,
      sharing: null,
      high_quality_base_model_ids: [
        'eleven_v2_flash',
        'eleven_flash_v2',
        'eleven_turbo_v2_5',
        'eleven_multilingual_v2',
        'eleven_flash_v2_5',
        'eleven_turbo_v2',
      ],
      verified_languages: voice.verified.map(([language, accent, locale]) => ({
        language,
        model_id: 'eleven_multilingual_v2',
        accent,
        locale,
        preview_url: previewUrl,
      })),
      safety_control: null,
      voice_verification: {
        requires_verification: false,
        is_verified: false,
        verification_failures: [],
        verification_attempts_count: 0,
        language: null,
        verification_attempts: null,
      },
      permission_on_resource: null,
      is_owner: false,
      is_legacy: false,
      is_mixed: false,
      created_at_unix: null,
    };
  }

  private userJson(request: FakeRequest): Record<string, unknown> {
    const key = String(request.headers['xi-api-key'] ?? '');
    return {
      user_id: 'fakeUser0000000000000000001',
      subscription: {
        tier: this.subscription.tier,
        character_count: this.subscription.character_count,
        character_limit: this.subscription.character_limit,
        max_character_limit_extension: null,
        can_extend_character_limit: true,
        allowed_to_extend_character_limit: true,
        next_character_count_reset_unix: unixSeconds() + 30 * 24 * 3600,
        voice_slots_used: 0,
        professional_voice_slots_used: 0,
        voice_limit: 30,
        max_voice_add_edits: null,
        voice_add_edit_counter: 0,
        professional_voice_limit: 1,
        can_extend_voice_limit: false,
        can_use_instant_voice_cloning: true,
        can_use_professional_voice_cloning: true,
        currency: 'usd',
        status: 'active',
        billing_period: 'monthly_period',
        character_refresh_period: 'monthly_period',
      },
      subscription_extras: null,
      is_new_user: false,
      xi_api_key: null,
      can_use_delayed_payment_methods: false,
      is_onboarding_completed: true,
      is_onboarding_checklist_completed: true,
      first_name: 'Test',
      is_api_key_hashed: true,
      xi_api_key_preview: `${key.slice(0, 4)}…${key.slice(-4)}`,
      referral_link_code: null,
      partnerstack_partner_default_link: null,
      created_at: 1700000000,
    };
  }

  private textToSpeech(request: FakeRequest, voiceId: string): FakeResponse {
    if (request.bodyError !== undefined) {
      return validationError(['body', 0], 'JSON decode error', 'json_invalid');
    }
    const body = request.body;
    if (!isRecord(body)) return validationError(['body'], 'Field required', 'missing');
    if (body.text === undefined) return validationError(['body', 'text'], 'Field required', 'missing');
    if (typeof body.text !== 'string') {
      return validationError(['body', 'text'], 'Input should be a valid string', 'string_type');
    }
    const outputFormat = request.query.get('output_format') ?? 'mp3_44100_128';
    if (!OUTPUT_FORMATS.includes(outputFormat)) {
      return validationError(
        ['query', 'output_format'],
        `Input should be ${OUTPUT_FORMATS.map((f) => `'${f}'`).join(', ')}`,
        'enum',
      );
    }
    if (!ELEVENLABS_VOICES.some((v) => v.voice_id === voiceId)) return this.voiceNotFound(voiceId);
    const modelId = body.model_id ?? 'eleven_multilingual_v2';
    if (typeof modelId !== 'string' || !ELEVENLABS_MODELS.includes(modelId)) {
      return elevenLabsError(
        400,
        'model_not_found',
        `A model with model ID ${JSON.stringify(modelId)} does not exist.`,
      );
    }
    const text = body.text;
    if (text.trim() === '') return elevenLabsError(400, 'empty_text', 'The text must not be empty.');
    if (text.length > MAX_TEXT_LENGTH) {
      return elevenLabsError(
        400,
        'max_character_limit_exceeded',
        `You are sending ${text.length} characters in a single request, but the maximum is ${MAX_TEXT_LENGTH} characters for ${modelId}.`,
      );
    }
    const remaining = this.subscription.character_limit - this.subscription.character_count;
    if (text.length > remaining) {
      return elevenLabsError(
        401,
        'quota_exceeded',
        `This request exceeds your quota of ${this.subscription.character_limit}. You have ${Math.max(0, remaining)} credits remaining, while ${text.length} credits are required for this request.`,
      );
    }
    this.subscription.character_count += text.length;

    const headers = {
      'request-id': randomId(20),
      'history-item-id': randomId(20),
      'x-character-count': String(text.length),
      'x-request-id': randomUUID(),
    };
    const [codec, rate, kbps] = outputFormat.split('_');
    if (codec === 'pcm') return bytesResponse(200, 'audio/pcm', synthesisePcm(text, Number(rate)), headers);
    // mp3_* honour their rate and bitrate; μ-law, A-law and Opus are answered as the default MP3 here,
    // which is enough for a fake nobody plays back at those rates.
    const mp3 =
      codec === 'mp3'
        ? synthesiseMp3(text, { sampleRate: Number(rate), kbps: Number(kbps) })
        : synthesiseMp3(text, { sampleRate: 44100, kbps: 128 });
    return bytesResponse(200, 'audio/mpeg', mp3, headers);
  }
}
