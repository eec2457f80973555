import type { ImageGenerator } from '../images';
import type { LanguageModel } from '../language-model';
import { ProviderError, type ProviderName } from '../provider-error';
import type { SpeechSynthesizer } from '../speech';

/** Consecutive timeouts or unreachable answers after which a provider is not called again in the set. */
export const CIRCUIT_BREAKER_THRESHOLD = 3;

/**
 * Stops calling a provider that has stopped answering (docs/product/providers.md#circuit-breaker): after
 * `threshold` consecutive timeouts or connection failures, every further call fails at once with a
 * ProviderError flagged `isCircuitOpen`. Any answer, good or bad, shows the provider is there and resets
 * the count. One breaker per provider per provider set, that is per job run or request.
 */
export function createCircuitBreaker(provider: ProviderName, threshold = CIRCUIT_BREAKER_THRESHOLD) {
  let consecutive = 0;
  return {
    get isOpen() {
      return consecutive >= threshold;
    },
    async run<T>(operation: () => Promise<T>): Promise<T> {
      if (consecutive >= threshold) {
        throw new ProviderError(
          'provider_unavailable',
          provider,
          `circuit open after ${threshold} calls without an answer`,
          { isCircuitOpen: true },
        );
      }
      try {
        const result = await operation();
        consecutive = 0;
        return result;
      } catch (error) {
        // A cancel by the caller (not a ProviderError) says nothing about the provider.
        if (error instanceof ProviderError && !error.isCircuitOpen) {
          consecutive = error.transport ? consecutive + 1 : 0;
        }
        throw error;
      }
    },
  };
}
export type CircuitBreaker = ReturnType<typeof createCircuitBreaker>;

export const languageModelBehind = (model: LanguageModel, breaker: CircuitBreaker): LanguageModel => ({
  provider: model.provider,
  model: model.model,
  completeJson: (request) => breaker.run(() => model.completeJson(request)),
  listModels: (signal) => breaker.run(() => model.listModels(signal)),
  checkKey: (signal) => breaker.run(() => model.checkKey(signal)),
});

export const speechBehind = (speech: SpeechSynthesizer, breaker: CircuitBreaker): SpeechSynthesizer => ({
  provider: speech.provider,
  model: speech.model,
  ownsVoice: (voiceId) => speech.ownsVoice(voiceId),
  listVoices: (signal) => breaker.run(() => speech.listVoices(signal)),
  synthesize: (request) => breaker.run(() => speech.synthesize(request)),
});

export const imagesBehind = (images: ImageGenerator, breaker: CircuitBreaker): ImageGenerator => ({
  provider: images.provider,
  generate: (request) => breaker.run(() => images.generate(request)),
});
