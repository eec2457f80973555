import { z } from 'zod';
import { httpUrl, int32, providerKey, rowId, safeText } from './fields';
import { SPEECH_SPEEDS, VOICE_STYLES } from '../catalogs/voices';
import { errorParamsSchema } from './errors';

export const providerPaths = {
  validateOpenaiKey: '/api/validate-openai-key',
  validateElevenlabsKey: '/api/validate-elevenlabs-key',
  validateLeonardoKey: '/api/validate-leonardo-key',
  leonardoTokenInfo: '/api/leonardo-token-info',
  voices: '/api/elevenlabs/voices',
  models: '/api/openai/models',
  generateAudio: '/api/generate-audio',
  speechMultiple: '/api/speech/multiple',
  generateSampleImage: '/api/generate-sample-image',
} as const;

const apiKey = providerKey().min(1).max(500);

export const validateKeyRequestSchema = z.object({
  apiKey,
  /** OpenAI only: an OpenAI-compatible endpoint ending in /v1, saved with the key when it is valid. */
  baseUrl: httpUrl().nullish(),
});
export const validateKeyResponseSchema = z.object({ valid: z.boolean() });

/** The key to look up; absent means the learner's saved key. */
export const leonardoTokenInfoRequestSchema = z.object({ apiKey: apiKey.optional() });
export const leonardoTokenInfoResponseSchema = z.object({
  valid: z.boolean(),
  apiTokens: z.number().nullable(),
  subscriptionTokens: z.number().nullable(),
  username: z.string().nullable(),
});
export type LeonardoTokenInfo = z.infer<typeof leonardoTokenInfoResponseSchema>;

/**
 * ElevenLabs' own voice shape; offline and OpenAI voices are listed in it too, marked by labels. `languages`
 * (ours, always sent) are the languages the voice speaks well, which the card-voice rule reads
 * (docs/product/providers.md#card-voices).
 */
export const voiceSchema = z.object({
  voice_id: z.string(),
  name: z.string(),
  labels: z.record(z.string(), z.string()),
  languages: z.array(z.enum(['es', 'ru'])).optional(),
});
export const voicesResponseSchema = z.array(voiceSchema);
export type Voice = z.infer<typeof voiceSchema>;

export const FALLBACK_MODELS = ['gpt-4o', 'chatgpt-4o-latest'] as const;
export const modelsResponseSchema = z.object({ models: z.array(z.string()) });

export const SPEECH_REQUEST_LANGUAGES = ['es-MX', 'es-ES', 'ru-RU'] as const;
const speechText = safeText().trim().min(1).max(2000);
const speed = z
  .number()
  .min(Math.min(...SPEECH_SPEEDS))
  .max(Math.max(...SPEECH_SPEEDS))
  .default(1);

export const generateAudioRequestSchema = z.object({
  text: speechText,
  voiceId: safeText().trim().min(1).max(100),
  language: z.enum(SPEECH_REQUEST_LANGUAGES).default('es-MX'),
  speed,
  intonationStyle: safeText().max(50).nullish(),
  /** The learner's voice style (docs/product/providers.md#voice-style); none is neutral. */
  voiceStyle: z.enum(VOICE_STYLES).nullish(),
  wordId: rowId().nullish(),
  voiceType: z.enum(['spanish1', 'russian', 'spanish2']).nullish(),
});
export const generateAudioResponseSchema = z.object({
  /** A `/media/…mp3` path (docs/product/media.md#content-addressed-store). */
  audio: z.string(),
  cached: z.boolean(),
  /**
   * The voice that spoke: another than asked when its provider has no key
   * (docs/product/providers.md#built-in-voices).
   */
  voiceId: z.string(),
});

export const speechMultipleRequestSchema = z.object({
  text: speechText,
  voiceIds: z.array(safeText().trim().min(1).max(100)).min(1).max(3),
  language: z.enum(SPEECH_REQUEST_LANGUAGES).default('es-MX'),
  speed,
  intonationPresetId: safeText().max(50).nullish(),
  intonationStyle: safeText().max(50).nullish(),
  voiceStyle: z.enum(VOICE_STYLES).nullish(),
  sentenceId: rowId().nullish(),
  audiobookId: rowId().nullish(),
  isAudiobook: z.boolean().nullish(),
});
/**
 * A per-item failure inside a 200 answer (docs/product/errors.md): `error` is English for developers
 * (null on success), `code` and `params` are what the client renders as `errors.<code>`.
 */
const itemFailureShape = {
  error: z.string().nullable(),
  code: z.string().min(1).optional(),
  params: errorParamsSchema.optional(),
};

export const speechMultipleResponseSchema = z.object({
  results: z.array(
    z.object({
      voiceId: z.string(),
      success: z.boolean(),
      audio: z.string().nullable(),
      ...itemFailureShape,
    }),
  ),
});

export const IMAGE_SERVICE_PROVIDERS = ['leonardo', 'openai', 'builtin'] as const;
export const generateSampleImageRequestSchema = z.object({
  spanish: safeText().trim().min(1).max(200),
  russian: safeText().trim().max(200).nullish(),
  styleId: z.union([int32(), safeText().max(50)]).nullish(),
  /** Absent: the learner's image provider (Leonardo, else OpenAI, else built-in). */
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS).nullish(),
  format: z.enum(['square', 'landscape', 'portrait']).nullish(),
});
export const generateSampleImageResponseSchema = z.object({
  success: z.boolean(),
  /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
  imageData: z.string().nullable(),
  ...itemFailureShape,
  provider: z.enum(IMAGE_SERVICE_PROVIDERS).nullable(),
});
