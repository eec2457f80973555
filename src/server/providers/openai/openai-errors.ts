import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { ProviderError } from '../provider-error';
import { parseRetryAfter } from '../http/retry';

/**
 * An SDK failure as what the learner can act on (docs/product/providers.md#provider-api-facts: error codes by
 * status).
 */
export function fromOpenAiError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof ProviderError) return error;
  if (error instanceof APIUserAbortError) {
    // Our own timeout aborts through the same signal as the caller's cancel; only the caller's is theirs.
    if (signal?.aborted) return signal.reason;
    return new ProviderError('provider_unavailable', 'openai', 'no answer in time');
  }
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError('provider_unavailable', 'openai', 'no answer in time');
  }
  if (error instanceof APIConnectionError) {
    return new ProviderError('provider_unavailable', 'openai', error.message, { isRetryable: true });
  }
  // The SDK parses the body itself and lets a broken one escape as a SyntaxError.
  if (error instanceof SyntaxError) return new ProviderError('provider_bad_output', 'openai', error.message);
  if (!(error instanceof APIError)) return error;
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
