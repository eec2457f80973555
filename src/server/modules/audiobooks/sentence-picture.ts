import type { ImageFormat, ImageStyle } from '../../../shared/catalogs/image-styles';
import type { MediaStore } from '../../media/media-store';
import type { ImageProviderName } from '../../providers/images';
import type { ProviderSet } from '../../providers/provider-set';
import { drawWordPicture } from '../enrichment/word-picture.step';

/**
 * A sentence's picture from a named provider (docs/product/audiobooks.md#illustration-series): drawn by that
 * provider, or by the built-in pictures when it fails, so a series never loses a sentence to one bad answer.
 * Returns the stored `/media/…` path and the provider that really drew it.
 */
export async function drawSentencePicture(
  deps: { providers: ProviderSet; mediaStore: MediaStore; userId: string },
  provider: ImageProviderName,
  sentence: { spanish: string; russian: string },
  style: ImageStyle,
  format: ImageFormat,
  /** A series' prompt (its analysis included); the style around the sentence when absent. */
  prompt?: string,
): Promise<{ image: string; provider: ImageProviderName }> {
  const chosen = deps.providers.imagesFrom(provider);
  if (!chosen) throw new Error(`no ${provider} picture provider`);
  let drawnBy: ImageProviderName = provider;
  const image = await drawWordPicture(
    {
      providers: { ...deps.providers, images: chosen },
      mediaStore: deps.mediaStore,
      userId: deps.userId,
      fallback: { onFallback: () => (drawnBy = 'builtin') },
    },
    sentence,
    style,
    format,
    prompt,
  );
  return { image, provider: drawnBy };
}
