import type { Settings } from '../../../shared/api/settings';
import {
  drawableFormat,
  type ImageFormat,
  type ImageStyle,
  resolveImageStyle,
} from '../../../shared/catalogs/image-styles';
import { drawWordPicture } from '../uploads/word-enrichment';
import type { DictionaryRepository } from './dictionary.repository';

export interface PictureLook {
  style: ImageStyle;
  format: ImageFormat;
}

/** The style asked for (the settings' default when none) and the format the settings choose. */
export const pictureLookOf = (
  requestedStyle: string | number | null | undefined,
  settings: Pick<Settings, 'defaultImageStyle' | 'imageFormat'>,
): PictureLook => ({
  style: resolveImageStyle(requestedStyle ?? settings.defaultImageStyle),
  format: drawableFormat(settings.imageFormat),
});

/**
 * Draws a new picture of the word and makes it the word's, kept in its library: the step a single
 * word's regenerate-image and the picture jobs share. `isSaved` is false when the word is gone meanwhile.
 */
export async function saveNewWordPicture(
  deps: Parameters<typeof drawWordPicture>[0] & { dictionary: DictionaryRepository },
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
