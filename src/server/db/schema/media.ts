import { boolean, char, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * node-postgres answers bytea as a Buffer, PGlite as a Uint8Array, and JSON-built relational queries as
 * a `\x…` hex string; all three become a Buffer here.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array | string }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => {
    if (Buffer.isBuffer(value)) return value;
    if (typeof value === 'string')
      return Buffer.from(value.startsWith('\\x') ? value.slice(2) : value, 'hex');
    return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  },
});

/**
 * Content-addressed media (docs/product/media.md#content-addressed-store), served at `/media/<sha256>.<ext>`.
 * No userId: one blob may be referenced by many users' rows, so ownership lives in the referencing rows and
 * unreferenced blobs are garbage-collected.
 */
export const mediaObjects = pgTable('media_objects', {
  sha256: char('sha256', { length: 64 }).primaryKey(),
  mimeType: text('mime_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  /** Shared catalogue media (style icons) that any signed-in learner may load. */
  isShared: boolean('is_shared').notNull().default(false),
  createdAt: createdAt(),
});

/**
 * Who may load a blob: every learner whose rows were given it. Checking the referencing rows of a dozen
 * tables on each request would be slow; this is one primary-key lookup. Rows are added when media is
 * stored for a learner and go with the learner's account.
 */
export const mediaOwners = pgTable(
  'media_owners',
  {
    sha256: char('sha256', { length: 64 })
      .notNull()
      .references(() => mediaObjects.sha256, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.userId] }), index('media_owners_user_id_idx').on(t.userId)],
);

/**
 * Smaller copies of a picture (docs/product/media.md#picture-variants): the variant is a media object of its
 * own, made once per (picture, width). It has no owners: it is read only through its original's name, so
 * exactly the learners who may read the original read it. A picture already no wider than the width (or
 * one a smaller encoding would not shrink) maps to itself.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    sourceSha256: char('source_sha256', { length: 64 })
      .notNull()
      .references(() => mediaObjects.sha256, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    variantSha256: char('variant_sha256', { length: 64 })
      .notNull()
      .references(() => mediaObjects.sha256, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sourceSha256, t.width] })],
);
