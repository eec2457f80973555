import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { PictureWidth } from '../../shared/api/media';
import type { MediaRepository } from './media.repository';

export interface ServedMedia {
  sha256: string;
  mimeType: string;
  data: Buffer;
}

/** What a variant request answers: the bytes, and the original's type (the name's extension must match it). */
export interface ServedVariant extends ServedMedia {
  sourceMimeType: string;
}

/** Pictures sharp can shrink; SVG scales by itself and clips are not pictures. */
const RESIZABLE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
export const isResizablePicture = (mimeType: string) => RESIZABLE_TYPES.has(mimeType);

/** A smaller encoding of the picture, or 'original' when the picture itself is already no larger. */
export type VariantMaker = (
  picture: Buffer,
  width: PictureWidth,
) => Promise<{ data: Buffer; mimeType: string } | 'original'>;

/**
 * WebP; small widths a little harder: a 128 px thumbnail of a built-in picture is about 1 KB and of a
 * detailed photo under 4 KB (docs/product/media.md#picture-variants), and at those sizes the loss does not
 * show.
 */
const variantWebp = (width: number) => ({ quality: width <= 256 ? 60 : 72, effort: 4 });

export const makeVariantWithSharp: VariantMaker = async (picture, width) => {
  const metadata = await sharp(picture).metadata();
  // Never larger than the original: a picture already this narrow is served as it is.
  if (!metadata.width || metadata.width <= width) return 'original';
  const data = await sharp(picture).rotate().resize({ width }).webp(variantWebp(width)).toBuffer();
  return data.length < picture.length ? { data, mimeType: 'image/webp' } : 'original';
};

export interface PictureVariantsDeps {
  repository: Pick<MediaRepository, 'findVariant' | 'findReadable' | 'saveVariant' | 'saveSelfVariant'>;
  makeVariant?: VariantMaker;
}

/**
 * Width variants of stored pictures (docs/product/media.md#picture-variants), made on first request and
 * kept as media objects. Concurrent first requests in this process share one making; a later request, here
 * or in another instance, reads the kept variant.
 */
export function createPictureVariants({
  repository,
  makeVariant = makeVariantWithSharp,
}: PictureVariantsDeps) {
  const making = new Map<string, Promise<ServedVariant>>();

  async function make(original: ServedVariant, width: PictureWidth, userId: string): Promise<ServedVariant> {
    // A making that finished between this request's first look and now has kept its variant.
    const kept = await repository.findVariant(original.sha256, width, userId);
    if (kept) return kept;
    // A picture sharp cannot decode all the way (a truncated download, say) is served as it is, and kept
    // so, rather than failing every request that asks for a width of it.
    const made = await makeVariant(original.data, width).catch(() => 'original' as const);
    if (made === 'original') {
      await repository.saveSelfVariant(original.sha256, width);
      return original;
    }
    const variant = { ...made, sha256: createHash('sha256').update(made.data).digest('hex') };
    await repository.saveVariant(original.sha256, width, variant);
    return { ...variant, sourceMimeType: original.mimeType };
  }

  return {
    /**
     * The picture at this width for this learner; undefined when they may not read the original (the same
     * 404 as a missing picture). Anything that is not a resizable picture is served as it is.
     */
    async read(sha256: string, width: PictureWidth, userId: string): Promise<ServedVariant | undefined> {
      const kept = await repository.findVariant(sha256, width, userId);
      if (kept) return kept;
      const found = await repository.findReadable(sha256, userId);
      if (!found) return undefined;
      const original = { sha256, mimeType: found.mimeType, data: found.data, sourceMimeType: found.mimeType };
      if (!isResizablePicture(original.mimeType)) return original;

      const key = `${sha256}/${width}`;
      let pending = making.get(key);
      if (!pending) {
        pending = make(original, width, userId).finally(() => making.delete(key));
        making.set(key, pending);
      }
      return pending;
    },
  };
}
export type PictureVariants = ReturnType<typeof createPictureVariants>;
