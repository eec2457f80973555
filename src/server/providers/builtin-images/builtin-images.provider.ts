import { IMAGE_DIMENSIONS } from '../../../shared/catalogs/image-styles';
import type { GeneratedImage, ImageGenerator, ImageRequest } from '../images';
import { ProviderError } from '../provider-error';
import { getEmojiIndex, stripVariationSelectors, type DrawableEmoji, type EmojiIndex } from './emoji-index';
import { FALLBACK_EMOJI, matchEmoji } from './emoji-matcher';
import { renderEmojiPicture } from './emoji-renderer';

export { matchEmoji, FALLBACK_EMOJI, type EmojiMatch, type EmojiMatchSource } from './emoji-matcher';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function draw(index: EmojiIndex, entry: DrawableEmoji, request: ImageRequest): Promise<Buffer> {
  const { width, height } = IMAGE_DIMENSIONS[request.format];
  return renderEmojiPicture({
    emojiSvg: await index.twemoji.read(entry.svgFile),
    palette: request.style.palette,
    width,
    height,
  });
}

/**
 * The picture provider that needs no key (docs/product/providers.md#built-in-pictures): the word's emoji on
 * the style's gradient, drawn offline at the full size of the requested format. A word nothing matches, or
 * whose emoji cannot be drawn, gets the fallback emoji; only a broken installation (emoji data or SVG files
 * missing) fails.
 */
export function createBuiltinImages(): ImageGenerator {
  return {
    provider: 'builtin',
    async generate(request: ImageRequest): Promise<GeneratedImage> {
      request.signal?.throwIfAborted();
      let index: EmojiIndex;
      try {
        index = getEmojiIndex();
      } catch (error) {
        throw new ProviderError(
          'provider_unavailable',
          'builtin',
          `emoji data unreadable: ${messageOf(error)}`,
        );
      }
      const fallback = index.byEmoji.get(FALLBACK_EMOJI);
      const entry = index.byEmoji.get(stripVariationSelectors(matchEmoji(request.subject, index).emoji));
      const attempts = [entry, fallback].filter((item): item is DrawableEmoji => item !== undefined);
      const failures: string[] = [];
      for (const attempt of attempts) {
        try {
          return { image: await draw(index, attempt, request), mimeType: 'image/webp' };
        } catch (error) {
          failures.push(`${attempt.hexcode}: ${messageOf(error)}`);
        }
      }
      throw new ProviderError(
        'provider_unavailable',
        'builtin',
        `emoji picture failed: ${failures.join('; ') || 'no drawable emoji'}`,
      );
    },
  };
}
