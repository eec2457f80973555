import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ProviderError } from '../provider-error';
import { transportFailure } from '../http/provider-fetch';
import { parseRetryAfter } from '../http/retry';

/**
 * An SDK failure as what the learner can act on (docs/product/providers.md#provider-api-facts: error codes by
 * status). `signal` is the caller's own (a cancel goes through as its reason); `timedOut` tells whether the
 * call's overall deadline fired.
 */
export function fromOpenAiError(
  error: unknown,
  signal?: AbortSignal,
  timedOut: () => string | undefined = () => undefined,
): unknown {
  if (error instanceof ProviderError) return error;
  if (signal?.aborted) return signal.reason;
  const overall = timedOut();
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError) {
    // Our deadline aborts through the same signal as the caller's cancel, which has not fired.
    return new ProviderError('provider_unavailable', 'openai', overall ?? 'no answer in time', {
      transport: 'timeout',
    });
  }
  if (error instanceof APIConnectionError) {
    // The fetch we gave the SDK already made a ProviderError of a first-byte timeout or a refused address.
    return transportFailure('openai', error.cause ?? error, { timedOut: overall });
  }
  // The SDK parses the body itself and lets a broken one escape as a SyntaxError.
  if (error instanceof SyntaxError) return new ProviderError('provider_bad_output', 'openai', error.message);
  if (!(error instanceof APIError)) {
    // Reading the body after the headers: our deadline (an AbortError) or a connection dropped mid-answer.
    if (overall)
      return new ProviderError('provider_unavailable', 'openai', overall, { transport: 'timeout' });
    if (error instanceof TypeError || (error instanceof Error && error.name === 'AbortError')) {
      return new ProviderError('provider_unavailable', 'openai', `answer cut short: ${error.message}`, {
        isRetryable: true,
      });
    }
    return error;
  }
  // instanceof leaves the generic parameters as any; the defaults are what the SDK really throws.
  const apiError: APIError = error as APIError;

  const status = apiError.status ?? 0;
  const detail = `HTTP ${status} ${apiError.code ?? ''}: ${apiError.message}`;
  const options = { httpStatus: status };
  if (status === 401 || status === 403)
    return new ProviderError('provider_invalid_key', 'openai', detail, options);
  // Same status for "slow down" and "out of money"; only the code tells them apart.
  if (status === 429 && apiError.code === 'insufficient_quota') {
    return new ProviderError('provider_quota_exhausted', 'openai', detail, options);
  }
  if (status === 429 || status >= 500) {
    return new ProviderError('provider_unavailable', 'openai', detail, {
      ...options,
      isRetryable: true,
      retryAfterMs: parseRetryAfter(apiError.headers?.get('retry-after')),
    });
  }
  return new ProviderError('provider_rejected', 'openai', detail, options);
}
