import { IMAGE_DIMENSIONS } from '../../../shared/catalogs/image-styles';
import type { GeneratedImage, ImageGenerator, ImageRequest } from '../images';
import { ProviderError } from '../provider-error';
import { getEmojiIndex, stripVariationSelectors, type DrawableEmoji, type EmojiIndex } from './emoji-index';
import { FALLBACK_EMOJI, matchEmoji } from './emoji-matcher';
import { renderEmojiPicture } from './emoji-renderer';

export { matchEmoji, FALLBACK_EMOJI, type EmojiMatch, type EmojiMatchSource } from './emoji-matcher';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Pictures drawn lately, by emoji, palette and format: many words of an upload share an emoji, and each
 * picture is a few tens of KB, so a few hundred bound the memory while sparing most of the drawing.
 */
export const PICTURE_CACHE_SIZE = 200;

/**
 * The picture provider that needs no key (docs/product/providers.md#built-in-pictures): the word's emoji on
 * the style's gradient, drawn offline at the full size of the requested format, and kept for the next word
 * with the same emoji, style and format. A word nothing matches, or whose emoji cannot be drawn, gets the
 * fallback emoji; only a broken installation (emoji data or SVG files missing) fails.
 */
export function createBuiltinImages(
  options: { render?: typeof renderEmojiPicture; cacheSize?: number } = {},
): ImageGenerator {
  const render = options.render ?? renderEmojiPicture;
  const cacheSize = options.cacheSize ?? PICTURE_CACHE_SIZE;
  /** In insertion order, the oldest first; a hit moves to the end. A drawing in flight is shared. */
  const drawn = new Map<string, Promise<Buffer>>();

  function draw(index: EmojiIndex, entry: DrawableEmoji, request: ImageRequest): Promise<Buffer> {
    const key = `${entry.hexcode}|${request.style.palette.join(',')}|${request.format}`;
    const cached = drawn.get(key);
    if (cached) {
      drawn.delete(key);
      drawn.set(key, cached);
      return cached;
    }
    const { width, height } = IMAGE_DIMENSIONS[request.format];
    const drawing = (async () =>
      render({
        emojiSvg: await index.twemoji.read(entry.svgFile),
        palette: request.style.palette,
        width,
        height,
      }))();
    drawn.set(key, drawing);
    // A failed drawing is not kept: the next request tries again.
    drawing.catch(() => {
      if (drawn.get(key) === drawing) drawn.delete(key);
    });
    while (drawn.size > cacheSize) {
      const oldest = drawn.keys().next().value;
      if (oldest === undefined) break;
      drawn.delete(oldest);
    }
    return drawing;
  }

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
      const emoji = request.emoji ?? matchEmoji(request.subject, index).emoji;
      const entry = index.byEmoji.get(stripVariationSelectors(emoji));
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
