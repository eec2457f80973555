import type { StylePreview } from '../../../shared/api/audiobook-player';
import { IMAGE_STYLES, type ImageStyle } from '../../../shared/catalogs/image-styles';
import type { MediaStore } from '../../media/media-store';
import type { ImageGenerator } from '../../providers/images';
import type { StylePreviewsRepository } from './style-previews.repository';

/**
 * The preview of each catalogue style on the tiles of 'Генерация изображений с ИИ'
 * (docs/product/audiobooks.md#style-previews): the style's icon on its colours, drawn by the built-in
 * pictures the first time any learner asks, stored as shared media and kept in `style_icons` for every
 * learner after. No provider is paid for a preview; a picture by the learner's provider is a sample,
 * drawn only when asked for.
 */
export function createStylePreviewsService(deps: {
  repository: StylePreviewsRepository;
  builtinImages: ImageGenerator;
  mediaStore: MediaStore;
}) {
  /** Drawings under way in this process: concurrent first requests share them. */
  let drawing: Promise<void> | null = null;

  async function draw(style: ImageStyle) {
    const picture = await deps.builtinImages.generate({
      subject: { spanish: style.nameEn },
      prompt: style.promptTemplate,
      style,
      format: 'square',
      emoji: style.iconEmoji,
    });
    const iconData = await deps.mediaStore.putShared(picture.image, picture.mimeType);
    await deps.repository.add({
      styleId: style.id,
      styleName: style.key,
      iconData,
      mimeType: picture.mimeType,
    });
  }

  async function drawMissing(kept: ReadonlySet<number>) {
    const missing = (IMAGE_STYLES as readonly ImageStyle[]).filter((style) => !kept.has(style.id));
    for (const style of missing) await draw(style);
  }

  return {
    async list(): Promise<StylePreview[]> {
      let rows = await deps.repository.list();
      if (rows.length < IMAGE_STYLES.length) {
        drawing ??= drawMissing(new Set(rows.map((row) => row.styleId))).finally(() => {
          drawing = null;
        });
        await drawing;
        rows = await deps.repository.list();
      }
      return rows.map((row) => ({ styleId: row.styleId, imageData: row.iconData }));
    },
  };
}
export type StylePreviewsService = ReturnType<typeof createStylePreviewsService>;
