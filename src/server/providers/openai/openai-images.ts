import { z } from 'zod';
import type { ImageFormat } from '../../../shared/catalogs/image-styles';
import { checkImage } from '../http/media-check';
import { providerFetch, transientFailure } from '../http/provider-fetch';
import { withRetries } from '../http/retry';
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

const imagesAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).nullish(),
});

export function createOpenAiImages(
  connection: OpenAiConnection & { imageModel?: OpenAiImageModel | undefined },
): ImageGenerator {
  const client = createOpenAiClient(connection);
  const model = connection.imageModel ?? 'gpt-image-1';

  async function generateOnce(request: ImageRequest): Promise<GeneratedImage> {
    const size = SIZES[model][request.format];
    // gpt-image models always answer base64 and refuse `response_format`; dall-e-3 must be asked for it.
    const body =
      model === 'dall-e-3'
        ? {
            model,
            prompt: request.prompt,
            n: 1,
            size,
            quality: 'standard' as const,
            response_format: 'b64_json' as const,
          }
        : { model, prompt: request.prompt, n: 1, size, quality: 'medium' as const };
    const overallMs = overallTimeout(connection, IMAGE_TIMEOUT_MS);
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
    generate: (request) => withRetries(() => generateOnce(request), undefined, request.signal),
  };
}
