import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';
import { words } from './words';

/**
 * The media library: every generated version of a word's picture is kept here
 * (docs/product/dictionary.md#media-library).
 */
export const generatedImages = pgTable(
  'generated_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    /** A `/media/…` path or an external URL. */
    imageUrl: text('image_url').notNull(),
    styleId: integer('style_id'),
    styleName: text('style_name'),
    imageFormat: text('image_format'),
    /**
     * Legacy inline image from imported data; new rows leave it null and use imageUrl
     * (docs/product/media.md#content-addressed-store).
     */
    base64Data: text('base64_data'),
    createdAt: createdAt(),
  },
  (t) => [
    index('generated_images_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('generated_images_word_id_created_at_idx').on(t.wordId, t.createdAt),
  ],
);

export const wordImages = pgTable(
  'word_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
    imageData: text('image_data').notNull(),
    mimeType: text('mime_type').notNull().default('image/png'),
    imageStyle: text('image_style'),
    createdAt: createdAt(),
  },
  (t) => [index('word_images_user_id_idx').on(t.userId), index('word_images_word_id_idx').on(t.wordId)],
);

/** A shared catalogue of style preview icons, one per image style id; not user-owned. */
export const styleIcons = pgTable('style_icons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  styleId: integer('style_id').notNull().unique('style_icons_style_id_unique'),
  styleName: text('style_name').notNull(),
  /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
  iconData: text('icon_data').notNull(),
  mimeType: text('mime_type').notNull().default('image/jpeg'),
});
