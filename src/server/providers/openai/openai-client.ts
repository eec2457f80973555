import OpenAI from 'openai';
import type { FetchFunction } from '../http/provider-fetch';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiConnection {
  apiKey: string;
  /** `…/v1` of OpenAI or of any compatible server; the environment override wins over the learner's. */
  baseUrl: string;
  fetch?: FetchFunction | undefined;
  /** Replaces every per-call timeout (tests of a hanging provider). */
  timeoutMs?: number | undefined;
}

/** The SDK's own retries are off: ours tell quota from rate limit and honour the same back-off everywhere. */
export function createOpenAiClient(connection: OpenAiConnection): OpenAI {
  return new OpenAI({
    apiKey: connection.apiKey,
    baseURL: connection.baseUrl,
    maxRetries: 0,
    fetch: connection.fetch,
  });
}
