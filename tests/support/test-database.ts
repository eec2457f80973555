import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase } from '../../src/server/db/client';

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

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by DATABASE_URL (CI runs the integration suite both ways).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    return openDatabase({ kind: 'pglite', snapshot: await (migratedSnapshot ??= loadMigratedSnapshot()) });

  const name = `palabra_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
