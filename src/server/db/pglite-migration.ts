import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { type Database, openDatabase } from './client';

/**
 * Moving a learner's data from the earlier embedded engine, PGlite, into the embedded PostgreSQL server
 * (docs/product/decisions.md#embedded-database). A 32-bit WebAssembly cluster cannot be opened by a native
 * server, so the copy is logical: every table of the app's schema, row by row as JSON, in one transaction,
 * then checked (row counts, media hashes) before it commits. pg-boss's own tables are not copied: the job
 * runtime resumes unfinished jobs from its own rows, which are.
 */

const LEGACY_FOLDER = 'pglite';
const ROWS_PER_BATCH = 200;

export class LegacyDataConflictError extends Error {
  constructor(dataDir: string) {
    super(
      `${path.join(dataDir, LEGACY_FOLDER)} holds data of the earlier embedded database, and the current one already ` +
        'holds other data. Nothing was changed. Move one of the two folders away and start again.',
    );
    this.name = 'LegacyDataConflictError';
  }
}

export interface LegacyMigrationReport {
  tables: Record<string, number>;
  rows: number;
  mediaObjects: number;
  /** Where the old cluster now lies, kept untouched. */
  keptAt: string;
}

export const hasLegacyCluster = (dataDir: string) =>
  existsSync(path.join(path.resolve(dataDir), LEGACY_FOLDER, 'PG_VERSION'));

async function tablesOf(client: pg.PoolClient): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return result.rows.map((row) => row.name);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function copyTable(source: PGlite, target: pg.PoolClient, table: string): Promise<number> {
  let copied = 0;
  await source.transaction(async (reader) => {
    await reader.query(
      `DECLARE legacy_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t`,
    );
    for (;;) {
      const batch = await reader.query<{ row: string }>(`FETCH ${ROWS_PER_BATCH} FROM legacy_rows`);
      if (batch.rows.length === 0) break;
      const json = `[${batch.rows.map((entry) => entry.row).join(',')}]`;
      await target.query(
        `INSERT INTO ${quoted(table)} OVERRIDING SYSTEM VALUE
         SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
        [json],
      );
      copied += batch.rows.length;
    }
    await reader.query('CLOSE legacy_rows');
  });
  return copied;
}

async function copySequences(source: PGlite, target: pg.PoolClient): Promise<void> {
  const sequences = await source.query<{ name: string; last: string | null }>(
    `SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const { name, last } of sequences.rows) {
    if (last === null) continue;
    await target.query('SELECT setval($1::regclass, $2::bigint, true)', [quoted(name), last]);
  }
}

/** The media store's hashes on each side, as one digest, and the rows whose bytes no longer match their name. */
async function checkMedia(source: PGlite, target: pg.PoolClient): Promise<number> {
  const digest = `SELECT count(*)::int AS count, coalesce(md5(string_agg(sha256, ',' ORDER BY sha256)), '') AS digest FROM media_objects`;
  const before = (await source.query<{ count: number; digest: string }>(digest)).rows[0];
  const after = (await target.query<{ count: number; digest: string }>(digest)).rows[0];
  if (!before || !after || before.digest !== after.digest || before.count !== after.count) {
    throw new Error('The media copied from the earlier database differ from the originals');
  }
  const damaged = await target.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM media_objects WHERE encode(sha256(data), 'hex') <> sha256`,
  );
  if ((damaged.rows[0]?.count ?? 0) > 0) {
    throw new Error(
      `${damaged.rows[0]?.count} media files copied from the earlier database do not match their hash`,
    );
  }
  return after.count;
}

async function isEmpty(client: pg.PoolClient): Promise<boolean> {
  const result = await client.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  return result.rows[0]?.count === 0;
}

/** The whole copy in one transaction of the target, checked before it commits. */
async function copyAll(
  source: PGlite,
  client: pg.PoolClient,
): Promise<Omit<LegacyMigrationReport, 'keptAt'>> {
  const tables = (await tablesOf(client)).filter((table) => table !== 'engine_migrations');
  const report: Record<string, number> = {};
  await client.query('BEGIN');
  try {
    // Constraints and triggers are the source's business: its rows were checked when written, and
    // triggers (the word list's version counters) would count the copy as new edits.
    await client.query('SET LOCAL session_replication_role = replica');
    // The app's first start may have written rows of its own (the shared style icons): the copy replaces them.
    for (const table of tables) await client.query(`DELETE FROM ${quoted(table)}`);
    for (const table of tables) report[table] = await copyTable(source, client, table);
    await copySequences(source, client);
    for (const table of tables) {
      const count = `SELECT count(*)::int AS count FROM ${quoted(table)}`;
      const before = (await source.query<{ count: number }>(count)).rows[0]?.count;
      const after = (await client.query<{ count: number }>(count)).rows[0]?.count;
      if (before !== after) {
        throw new Error(`Table ${table}: ${before} rows in the earlier database, ${after} copied`);
      }
    }
    const mediaObjects = await checkMedia(source, client);
    const rows = Object.values(report).reduce((sum, count) => sum + count, 0);
    await client.query('INSERT INTO engine_migrations (source, row_count) VALUES ($1, $2)', [
      LEGACY_FOLDER,
      rows,
    ]);
    await client.query('COMMIT');
    return { tables: report, rows, mediaObjects };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/**
 * Copies the PGlite cluster in `dataDir` into `target` (a freshly migrated PostgreSQL database), or recognises
 * that an earlier start already did. The old folder is renamed, never deleted. Throws, changing nothing, if
 * the target holds other data or if any check fails: the app then refuses to start rather than run on an
 * empty database beside the learner's words.
 */
export async function migrateLegacyCluster(
  dataDir: string,
  target: Database,
): Promise<LegacyMigrationReport | undefined> {
  if (!hasLegacyCluster(dataDir)) return undefined;
  const pool = target.pool;
  if (!pool) throw new Error('The earlier embedded database can only be copied into a PostgreSQL server');
  const legacyDir = path.join(path.resolve(dataDir), LEGACY_FOLDER);
  const keptAt = `${legacyDir}-before-postgres-${new Date().toISOString().slice(0, 10)}`;
  const client = await pool.connect();
  try {
    const done = await client.query<{ row_count: string }>(
      'SELECT row_count FROM engine_migrations WHERE source = $1',
      [LEGACY_FOLDER],
    );
    if (done.rows.length > 0) {
      renameSync(legacyDir, keptAt);
      return { tables: {}, rows: Number(done.rows[0]?.row_count ?? 0), mediaObjects: 0, keptAt };
    }
    if (!(await isEmpty(client))) throw new LegacyDataConflictError(dataDir);

    // Opening it also brings its schema up to this version's, so both sides have the same tables.
    const legacy = await openDatabase({ kind: 'pglite', dataDir });
    let copied: Omit<LegacyMigrationReport, 'keptAt'>;
    try {
      if (!legacy.pglite) throw new Error('The earlier embedded database did not open');
      copied = await copyAll(legacy.pglite, client);
    } finally {
      await legacy.close();
    }
    renameSync(legacyDir, keptAt);
    return { ...copied, keptAt };
  } finally {
    client.release();
  }
}
