import { z } from 'zod';
import type { ImageFormat } from '../../../shared/catalogs/image-styles';
import { checkImage } from '../http/media-check';
import { providerFetch, transientFailure } from '../http/provider-fetch';
import { retryPolicyOf, withRetries } from '../http/retry';
import type { GeneratedImage, ImageGenerator, ImageRequest } from '../images';
import { ProviderError } from '../provider-error';
import { callSignal, createOpenAiClient, type OpenAiConnection, overallTimeout } from './openai-client';
import { fromOpenAiError } from './openai-errors';

const IMAGE_TIMEOUT_MS = 120_000;
export const OPENAI_IMAGE_MODELS = ['gpt-image-1', 'dall-e-3'] as const;
export type OpenAiImageModel = (typeof OPENAI_IMAGE_MODELS)[number];

/** The sizes each model accepts, nearest to our three formats. */
const SIZES = {
  'gpt-image-1': { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' },
  'dall-e-3': { square: '1024x1024', landscape: '1792x1024', portrait: '1024x1792' },
} as const satisfies Record<OpenAiImageModel, Record<ImageFormat, string>>;

const streamEvent = z.object({ type: z.string(), b64_json: z.string().nullish() });
const imagesAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).nullish(),
});

export function createOpenAiImages(
  connection: OpenAiConnection & { imageModel?: OpenAiImageModel | undefined },
): ImageGenerator {
  const model = connection.imageModel ?? 'gpt-image-1';
  const overallMs = overallTimeout(connection, IMAGE_TIMEOUT_MS);
  // dall-e-3 cannot stream and sends nothing until the picture is done: its wait for the headers is its
  // whole time (docs/product/providers.md#timeouts). GPT image models stream, so the first-byte limit holds.
  const client = createOpenAiClient(
    model === 'dall-e-3'
      ? { ...connection, firstByteTimeoutMs: connection.firstByteTimeoutMs ?? overallMs }
      : connection,
  );

  /** A GPT image model's picture, streamed: the headers come at once, the picture in the last event. */
  async function streamedPicture(request: ImageRequest): Promise<GeneratedImage> {
    const call = callSignal(request.signal, overallMs);
    const fail = (error: unknown) => {
      throw fromOpenAiError(error, request.signal, call.timedOut);
    };
    const stream: AsyncIterable<unknown> = await client.images
      .generate(
        {
          model: 'gpt-image-1',
          prompt: request.prompt,
          n: 1,
          size: SIZES['gpt-image-1'][request.format],
          quality: 'medium',
          stream: true,
          partial_images: 0,
        },
        { timeout: overallMs, signal: call.signal },
      )
      .catch(fail);
    let picture: string | undefined;
    try {
      for await (const raw of stream) {
        const event = streamEvent.safeParse(raw);
        if (!event.success)
          throw new ProviderError('provider_bad_output', 'openai', 'unreadable image event');
        if (event.data.type === 'image_generation.completed') picture = event.data.b64_json ?? undefined;
      }
    } catch (error) {
      fail(error);
    }
    if (!picture) throw new ProviderError('provider_bad_output', 'openai', 'the answer carried no image');
    // The type is what the bytes are, whatever the answer says.
    return checkImage('openai', Buffer.from(picture, 'base64'));
  }

  async function generateOnce(request: ImageRequest): Promise<GeneratedImage> {
    if (model !== 'dall-e-3') return streamedPicture(request);
    const size = SIZES[model][request.format];
    const body = {
      model,
      prompt: request.prompt,
      n: 1,
      size,
      quality: 'standard' as const,
      // dall-e-3 answers a link unless asked for the bytes.
      response_format: 'b64_json' as const,
    };
    const call = callSignal(request.signal, overallMs);
    const raw: unknown = await client.images
      .generate(body, { timeout: overallMs, signal: call.signal })
      .catch((error: unknown) => {
        throw fromOpenAiError(error, request.signal, call.timedOut);
      });
    const answer = imagesAnswer.safeParse(raw);
    if (!answer.success) throw new ProviderError('provider_bad_output', 'openai', 'unreadable image answer');
    const image = answer.data.data?.[0];
    // The type is what the bytes are, whatever the answer or the download's header says.
    if (image?.b64_json) return checkImage('openai', Buffer.from(image.b64_json, 'base64'));
    if (image?.url) {
      const download = await providerFetch({
        provider: 'openai',
        url: image.url,
        headers: {},
        timeoutMs: overallMs,
        firstByteTimeoutMs: connection.firstByteTimeoutMs,
        signal: request.signal,
        fetch: connection.fetch,
      });
      if (download.status !== 200) {
        throw (
          transientFailure('openai', download, 'image download') ??
          new ProviderError('provider_bad_output', 'openai', `image download: HTTP ${download.status}`, {
            httpStatus: download.status,
          })
        );
      }
      return checkImage('openai', download.body);
    }
    throw new ProviderError('provider_bad_output', 'openai', 'the answer carried no image');
  }

  return {
    provider: 'openai',
    generate: (request) =>
      withRetries(() => generateOnce(request), retryPolicyOf(connection), request.signal),
  };
}
