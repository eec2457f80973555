import { ProviderError, type ProviderName } from '../provider-error';
import { parseRetryAfter } from './retry';

export type FetchFunction = typeof fetch;

export interface ProviderRequest {
  provider: ProviderName;
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  fetch?: FetchFunction | undefined;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

/**
 * One HTTP exchange with a provider: the per-call timeout, and transport failures turned into
 * ProviderError. The answer is read whole, since every answer we use is small or is a media file we keep.
 */
export async function providerFetch(request: ProviderRequest): Promise<ProviderResponse> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await (request.fetch ?? fetch)(request.url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const isTimeout = timeout.aborted;
    throw new ProviderError(
      'provider_unavailable',
      request.provider,
      isTimeout ? `no answer within ${request.timeoutMs} ms` : `request failed: ${String(error)}`,
      // A provider that hung once is not retried: the timeout already spent the learner's patience.
      { isRetryable: !isTimeout },
    );
  }
}

export function parseJsonBody(response: ProviderResponse): unknown {
  try {
    return JSON.parse(response.body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The transient statuses every provider shares: rate limits and server trouble. */
export function transientFailure(
  provider: ProviderName,
  response: ProviderResponse,
  detail: string,
): ProviderError | undefined {
  if (response.status !== 429 && response.status < 500) return undefined;
  return new ProviderError('provider_unavailable', provider, `HTTP ${response.status}: ${detail}`, {
    httpStatus: response.status,
    isRetryable: true,
    retryAfterMs: parseRetryAfter(response.headers.get('retry-after')),
  });
}
