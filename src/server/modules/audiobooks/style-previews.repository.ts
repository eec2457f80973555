import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { styleIcons } from '../../db/schema';

/**
 * The style previews every learner sees (`style_icons`, docs/product/audiobooks.md#style-previews): a
 * catalogue, not user data, so nothing here is scoped to a learner.
 */
export function createStylePreviewsRepository(db: Db) {
  return {
    list: () =>
      db
        .select({ styleId: styleIcons.styleId, iconData: styleIcons.iconData })
        .from(styleIcons)
        .orderBy(asc(styleIcons.styleId)),

    /** Keeps a style's preview; one drawn meanwhile by another request or instance stays. */
    async add(preview: { styleId: number; styleName: string; iconData: string; mimeType: string }) {
      await db.insert(styleIcons).values(preview).onConflictDoNothing({ target: styleIcons.styleId });
    },
  };
}
export type StylePreviewsRepository = ReturnType<typeof createStylePreviewsRepository>;
