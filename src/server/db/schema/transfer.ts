import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { ExportFormat } from '../../../shared/api/transfer';
import { createdAt, timestamptz } from './columns';
import { bytea } from './media';
import { users } from './users';

/**
 * A file an export made (docs/product/transfer.md#exports), or one an import reads
 * (docs/product/transfer.md#imports): kept in the database, where every instance
 * reads it, for 24 hours; its bytes are the chunks below in order. Only its learner may download it.
 */
export const transferFiles = pgTable(
  'transfer_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** An export the learner downloads, or a file they sent to import (never served back). */
    kind: text('kind').$type<'export' | 'import'>().notNull().default('export'),
    // Every format an import reads is one an export writes.
    format: text('format').$type<ExportFormat>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    /** Null while the export is still writing it: an unfinished file is never served. */
    byteSize: integer('byte_size'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('transfer_files_expires_at_idx').on(t.expiresAt)],
);

/** The bytes of a file, in chunks of at most 1 MB, so neither side ever holds a whole export. */
export const transferFileChunks = pgTable(
  'transfer_file_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => transferFiles.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.chunkIndex] })],
);
