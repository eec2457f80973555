import type { ImageFormat } from '../../../shared/catalogs/image-styles';
import { providerFetch } from '../http/provider-fetch';
import { withRetries } from '../http/retry';
import type { GeneratedImage, ImageGenerator, ImageRequest } from '../images';
import { ProviderError } from '../provider-error';
import { createOpenAiClient, type OpenAiConnection } from './openai-client';
import { fromOpenAiError } from './openai-errors';

const IMAGE_TIMEOUT_MS = 120_000;
export const OPENAI_IMAGE_MODELS = ['gpt-image-1', 'dall-e-3'] as const;
export type OpenAiImageModel = (typeof OPENAI_IMAGE_MODELS)[number];

/** The sizes each model accepts, nearest to our three formats. */
const SIZES = {
  'gpt-image-1': { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' },
  'dall-e-3': { square: '1024x1024', landscape: '1792x1024', portrait: '1024x1792' },
} as const satisfies Record<OpenAiImageModel, Record<ImageFormat, string>>;

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
    const answer = await client.images
      .generate(body, { timeout: connection.timeoutMs ?? IMAGE_TIMEOUT_MS, signal: request.signal })
      .catch((error: unknown) => {
        throw fromOpenAiError(error, request.signal);
      });
    const image = answer.data?.[0];
    if (image?.b64_json) return { image: Buffer.from(image.b64_json, 'base64'), mimeType: 'image/png' };
    if (image?.url) {
      const download = await providerFetch({
        provider: 'openai',
        url: image.url,
        headers: {},
        timeoutMs: IMAGE_TIMEOUT_MS,
        signal: request.signal,
        fetch: connection.fetch,
      });
      if (download.status === 200 && download.body.length > 0) {
        return {
          image: download.body,
          mimeType: download.headers.get('content-type') === 'image/jpeg' ? 'image/jpeg' : 'image/png',
        };
      }
    }
    throw new ProviderError('provider_bad_output', 'openai', 'the answer carried no image');
  }

  return {
    provider: 'openai',
    generate: (request) => withRetries(() => generateOnce(request), undefined, request.signal),
  };
}
