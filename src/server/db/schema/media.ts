import { char, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
 * Content-addressed media (DESIGN D3), served at `/media/<sha256>.<ext>`. No userId: one blob may be
 * referenced by many users' rows, so ownership lives in the referencing rows and unreferenced blobs are
 * garbage-collected.
 */
export const mediaObjects = pgTable('media_objects', {
  sha256: char('sha256', { length: 64 }).primaryKey(),
  mimeType: text('mime_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});
