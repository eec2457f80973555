/**
 * What went wrong with an AI provider, in terms the learner can act on. Adapters map every HTTP status,
 * error body and timeout to one of these; services and routes never look at provider responses.
 */
export const PROVIDER_ERROR_CODES = [
  /** The key is wrong, revoked or lacks permission: enter another in Settings. */
  'provider_invalid_key',
  /** The account is out of credit, tokens or quota: top up or wait. */
  'provider_quota_exhausted',
  /** Timed out, 5xx, rate-limited after every retry, or unreachable: try again later. */
  'provider_unavailable',
  /** An answer arrived but was unusable (malformed, cut short, filtered, not matching the schema). */
  'provider_bad_output',
  /** The provider refused this particular request (unknown voice, text too long, prompt rejected). */
  'provider_rejected',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export type ProviderName = 'openai' | 'elevenlabs' | 'leonardo' | 'builtin';

export interface ProviderErrorOptions {
  httpStatus?: number | undefined;
  /** A transient failure (429 rate limit, 5xx, dropped connection) that may succeed if tried again. */
  isRetryable?: boolean | undefined;
  /** The provider's `retry-after`, in milliseconds. */
  retryAfterMs?: number | undefined;
  /** Refused without a call: the provider stopped answering earlier in this job (circuit breaker). */
  isCircuitOpen?: boolean;
}

export class ProviderError extends Error {
  readonly httpStatus: number | undefined;
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;
  readonly isCircuitOpen: boolean;

  constructor(
    readonly code: ProviderErrorCode,
    readonly provider: ProviderName,
    /** For logs only: the provider's own words, never shown as-is to the learner. */
    readonly detail: string,
    options: ProviderErrorOptions = {},
  ) {
    super(`${provider}: ${code}: ${detail}`);
    this.name = 'ProviderError';
    this.httpStatus = options.httpStatus;
    this.isRetryable = options.isRetryable ?? false;
    this.retryAfterMs = options.retryAfterMs;
    this.isCircuitOpen = options.isCircuitOpen ?? false;
  }
}

export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/** A failure of a provider the job no longer calls (docs/product/providers.md#fallback): reported once. */
export const isCircuitOpen = (error: unknown) => isProviderError(error) && error.isCircuitOpen;

/** HTTP status a route answers for each failure; never 401, which the client treats as "signed out". */
const PROVIDER_ERROR_STATUS: Record<ProviderErrorCode, number> = {
  provider_invalid_key: 400,
  provider_quota_exhausted: 402,
  provider_unavailable: 503,
  provider_bad_output: 502,
  provider_rejected: 422,
};

export const providerErrorStatus = (error: ProviderError): number => PROVIDER_ERROR_STATUS[error.code];

/**
 * A provider failure as the client renders it (`errors.<code>` with the provider's name), and an English
 * developer text without the provider's own words, which go to the log only.
 */
export const providerFailure = (error: ProviderError) => ({
  code: error.code,
  params: { provider: error.provider },
  message: `${error.provider}: ${error.code}`,
});
