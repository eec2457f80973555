import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  connectMigratedDatabase,
  type Database,
  migrationsFolder,
  openDatabase,
} from '../../src/server/db/client';
import { embeddedConnectionOf, startEmbeddedServer } from '../../src/server/db/embedded-server';
import { lockDataDir } from '../../src/server/lib/data-dir';
import { withMadeCluster } from './embedded-cluster';

const SNAPSHOT_FOLDER = fileURLToPath(new URL('../../.tmp/test-pglite/', import.meta.url));
// Read as a file: the package's exports do not name its manifest.
const PGLITE_MANIFEST = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/**
 * A migrated PGlite cluster, dumped once and loaded by every test file after the first: a new cluster's
 * initdb took about 2 of the 3 s each file spent opening its database. The file's name is a hash of the
 * migrations and PGlite's version, so a new migration or engine makes a new snapshot (and the old ones are
 * deleted); two workers making the same one at once each write their own file and rename it into place.
 */
async function loadMigratedSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  hash.update(await readFile(PGLITE_MANIFEST));
  for (const name of (await readdir(migrationsFolder, { recursive: true })).sort()) {
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
    hash.update(name).update(await readFile(path.join(migrationsFolder, name)));
  }
  const snapshotName = `${hash.digest('hex').slice(0, 16)}.tar`;
  const snapshotFile = path.join(SNAPSHOT_FOLDER, snapshotName);
  try {
    return new Blob([await readFile(snapshotFile)]);
  } catch {
    const database = await openDatabase({ kind: 'pglite' });
    const snapshot = await database.pglite!.dumpDataDir('none');
    await database.close();
    await mkdir(SNAPSHOT_FOLDER, { recursive: true });
    const partFile = `${snapshotFile}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(partFile, new Uint8Array(await snapshot.arrayBuffer()));
    await rename(partFile, snapshotFile);
    for (const name of await readdir(SNAPSHOT_FOLDER)) {
      if (name.endsWith('.tar') && name !== snapshotName)
        await rm(path.join(SNAPSHOT_FOLDER, name), { force: true });
    }
    return snapshot;
  }
}

/** Loaded once per worker: the integration files share their worker's modules (vitest.config.ts). */
let migratedSnapshot: Promise<Blob> | undefined;

/** The migrated PGlite cluster, for a test that opens PGlite in a data folder of its own. */
export function migratedPgliteSnapshot(): Promise<Blob> {
  return (migratedSnapshot ??= loadMigratedSnapshot());
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the integration suite both ways).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return takeInMemoryDatabase();
  const created = await createServerDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** In-memory databases a file has closed, kept by its worker for the next file (`takeInMemoryDatabase`). */
const closedInMemory: Database[] = [];
/** What the migrated database is made of (`schemaFingerprint`), read from this worker's first one. */
let migratedFingerprint: string | undefined;

/**
 * An in-memory database in the migrated state. Opening one took about 0.9 s of a busy worker (PGlite's
 * start and the snapshot's load), some 47 s of the integration suite's 52 opens; so a database a file
 * closed is kept, and the next file gets it back emptied: every table truncated with its sequences
 * restarted, the job queue's schema dropped (pg-boss makes it on start, as on a new database) and the
 * session's state discarded. One whose schema a test changed and left changed is closed and replaced.
 * The integration files of a worker run one after another (vitest.config.ts), so a kept database is
 * never shared by two files; a file that opens several gets as many.
 */
async function takeInMemoryDatabase(): Promise<Database> {
  for (let kept = closedInMemory.pop(); kept; kept = closedInMemory.pop()) {
    await emptyInMemory(kept);
    if ((await schemaFingerprint(kept)) === migratedFingerprint) return keptOnClose(kept);
    await kept.close();
  }
  const database = await openDatabase({
    kind: 'pglite',
    snapshot: await (migratedSnapshot ??= loadMigratedSnapshot()),
  });
  migratedFingerprint ??= await schemaFingerprint(database);
  return keptOnClose(database);
}

function keptOnClose(database: Database): Database {
  let isClosed = false;
  return {
    ...database,
    close() {
      if (!isClosed) closedInMemory.push(database);
      isClosed = true;
      return Promise.resolve();
    },
  };
}

async function emptyInMemory(database: Database): Promise<void> {
  const pglite = database.pglite!;
  // One statement a call: a query of several is one transaction, which DISCARD ALL refuses. Outside a
  // transaction, ROLLBACK only warns; inside one a file left open, it ends it.
  for (const statement of ['ROLLBACK', 'DISCARD ALL', 'DROP SCHEMA IF EXISTS pgboss CASCADE'])
    await pglite.exec(statement);
  const { rows: tables } = await pglite.query<{ name: string }>(
    "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  const { rows: sequences } = await pglite.query<{ name: string }>(
    "SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences WHERE schemaname = 'public'",
  );
  await pglite.exec(
    [
      `TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`,
      ...sequences.map((sequence) => `ALTER SEQUENCE ${sequence.name} RESTART`),
    ].join(';\n'),
  );
}

/**
 * The names of every relation, constraint, trigger and function outside PostgreSQL's own schemas, and the
 * migrations recorded as applied.
 */
async function schemaFingerprint(database: Database): Promise<string> {
  const { rows } = await database.pglite!.query<{ fingerprint: string }>(`
    SELECT md5(string_agg(item, ',' ORDER BY item)) AS fingerprint FROM (
      SELECT 'relation ' || c.oid::regclass::text || ' ' || c.relkind::text AS item
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      UNION ALL SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
      UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
      UNION ALL SELECT 'function ' || p.oid::regprocedure::text
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
      UNION ALL SELECT 'migration ' || hash || ' ' || created_at FROM drizzle.__drizzle_migrations
    ) AS items`);
  return rows[0]!.fingerprint;
}

/** A new database on the PostgreSQL server at `serverUrl`: its address, and how to drop it. */
async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `palabra_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export interface SharedTestDatabase {
  /** This process's connection, migrated. */
  database: Database;
  /** The address other processes connect by. */
  url: string;
  /** The data folder of the embedded server; undefined on the PostgreSQL server of DATABASE_URL. */
  dataDir: string | undefined;
  /** Closes this process's connection; on the embedded server, stops it and lets its folder's lock go too. */
  stop(): Promise<void>;
  /** Stops (if need be) and removes it all. */
  close(): Promise<void>;
}

/**
 * A database that several server processes share, as instances behind a proxy share one PostgreSQL server:
 * a new database on the server DATABASE_URL names, or else an embedded PostgreSQL server
 * (src/server/db/embedded-server.ts) in a data folder of its own whose lock this process holds, as a
 * running app does, so a tool run beside it finds the database as it would a running app's.
 */
export async function openSharedTestDatabase(): Promise<SharedTestDatabase> {
  const empty = await openEmptyServerDatabase();
  // Migrated once, then a few connections: several server processes share the server's 30.
  await (await openDatabase({ kind: 'postgres', url: empty.url })).close();
  const database = connectMigratedDatabase({ connectionString: empty.url, max: 4 });
  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await database.close();
    await empty.stop();
  };
  return {
    database,
    url: empty.url,
    dataDir: empty.dataDir,
    stop,
    async close() {
      await stop();
      await empty.close();
    },
  };
}

/**
 * A database no one has migrated yet, on a PostgreSQL server: a new one on the server DATABASE_URL names,
 * or else the embedded server's own in a data folder of its own, whose lock this process holds as a running
 * app does. `stop` stops the embedded server (nothing on DATABASE_URL's); `close` also removes it all.
 */
export async function openEmptyServerDatabase(): Promise<{
  url: string;
  dataDir: string | undefined;
  stop(): Promise<void>;
  close(): Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const created = await createServerDatabase(serverUrl);
    return {
      url: created.url,
      dataDir: undefined,
      stop: () => Promise.resolve(),
      close: () => created.drop(),
    };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'palabra-shared-'));
  const lock = lockDataDir(dataDir);
  // A copy of a made cluster: initdb is tests/integration/embedded-server.test.ts's subject, not these files'.
  const server = await startEmbeddedServer(await withMadeCluster(dataDir));
  const { host, user, database: name } = embeddedConnectionOf(dataDir);
  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await server.stop();
    lock.release();
  };
  return {
    url: `postgres://${user}@${encodeURIComponent(String(host))}/${name}`,
    dataDir,
    stop,
    async close() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
