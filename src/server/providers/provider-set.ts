import { createElevenLabsSpeech, ELEVENLABS_DEFAULT_BASE_URL } from './elevenlabs/elevenlabs-speech';
import type { AddressGuard } from './http/address-guard';
import {
  createCircuitBreaker,
  imagesBehind,
  languageModelBehind,
  speechBehind,
} from './http/circuit-breaker';
import type { FetchFunction } from './http/provider-fetch';
import type { ImageGenerator, ImageProviderName } from './images';
import type { ProviderName } from './provider-error';
import type { LanguageModel } from './language-model';
import { createLeonardoImages, LEONARDO_DEFAULT_BASE_URL } from './leonardo/leonardo-images';
import { OPENAI_DEFAULT_BASE_URL } from './openai/openai-client';
import { createOpenAiImages } from './openai/openai-images';
import { createOpenAiLanguageModel } from './openai/openai-language-model';
import { createOpenAiSpeech } from './openai/openai-speech';
import type {
  SpeechLanguage,
  SpeechRequest,
  SpeechSynthesizer,
  SpeechVoice,
  SynthesizedSpeech,
} from './speech';

/** A learner's provider settings, keys in clear (read from the encrypted store just for this). */
export interface ProviderCredentials {
  openaiApiKey: string | null;
  /** The learner's OpenAI-compatible endpoint; the environment's override wins. */
  openaiBaseUrl: string | null;
  openaiModel: string;
  elevenlabsApiKey: string | null;
  leonardoApiKey: string | null;
  /**
   * Providers whose stored key was sealed under another APP_SECRET: they serve as if keyless, and a job
   * says so instead of passing over it in silence (docs/product/providers.md#keys).
   */
  unreadableKeys?: readonly KeyedProviderName[] | undefined;
}
export type KeyedProviderName = Exclude<ProviderName, 'builtin'>;

export interface SpeechRouter {
  /** Keyed providers first (ElevenLabs, then OpenAI), the offline voices last. */
  listVoices(signal?: AbortSignal): Promise<{ voices: SpeechVoice[]; failures: Error[] }>;
  /**
   * Who will speak for this voice: its own provider, or, when that provider has no key, an offline
   * voice of the same language (D5). Known before synthesis, so the audio cache can be asked first.
   */
  resolve(voiceId: string, language: SpeechLanguage): ResolvedVoice;
  synthesize(request: SpeechRequest): Promise<SynthesizedSpeech & ResolvedVoice>;
}

export interface ResolvedVoice {
  voiceId: string;
  provider: SpeechSynthesizer['provider'];
  model: string;
}

export interface ProviderSet {
  languageModel: LanguageModel | null;
  speech: SpeechRouter;
  /** The learner's image provider: Leonardo, else OpenAI, else the built-in pictures. */
  images: ImageGenerator;
  /** A named image provider, or null without its key. */
  imagesFrom(provider: ImageProviderName): ImageGenerator | null;
  /** Providers with a stored key that cannot be read: serving as if keyless (see ProviderCredentials). */
  unreadableKeys: readonly KeyedProviderName[];
}

export interface ProviderFactoryOptions {
  baseUrls: { openai?: string | undefined; elevenlabs?: string | undefined; leonardo?: string | undefined };
  /** `voiceFor` names the offline voice that will really speak: the asked one, or one of the text's language. */
  builtinSpeech: SpeechSynthesizer & { voiceFor(voiceId: string, language: SpeechLanguage): string };
  builtinImages: ImageGenerator;
  fetch?: FetchFunction | undefined;
  leonardoPollIntervalMs?: number | undefined;
  /**
   * Checks the addresses a learner's own base URL reaches (docs/product/providers.md#endpoint-addresses);
   * the environment's and the providers' default URLs are trusted as configured.
   */
  addressGuard: AddressGuard;
  /** Tests shorten the first-byte limit (default FIRST_BYTE_TIMEOUT_MS) instead of waiting 10 s. */
  firstByteTimeoutMs?: number | undefined;
  /** Tests shorten the back-off between a call's tries (default DEFAULT_RETRY_POLICY's). */
  retryBaseDelayMs?: number | undefined;
}

export function createProviderFactory(options: ProviderFactoryOptions) {
  const { baseUrls, builtinSpeech, builtinImages, addressGuard, firstByteTimeoutMs, retryBaseDelayMs } =
    options;

  const openai = (apiKey: string, ownBaseUrl?: string | null) => {
    // The environment's override wins; only the learner's own URL goes through the address check.
    const isOwn = !baseUrls.openai && !!ownBaseUrl;
    return {
      apiKey,
      baseUrl: baseUrls.openai ?? ownBaseUrl ?? OPENAI_DEFAULT_BASE_URL,
      fetch: isOwn ? addressGuard.fetch : options.fetch,
      firstByteTimeoutMs,
      retryBaseDelayMs,
    };
  };
  const elevenlabs = (apiKey: string) =>
    createElevenLabsSpeech({
      apiKey,
      baseUrl: baseUrls.elevenlabs ?? ELEVENLABS_DEFAULT_BASE_URL,
      fetch: options.fetch,
      firstByteTimeoutMs,
      retryBaseDelayMs,
    });
  const leonardo = (apiKey: string) =>
    createLeonardoImages({
      apiKey,
      baseUrl: baseUrls.leonardo ?? LEONARDO_DEFAULT_BASE_URL,
      fetch: options.fetch,
      pollIntervalMs: options.leonardoPollIntervalMs,
      firstByteTimeoutMs,
      retryBaseDelayMs,
    });

  function forCredentials(credentials: ProviderCredentials): ProviderSet {
    // One breaker per keyed provider for this set's life (one job run or one request): a provider that
    // stops answering is given up on for the rest of it (docs/product/providers.md#circuit-breaker).
    const breakers = {
      openai: createCircuitBreaker('openai'),
      elevenlabs: createCircuitBreaker('elevenlabs'),
      leonardo: createCircuitBreaker('leonardo'),
    };
    const openaiConnection = credentials.openaiApiKey
      ? openai(credentials.openaiApiKey, credentials.openaiBaseUrl)
      : null;
    const synthesizers: SpeechSynthesizer[] = [
      ...(credentials.elevenlabsApiKey
        ? [speechBehind(elevenlabs(credentials.elevenlabsApiKey), breakers.elevenlabs)]
        : []),
      ...(openaiConnection ? [speechBehind(createOpenAiSpeech(openaiConnection), breakers.openai)] : []),
      builtinSpeech,
    ];
    const imageProviders: Partial<Record<ImageProviderName, ImageGenerator>> = {
      builtin: builtinImages,
      ...(openaiConnection
        ? { openai: imagesBehind(createOpenAiImages(openaiConnection), breakers.openai) }
        : {}),
      ...(credentials.leonardoApiKey
        ? { leonardo: imagesBehind(leonardo(credentials.leonardoApiKey), breakers.leonardo) }
        : {}),
    };

    function resolve(voiceId: string, language: SpeechLanguage): ResolvedVoice {
      const owner = synthesizers.find((synthesizer) => synthesizer.ownsVoice(voiceId));
      // D5: a voice chosen while a key existed still speaks, offline, after the key is gone.
      if (!owner || owner === builtinSpeech) {
        return {
          voiceId: builtinSpeech.voiceFor(voiceId, language),
          provider: builtinSpeech.provider,
          model: builtinSpeech.model,
        };
      }
      return { voiceId, provider: owner.provider, model: owner.model };
    }

    return {
      languageModel: openaiConnection
        ? languageModelBehind(
            createOpenAiLanguageModel({ ...openaiConnection, model: credentials.openaiModel }),
            breakers.openai,
          )
        : null,
      images: imageProviders.leonardo ?? imageProviders.openai ?? builtinImages,
      unreadableKeys: credentials.unreadableKeys ?? [],
      imagesFrom: (provider) => imageProviders[provider] ?? null,
      speech: {
        async listVoices(signal) {
          const results = await Promise.allSettled(
            synthesizers.map((synthesizer) => synthesizer.listVoices(signal)),
          );
          return {
            voices: results.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])),
            failures: results.flatMap((result) =>
              result.status === 'rejected'
                ? [result.reason instanceof Error ? result.reason : new Error(String(result.reason))]
                : [],
            ),
          };
        },
        resolve,
        async synthesize(request) {
          const resolved = resolve(request.voiceId, request.language);
          const synthesizer =
            synthesizers.find((candidate) => candidate.provider === resolved.provider) ?? builtinSpeech;
          const speech = await synthesizer.synthesize({ ...request, voiceId: resolved.voiceId });
          return { ...speech, ...resolved };
        },
      },
    };
  }

  return {
    forCredentials,
    /** Single providers for checking a key the learner has typed but not yet saved. */
    openaiLanguageModel: (apiKey: string, ownBaseUrl: string | null, model: string) =>
      createOpenAiLanguageModel({ ...openai(apiKey, ownBaseUrl), model }),
    elevenlabs,
    leonardo,
    /**
     * Refuses, before it is saved, a learner's base URL that resolves to an address this server may not
     * call; nothing to check when the environment's override is used instead.
     */
    async checkOwnOpenaiBaseUrl(url: string | null): Promise<void> {
      if (url && !baseUrls.openai) await addressGuard.checkUrl(url, 'openai');
    },
  };
}
export type ProviderFactory = ReturnType<typeof createProviderFactory>;
