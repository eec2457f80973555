import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startEmbeddedServer } from './embedded-server';
import * as schema from './schema';

export type Schema = typeof schema;
/** PGlite and node-postgres databases share this shape, so repositories never know which one they use. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * No other app process uses this database (PGlite, or the embedded server behind the data folder's lock):
   * every job is sent by this process, which wakes its workers itself.
   */
  isSingleInstance: boolean;
  /** The raw PGlite instance (embedded mode only), for the job queue's adapter. */
  pglite?: PGlite;
  /** The pg pool (server mode only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** The embedded default: a PostgreSQL server of the app's own, its cluster in `dataDir` (embedded-server.ts). */
  | { kind: 'embedded'; dataDir: string; onOrphanStopped?: (pid: number) => void }
  /**
   * `dataDir` undefined: an in-memory database (tests). `snapshot` (tests only; the app never passes one): a
   * cluster that `dumpDataDir` wrote, which a new database starts from, in memory or in a new `dataDir`,
   * sparing the initdb a new cluster costs (about 2 s of a test file's 3).
   */
  | { kind: 'pglite'; dataDir?: string; snapshot?: Blob };

const POOL_END_TIMEOUT_MS = 3_000;

const BYTEA = 17;
/**
 * PGlite passes bytea as '\\x'-prefixed hex text and converts it byte by byte in JavaScript, which made
 * storing pictures and clips the slowest part of an upload. Node's Buffer does the same conversion natively.
 */
const PGLITE_TYPES = {
  serializers: {
    [BYTEA]: (value: unknown): string => {
      if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
      return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
    },
  },
  parsers: { [BYTEA]: (value: string): Uint8Array => Buffer.from(value.slice(2), 'hex') },
};

async function openPool(config: pg.PoolConfig): Promise<Database> {
  const pool = new pg.Pool({ max: 10, ...config });
  // An idle client whose connection the server dropped (restart, admin termination) is discarded and
  // replaced on next use; unhandled, its 'error' event would crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  try {
    await migrateUnderLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, kind: 'postgres', isSingleInstance: false, pool, close: () => pool.end() };
}

/** The advisory lock every instance migrates under (docs/DEPLOY.md#upgrades): any number, the same for all. */
const MIGRATIONS_LOCK_KEY = 7_315_202_611;

/**
 * Migrates while holding a session-level advisory lock on one connection, so instances started at once on
 * one database take turns: the first applies what is missing, the others then find it applied. Without
 * it two would both create drizzle's journal and run the same migration.
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/**
 * A database an app instance has migrated, for a command-line tool run beside it (src/server/db/tool-database.ts):
 * a small pool that never migrates, so a tool never changes the schema under a running server.
 */
export function connectMigratedDatabase(config: pg.PoolConfig): Database {
  const pool = new pg.Pool({ max: 2, ...config });
  pool.on('error', () => undefined);
  return {
    db: drizzlePg({ client: pool, schema }),
    kind: 'postgres',
    isSingleInstance: false,
    pool,
    close: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPool({ connectionString: options.url });
  if (options.kind === 'embedded') {
    const server = await startEmbeddedServer(options.dataDir, { onOrphanStopped: options.onOrphanStopped });
    try {
      // One learner's machine: a few connections, closed when idle, keep the server's processes few.
      const database = await openPool({ ...server.connection, max: 4, idleTimeoutMillis: 5_000 });
      return {
        ...database,
        isSingleInstance: true,
        async close() {
          // A client still checked out (a job's statement) would hold the pool's end; the server's fast
          // shutdown ends such connections itself, so it is never left waiting behind them.
          await Promise.race([
            database.close(),
            new Promise((resolve) => setTimeout(resolve, POOL_END_TIMEOUT_MS).unref()),
          ]);
          await server.stop();
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  // Loaded only when used: the module alone holds about 40 MB, which the embedded server's app need not carry.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let pglite: PGlite;
  if (options.dataDir) {
    const folder = path.resolve(options.dataDir, 'pglite');
    mkdirSync(folder, { recursive: true });
    pglite = await PGlite.create(folder, { ...PGLITE_TYPES, loadDataDir: options.snapshot });
  } else {
    pglite = await PGlite.create({ ...PGLITE_TYPES, loadDataDir: options.snapshot });
  }
  const db = drizzlePglite({ client: pglite, schema });
  await migratePglite(db, { migrationsFolder });
  return { db, kind: 'pglite', isSingleInstance: true, pglite, close: () => pglite.close() };
}
