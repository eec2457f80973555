import { z } from 'zod';
import { IMAGE_DIMENSIONS } from '../../../shared/catalogs/image-styles';
import {
  type FetchFunction,
  parseJsonBody,
  providerFetch,
  type ProviderResponse,
  transientFailure,
} from '../http/provider-fetch';
import { checkImage } from '../http/media-check';
import { retryPolicyOf, withRetries } from '../http/retry';
import type { GeneratedImage, ImageGenerator, ImageRequest } from '../images';
import { ProviderError } from '../provider-error';

export const LEONARDO_DEFAULT_BASE_URL = 'https://cloud.leonardo.ai/api/rest/v1';
/** Leonardo Phoenix 1.0: follows prompts closely, good for vocabulary pictures. */
export const LEONARDO_MODEL_ID = 'de7d3faf-762f-48e0-b3b7-9d0ac3a3fcf3';
const CALL_TIMEOUT_MS = 30_000;
/** The whole generation, polling and download included. */
const IMAGE_TIMEOUT_MS = 120_000;

const createdAnswer = z.object({ sdGenerationJob: z.object({ generationId: z.string() }) });
const generationAnswer = z.object({
  generations_by_pk: z
    .object({
      status: z.enum(['PENDING', 'COMPLETE', 'FAILED']),
      generated_images: z.array(z.object({ url: z.string() })).nullish(),
    })
    .nullable(),
});
const meAnswer = z.object({
  user_details: z
    .array(
      z.object({
        user: z.object({ id: z.string().nullish(), username: z.string().nullish() }).nullish(),
        subscriptionTokens: z.number().nullish(),
        paidTokens: z.number().nullish(),
        apiSubscriptionTokens: z.number().nullish(),
        apiPaidTokens: z.number().nullish(),
      }),
    )
    .min(1),
});
const errorAnswer = z.object({ error: z.string().optional(), code: z.string().optional() });

export interface LeonardoTokenInfo {
  username: string | null;
  /** The API balance: apiSubscriptionTokens + apiPaidTokens (Leonardo has no `apiTokens` field). */
  apiTokens: number;
  subscriptionTokens: number;
}

export interface LeonardoConnection {
  apiKey: string;
  /** Ends in `/api/rest/v1`. */
  baseUrl: string;
  fetch?: FetchFunction | undefined;
  /** Between status checks; tests shorten it. */
  pollIntervalMs?: number | undefined;
  /** Replaces the whole-generation deadline (tests of a provider that never finishes). */
  timeoutMs?: number | undefined;
  /** Connection and headers of each call; FIRST_BYTE_TIMEOUT_MS when absent. */
  firstByteTimeoutMs?: number | undefined;
  /** The first back-off between tries, doubled each time; DEFAULT_RETRY_POLICY's when absent (tests shorten it). */
  retryBaseDelayMs?: number | undefined;
}

function failureOf(response: ProviderResponse): ProviderError {
  const parsed = errorAnswer.safeParse(parseJsonBody(response));
  const description = parsed.success
    ? `${parsed.data.code ?? ''} ${parsed.data.error ?? ''}`
    : response.body.toString('utf8').slice(0, 200);
  const transient = transientFailure('leonardo', response, description);
  if (transient) return transient;
  const options = { httpStatus: response.status };
  if (response.status === 401 || response.status === 403 || parsed.data?.code === 'access-denied') {
    return new ProviderError('provider_invalid_key', 'leonardo', description, options);
  }
  if (response.status === 402 || /token|credit|balance/i.test(description)) {
    return new ProviderError('provider_quota_exhausted', 'leonardo', description, options);
  }
  return new ProviderError(
    'provider_rejected',
    'leonardo',
    `HTTP ${response.status} ${description}`,
    options,
  );
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    // The listener goes with the timer: a long poll would otherwise pile one up per status check.
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export function createLeonardoImages(connection: LeonardoConnection): ImageGenerator & {
  tokenInfo(signal?: AbortSignal): Promise<LeonardoTokenInfo>;
  checkKey(signal?: AbortSignal): Promise<boolean>;
} {
  const root = connection.baseUrl.replace(/\/+$/, '');
  const pollIntervalMs = connection.pollIntervalMs ?? 1500;
  const call = (path: string, signal: AbortSignal | undefined, body?: unknown) =>
    providerFetch({
      provider: 'leonardo',
      url: `${root}${path}`,
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${connection.apiKey}`, accept: 'application/json' },
      body,
      timeoutMs: Math.min(CALL_TIMEOUT_MS, connection.timeoutMs ?? CALL_TIMEOUT_MS),
      firstByteTimeoutMs: connection.firstByteTimeoutMs,
      signal,
      fetch: connection.fetch,
    });

  function readJson<T>(response: ProviderResponse, schema: z.ZodType<T>, what: string): T {
    if (response.status !== 200) throw failureOf(response);
    const parsed = schema.safeParse(parseJsonBody(response));
    if (!parsed.success) throw new ProviderError('provider_bad_output', 'leonardo', `unreadable ${what}`);
    return parsed.data;
  }

  async function generateOnce(request: ImageRequest): Promise<GeneratedImage> {
    const deadlineMs = connection.timeoutMs ?? IMAGE_TIMEOUT_MS;
    const deadline = AbortSignal.timeout(deadlineMs);
    const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
    const { width, height } = IMAGE_DIMENSIONS[request.format];
    try {
      const created = readJson(
        await call('/generations', signal, {
          prompt: request.prompt,
          modelId: LEONARDO_MODEL_ID,
          width,
          height,
          num_images: 1,
          alchemy: false,
          negative_prompt: 'text, letters, watermark, signature',
        }),
        createdAnswer,
        'generation job',
      );
      const id = created.sdGenerationJob.generationId;
      // Leonardo has no webhook for API keys: ask until the job leaves PENDING, within the deadline.
      for (;;) {
        await sleep(pollIntervalMs, signal);
        const { generations_by_pk: generation } = readJson(
          await call(`/generations/${encodeURIComponent(id)}`, signal),
          generationAnswer,
          'generation',
        );
        if (generation?.status === 'FAILED') {
          throw new ProviderError('provider_bad_output', 'leonardo', `generation ${id} failed`);
        }
        const url = generation?.status === 'COMPLETE' ? generation.generated_images?.[0]?.url : undefined;
        if (generation?.status === 'COMPLETE' && !url) {
          throw new ProviderError('provider_bad_output', 'leonardo', `generation ${id} has no image`);
        }
        if (url) {
          // The URL expires: the bytes are kept, not the link.
          const download = await providerFetch({
            provider: 'leonardo',
            url,
            headers: {},
            timeoutMs: CALL_TIMEOUT_MS,
            firstByteTimeoutMs: connection.firstByteTimeoutMs,
            signal,
            fetch: connection.fetch,
          });
          if (download.status !== 200) throw failureOf(download);
          // The type is what the bytes are, whatever the CDN's header says.
          return await checkImage('leonardo', download.body);
        }
      }
    } catch (error) {
      if (deadline.aborted && !request.signal?.aborted) {
        throw new ProviderError('provider_unavailable', 'leonardo', `no picture within ${deadlineMs} ms`, {
          transport: 'timeout',
        });
      }
      throw error;
    }
  }

  async function tokenInfo(signal?: AbortSignal): Promise<LeonardoTokenInfo> {
    const me = readJson(await call('/me', signal), meAnswer, 'account');
    // The schema requires at least one entry.
    const [details] = me.user_details as [(typeof me.user_details)[number]];
    return {
      username: details.user?.username ?? null,
      apiTokens: (details.apiSubscriptionTokens ?? 0) + (details.apiPaidTokens ?? 0),
      subscriptionTokens: details.subscriptionTokens ?? 0,
    };
  }

  return {
    provider: 'leonardo',
    generate: (request) =>
      withRetries(() => generateOnce(request), retryPolicyOf(connection), request.signal),
    tokenInfo: (signal) => withRetries(() => tokenInfo(signal), retryPolicyOf(connection), signal),
    async checkKey(signal) {
      try {
        await withRetries(() => tokenInfo(signal), retryPolicyOf(connection), signal);
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'provider_invalid_key') return false;
        throw error;
      }
    },
  };
}
