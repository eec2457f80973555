import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Clusters of an earlier embedded engine copied into this database (docs/product/decisions.md#embedded-database).
 * Written in the copy's own transaction, so a crash after the copy and before the old folder is set aside
 * is recognised at the next start instead of read as a conflict.
 */
export const engineMigrations = pgTable('engine_migrations', {
  /** The old cluster's folder name inside `DATA_DIR` (`pglite`). */
  source: text('source').primaryKey(),
  rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
