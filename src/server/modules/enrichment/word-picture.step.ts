import type { Settings } from '../../../shared/api/settings';
import {
  drawableFormat,
  type ImageFormat,
  type ImageStyle,
  resolvePictureStyle,
  stylePrompt,
} from '../../../shared/catalogs/image-styles';
import { type Limiter, unbounded } from '../../lib/concurrency';
import type { MediaStore } from '../../media/media-store';
import { isProviderError, type ProviderError } from '../../providers/provider-error';
import type { ProviderSet } from '../../providers/provider-set';
import type { DictionaryRepository } from '../dictionary/dictionary.repository';

/**
 * A word's picture (docs/product/upload.md#stages, stage 6): drawn by the learner's image provider and
 * stored as `/media/…`, by the upload, the dictionary's picture actions and the picture jobs alike.
 */

export interface PictureLook {
  style: ImageStyle;
  format: ImageFormat;
}

/**
 * The style asked for (the settings' upload style when none: docs/product/upload.md#picture-style) and the
 * format the settings choose.
 */
export const pictureLookOf = (
  requestedStyle: string | number | null | undefined,
  settings: Pick<Settings, 'defaultImageStyle' | 'imageFormat'>,
): PictureLook => ({
  style: resolvePictureStyle(requestedStyle ?? settings.defaultImageStyle),
  format: drawableFormat(settings.imageFormat),
});

/**
 * Draws a new picture of the word and makes it the word's, kept in its library: the step a single
 * word's regenerate-image and the picture jobs share. `isSaved` is false when the word is gone meanwhile.
 */
export async function saveNewWordPicture(
  deps: Parameters<typeof drawWordPicture>[0] & { dictionary: Pick<DictionaryRepository, 'savePicture'> },
  word: { id: number; spanish: string; russian: string },
  { style, format }: PictureLook,
): Promise<{ imageUrl: string; isSaved: boolean }> {
  const imageUrl = await drawWordPicture(deps, word, style, format);
  const isSaved = await deps.dictionary.savePicture(deps.userId, word.id, {
    imageUrl,
    styleId: style.id,
    styleName: style.key,
    imageFormat: format,
  });
  return { imageUrl, isSaved };
}

/**
 * What happens when the learner's image provider fails for a word (docs/product/providers.md#fallback):
 * the built-in pictures draw it instead, and `onFallback` hears the failure. A provider in `skipped`
 * (one run's, filled by its `onFallback` as it sees fit) is not asked at all: a refused key fails the same
 * way for every word.
 */
export interface PictureFallback {
  onFallback(error: ProviderError): void;
  skipped?: ReadonlySet<string> | undefined;
}

/**
 * A picture of the word in the style, through the learner's image provider, stored as `/media/…`. With
 * `fallback`, a provider failure draws the built-in picture instead of failing.
 */
export async function drawWordPicture(
  deps: {
    providers: ProviderSet;
    mediaStore: MediaStore;
    userId: string;
    limiter?: Limiter | undefined;
    fallback?: PictureFallback | undefined;
  },
  subject: { spanish: string; russian: string },
  style: ImageStyle,
  format: ImageFormat,
  /** The whole prompt, when the caller composes more than the style around the subject. */
  prompt?: string,
): Promise<string> {
  const limiter = deps.limiter ?? unbounded;
  const request = {
    subject,
    prompt: prompt ?? stylePrompt(style, `${subject.spanish} (${subject.russian})`),
    style,
    format,
  };
  const chosen = deps.providers.images;
  const builtin = deps.providers.imagesFrom('builtin');
  const { fallback } = deps;
  const canFallBack = fallback !== undefined && builtin !== null && chosen.provider !== 'builtin';
  let generated;
  if (canFallBack && fallback.skipped?.has(chosen.provider)) {
    // Pictures drawn on this machine take no slot of the provider's bound.
    generated = await builtin.generate(request);
  } else {
    try {
      generated = await limiter(() => chosen.generate(request));
    } catch (error) {
      if (!canFallBack || !isProviderError(error)) throw error;
      fallback.onFallback(error);
      generated = await builtin.generate(request);
    }
  }
  return deps.mediaStore.put(deps.userId, generated.image, generated.mimeType);
}
