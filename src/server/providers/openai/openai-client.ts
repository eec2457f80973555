import OpenAI from 'openai';
import { FIRST_BYTE_TIMEOUT_MS, type FetchFunction, withFirstByteTimeout } from '../http/provider-fetch';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiConnection {
  apiKey: string;
  /** `…/v1` of OpenAI or of any compatible server; the environment override wins over the learner's. */
  baseUrl: string;
  /** The learner's own endpoint gets the address-checked fetch (docs/product/providers.md#endpoint-addresses). */
  fetch?: FetchFunction | undefined;
  /** Replaces every per-call overall timeout (tests of a hanging provider). */
  timeoutMs?: number | undefined;
  /** Connection and headers; FIRST_BYTE_TIMEOUT_MS when absent. */
  firstByteTimeoutMs?: number | undefined;
  /** The first back-off between tries, doubled each time; DEFAULT_RETRY_POLICY's when absent (tests shorten it). */
  retryBaseDelayMs?: number | undefined;
}

/** A call's overall time: the connection's override or the kind's own. */
export const overallTimeout = (connection: OpenAiConnection, kindMs: number) =>
  connection.timeoutMs ?? kindMs;

/**
 * The SDK's own retries are off: ours tell quota from rate limit and honour the same back-off everywhere.
 * The SDK's `timeout` only ends the wait for the headers; the first-byte limit is enforced by the fetch it
 * is given, and each call's overall limit by the signal the adapter passes (`callSignal`).
 */
export function createOpenAiClient(connection: OpenAiConnection): OpenAI {
  const firstByteMs = Math.min(
    connection.firstByteTimeoutMs ?? FIRST_BYTE_TIMEOUT_MS,
    connection.timeoutMs ?? Number.POSITIVE_INFINITY,
  );
  return new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    maxRetries: 0,
    fetch: withFirstByteTimeout('openai', connection.fetch ?? fetch, firstByteMs),
  });
}

/** The caller's cancel and the call's overall deadline as one signal, and which of them fired. */
export function callSignal(callerSignal: AbortSignal | undefined, overallMs: number) {
  const deadline = AbortSignal.timeout(overallMs);
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline,
    timedOut: () =>
      deadline.aborted && !callerSignal?.aborted ? `no full answer within ${overallMs} ms` : undefined,
  };
}
