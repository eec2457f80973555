import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateAudioRequestSchema,
  generateAudioResponseSchema,
  generateSampleImageRequestSchema,
  generateSampleImageResponseSchema,
  leonardoTokenInfoRequestSchema,
  leonardoTokenInfoResponseSchema,
  modelsResponseSchema,
  providerPaths,
  speechMultipleRequestSchema,
  speechMultipleResponseSchema,
  validateKeyRequestSchema,
  validateKeyResponseSchema,
  voicesResponseSchema,
} from '../../../shared/api/providers';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import { ProviderError, providerFailure } from '../../providers/provider-error';
import type { LearnService } from '../learn/learn.service';
import type { SpeechService } from '../speech/speech.service';
import type { KeyedProvider, ProvidersService } from './providers.service';

export const providersRoutes: FastifyPluginAsyncZod<{
  providersService: ProvidersService;
  speechService: SpeechService;
  learnService: LearnService;
  sessionResolver: SessionResolver;
}> = async (app, { providersService, speechService, learnService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Key checks are cheap for us but are guesses against the provider: few per minute.
  const keyChecks = perUserLimit('providerKeyChecks');
  const speech = perUserLimit('speech');
  const pictures = perUserLimit('pictures');

  const validation = (path: string, provider: KeyedProvider) =>
    app.post(
      path,
      {
        schema: { body: validateKeyRequestSchema, response: { 200: validateKeyResponseSchema } },
        preHandler: keyChecks,
      },
      (request) =>
        providersService.validateKey(userIdOf(request), provider, request.body.apiKey, request.body.baseUrl),
    );
  validation(providerPaths.validateOpenaiKey, 'openai');
  validation(providerPaths.validateElevenlabsKey, 'elevenlabs');
  validation(providerPaths.validateLeonardoKey, 'leonardo');

  app.post(
    providerPaths.leonardoTokenInfo,
    {
      schema: {
        body: leonardoTokenInfoRequestSchema.default({}),
        response: { 200: leonardoTokenInfoResponseSchema },
      },
      preHandler: keyChecks,
    },
    (request) => providersService.leonardoTokenInfo(userIdOf(request), request.body.apiKey),
  );

  app.get(providerPaths.voices, { schema: { response: { 200: voicesResponseSchema } } }, (request) =>
    providersService.listVoices(userIdOf(request), (error) =>
      request.log.warn({ err: error }, 'a voice provider could not list its voices'),
    ),
  );

  app.get(providerPaths.models, { schema: { response: { 200: modelsResponseSchema } } }, (request) =>
    providersService.listModels(userIdOf(request)),
  );

  app.post(
    providerPaths.generateAudio,
    {
      schema: { body: generateAudioRequestSchema, response: { 200: generateAudioResponseSchema } },
      preHandler: speech,
    },
    (request) => learnService.generateAudio(userIdOf(request), request.body),
  );

  app.post(
    providerPaths.speechMultiple,
    {
      schema: { body: speechMultipleRequestSchema, response: { 200: speechMultipleResponseSchema } },
      preHandler: speech,
    },
    async (request) => {
      const { text, language, speed, voiceIds, intonationStyle, intonationPresetId, voiceStyle } =
        request.body;
      const outcomes = await speechService.speakInVoices(
        userIdOf(request),
        { text, language, speed, intonationStyle: intonationStyle ?? intonationPresetId, voiceStyle },
        voiceIds,
      );
      return {
        results: outcomes.map((outcome, index) => {
          const voiceId = voiceIds[index] ?? '';
          if (outcome.status === 'fulfilled') {
            return { voiceId: outcome.value.voiceId, success: true, audio: outcome.value.audio, error: null };
          }
          if (!(outcome.reason instanceof ProviderError)) throw outcome.reason;
          const { code, params, message } = providerFailure(outcome.reason);
          return { voiceId, success: false, audio: null, error: message, code, params };
        }),
      };
    },
  );

  app.post(
    providerPaths.generateSampleImage,
    {
      schema: {
        body: generateSampleImageRequestSchema,
        response: { 200: generateSampleImageResponseSchema },
      },
      preHandler: pictures,
    },
    (request) => providersService.generateSampleImage(userIdOf(request), request.body),
  );
};
