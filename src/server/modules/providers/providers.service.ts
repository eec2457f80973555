import type { z } from 'zod';
import {
  FALLBACK_MODELS,
  type generateSampleImageRequestSchema,
  type LeonardoTokenInfo,
  type Voice,
} from '../../../shared/api/providers';
import { drawableFormat, resolveImageStyle, stylePrompt } from '../../../shared/catalogs/image-styles';
import type { MediaStore } from '../../media/media-store';
import type { ImageProviderName } from '../../providers/images';
import { HTTP_ERROR_MESSAGES } from '../../http/error-codes';
import { ProviderError, providerFailure } from '../../providers/provider-error';
import type { ProviderFactory } from '../../providers/provider-set';
import type { SettingsService } from '../settings/settings.service';
import type { UserProviders } from './user-providers';

type SampleImageRequest = z.output<typeof generateSampleImageRequestSchema>;
export type KeyedProvider = 'openai' | 'elevenlabs' | 'leonardo';

/** Key checks, voice and model lists, sample pictures: the Settings screen's calls to the providers. */
export function createProvidersService(deps: {
  settingsService: SettingsService;
  providerFactory: ProviderFactory;
  userProviders: UserProviders;
  mediaStore: MediaStore;
}) {
  const { settingsService, providerFactory, userProviders, mediaStore } = deps;

  return {
    /** Checks a typed key; a valid one is saved (encrypted), an invalid one changes nothing. */
    async validateKey(
      userId: string,
      provider: KeyedProvider,
      apiKey: string,
      baseUrl?: string | null,
    ): Promise<{ valid: boolean }> {
      let valid: boolean;
      switch (provider) {
        case 'openai': {
          const { openaiModel, openaiBaseUrl } = await settingsService.readProviderCredentials(userId);
          const ownBaseUrl = baseUrl === undefined ? openaiBaseUrl : baseUrl;
          valid = await providerFactory.openaiLanguageModel(apiKey, ownBaseUrl, openaiModel).checkKey();
          if (valid)
            await settingsService.update(userId, { openaiApiKey: apiKey, openaiBaseUrl: ownBaseUrl });
          break;
        }
        case 'elevenlabs':
          valid = await providerFactory.elevenlabs(apiKey).checkKey();
          if (valid) await settingsService.update(userId, { elevenlabsApiKey: apiKey });
          break;
        case 'leonardo':
          valid = await providerFactory.leonardo(apiKey).checkKey();
          if (valid) await settingsService.update(userId, { leonardoApiKey: apiKey });
          break;
      }
      return { valid };
    },

    async leonardoTokenInfo(userId: string, apiKey?: string): Promise<LeonardoTokenInfo> {
      const key = apiKey ?? (await settingsService.readProviderCredentials(userId)).leonardoApiKey;
      const none = { valid: false, apiTokens: null, subscriptionTokens: null, username: null };
      if (!key) return none;
      try {
        return { valid: true, ...(await providerFactory.leonardo(key).tokenInfo()) };
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'provider_invalid_key') return none;
        throw error;
      }
    },

    /**
     * Every voice the learner can choose, in ElevenLabs' shape: keyed providers first, then the offline
     * voices (labelled `offline`). A provider that fails is left out rather than hiding the others.
     */
    async listVoices(userId: string, onFailure: (error: Error) => void): Promise<Voice[]> {
      const providers = await userProviders.forUser(userId);
      const { voices, failures } = await providers.speech.listVoices();
      failures.forEach(onFailure);
      return voices.map((voice) => ({
        voice_id: voice.voiceId,
        name: voice.name,
        labels: voice.labels,
        languages: voice.languages,
      }));
    },

    /** The chat models of the learner's endpoint; the spec's fallbacks when there is no key. */
    async listModels(userId: string): Promise<{ models: string[] }> {
      const { languageModel } = await userProviders.forUser(userId);
      if (!languageModel) return { models: [...FALLBACK_MODELS] };
      const models = await languageModel.listModels();
      return { models: models.length > 0 ? models : [...FALLBACK_MODELS] };
    },

    async generateSampleImage(userId: string, request: SampleImageRequest) {
      const providers = await userProviders.forUser(userId);
      const generator = request.serviceProvider
        ? providers.imagesFrom(request.serviceProvider)
        : providers.images;
      if (!generator) {
        const provider = request.serviceProvider as Exclude<ImageProviderName, 'builtin'>;
        return {
          success: false,
          imageData: null,
          error: HTTP_ERROR_MESSAGES.image_key_missing,
          code: 'image_key_missing',
          params: { provider },
          provider,
        };
      }
      const style = resolveImageStyle(request.styleId ?? null);
      try {
        const picture = await generator.generate({
          subject: { spanish: request.spanish, russian: request.russian ?? undefined },
          prompt: stylePrompt(style, request.spanish),
          style,
          format: drawableFormat(request.format),
        });
        const imageData = await mediaStore.put(userId, picture.image, picture.mimeType);
        return { success: true, imageData, error: null, provider: generator.provider };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        const { code, params, message } = providerFailure(error);
        return {
          success: false,
          imageData: null,
          error: message,
          code,
          params,
          provider: generator.provider,
        };
      }
    },
  };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
