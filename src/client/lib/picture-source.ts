import { PICTURE_WIDTHS, type PictureWidth } from '../../shared/api/media';
import { mediaSource } from './media-source';

/**
 * Where a picture is shown (docs/product/media.md#which-width-each-place-asks-for). The audiobook player
 * reuses these for its backgrounds (`fullscreen`) and covers (`card`).
 */
export type PictureContext = 'thumbnail' | 'card' | 'fullscreen';

export interface PictureScreen {
  /** CSS pixels. */
  width: number;
  height: number;
  devicePixelRatio: number;
}

export interface PictureOptions {
  /** settings.lowQualityImages */
  isLowQuality: boolean;
  screen: PictureScreen;
}

/** Slot widths in CSS pixels; `fullscreen` is the screen's long side, since backgrounds cover the screen. */
export const PICTURE_SLOTS = { thumbnail: 56, card: 384 } as const;

/** Beyond 2× a phone shows no sharper picture, only a heavier one. */
const MAX_DENSITY = 2;

export function pictureSlot(context: PictureContext, screen: PictureScreen): number {
  return context === 'fullscreen' ? Math.max(screen.width, screen.height) : PICTURE_SLOTS[context];
}

/**
 * The variant width for a place: the smallest ladder width covering the slot at the screen's density
 * (counted at most 2, or 1 for lighter pictures, so never narrower than the slot); undefined when the slot
 * is wider than the ladder, which means the original.
 */
export function pictureWidth(context: PictureContext, options: PictureOptions): PictureWidth | undefined {
  const density = options.isLowQuality
    ? 1
    : Math.min(MAX_DENSITY, Math.max(1, options.screen.devicePixelRatio || 1));
  const needed = Math.ceil(pictureSlot(context, options.screen) * density);
  return PICTURE_WIDTHS.find((width) => width >= needed);
}

const STORED_PICTURE = /^\/media\/[0-9a-f]{64}\.(?:png|jpg|webp)$/;

/**
 * What an `<img>` loads for a stored picture in a place: a stored raster picture at the place's width; a
 * `data:` URL, an external link or an SVG as it is (they have no variants); raw base64 made a `data:` URL.
 */
export function pictureSource(
  stored: string | null | undefined,
  context: PictureContext,
  options: PictureOptions,
): string | null {
  const source = mediaSource(stored, 'image');
  if (!source || !STORED_PICTURE.test(source)) return source;
  const width = pictureWidth(context, options);
  return width === undefined ? source : `${source}?w=${width}`;
}
