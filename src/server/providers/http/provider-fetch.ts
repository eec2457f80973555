import { ProviderError, type ProviderName } from '../provider-error';
import { addressRefusalIn, refusedAddressError } from './address-guard';
import { parseRetryAfter } from './retry';

export type FetchFunction = typeof fetch;

/**
 * The longest a provider may take to connect and send its answer's headers
 * (docs/product/providers.md#timeouts); the body of a long answer may take up to the call's overall time.
 */
export const FIRST_BYTE_TIMEOUT_MS = 10_000;

export interface ProviderRequest {
  provider: ProviderName;
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The whole exchange, body included. */
  timeoutMs: number;
  /** Connection and headers; FIRST_BYTE_TIMEOUT_MS when absent, never more than `timeoutMs`. */
  firstByteTimeoutMs?: number | undefined;
  signal?: AbortSignal | undefined;
  fetch?: FetchFunction | undefined;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: Buffer;
}

class FirstByteTimeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * A transport failure as a ProviderError: no answer in time, an address refused, or a connection that
 * failed or dropped. A cancel by the caller goes through as the caller's own reason.
 */
export function transportFailure(
  provider: ProviderName,
  error: unknown,
  context: { callerSignal?: AbortSignal | undefined; timedOut?: string | undefined },
): unknown {
  if (error instanceof ProviderError) return error;
  if (context.callerSignal?.aborted) return context.callerSignal.reason;
  const refusal = addressRefusalIn(error);
  if (refusal) return refusedAddressError(provider, refusal);
  if (context.timedOut) {
    // A provider that hung is not retried: the timeout already spent the learner's patience.
    return new ProviderError('provider_unavailable', provider, context.timedOut, { transport: 'timeout' });
  }
  return new ProviderError('provider_unavailable', provider, `request failed: ${describe(error)}`, {
    isRetryable: true,
    transport: 'unreachable',
  });
}

const describe = (error: unknown): string =>
  error instanceof Error
    ? `${error.message}${error.cause === undefined ? '' : ` (${describe(error.cause)})`}`
    : String(error);

/**
 * `fetch` that gives up when no headers arrived within `firstByteMs`, with a ProviderError marked as a
 * timeout; the body may then take as long as the caller's own signal allows. Used by providerFetch and as
 * the openai SDK's fetch, whose own `timeout` only ends the wait for the headers.
 */
export function withFirstByteTimeout(
  provider: ProviderName,
  fetchFunction: FetchFunction,
  firstByteMs: number,
): FetchFunction {
  return async (input, init) => {
    const firstByte = new AbortController();
    const timer = setTimeout(() => firstByte.abort(new FirstByteTimeout(firstByteMs)), firstByteMs);
    const callerSignal = init?.signal ?? undefined;
    const signal = callerSignal ? AbortSignal.any([callerSignal, firstByte.signal]) : firstByte.signal;
    try {
      return await fetchFunction(input, { ...init, signal });
    } catch (error) {
      // The caller's abort stays theirs (the SDK tells its own timeout from a cancel by it).
      if (callerSignal?.aborted) throw error;
      throw transportFailure(provider, error, {
        timedOut: firstByte.signal.aborted ? `no answer within ${firstByteMs} ms` : undefined,
      });
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * One HTTP exchange with a provider: a first-byte timeout and an overall one, and transport failures
 * turned into ProviderError. The answer is read whole, since every answer we use is small or is a media
 * file we keep.
 */
export async function providerFetch(request: ProviderRequest): Promise<ProviderResponse> {
  const overall = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, overall]) : overall;
  const firstByteMs = Math.min(request.firstByteTimeoutMs ?? FIRST_BYTE_TIMEOUT_MS, request.timeoutMs);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const context = () => ({
    callerSignal: request.signal,
    timedOut: overall.aborted ? `no full answer within ${request.timeoutMs} ms` : undefined,
  });
  let response: Response;
  try {
    response = await withFirstByteTimeout(
      request.provider,
      request.fetch ?? fetch,
      firstByteMs,
    )(request.url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    });
  } catch (error) {
    throw transportFailure(request.provider, error, context());
  }
  try {
    // A body cut short (the connection dropped mid-answer) fails here, as a dropped connection.
    const body = await readBounded(request.provider, response);
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const failure = transportFailure(request.provider, error, context());
    // The provider did answer: a dropped body is worth another try but is no sign that it has gone away.
    if (failure instanceof ProviderError && failure.transport === 'unreachable') {
      throw new ProviderError(
        'provider_unavailable',
        request.provider,
        `answer cut short: ${describe(error)}`,
        {
          isRetryable: true,
        },
      );
    }
    throw failure;
  }
}

/** No answer we use comes near this: a longer one is a hostile or broken endpoint, not kept in memory. */
export const MAX_ANSWER_BYTES = 25 * 1024 * 1024;

/** The whole body, refused (and the connection dropped) once it passes MAX_ANSWER_BYTES. */
async function readBounded(provider: ProviderName, response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new ProviderError('provider_bad_output', provider, `answer over ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
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
