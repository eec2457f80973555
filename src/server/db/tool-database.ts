import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../env';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir';
import { connectMigratedDatabase, type Database } from './client';
import { openEmbeddedDatabase } from './embedded-database';
import { clusterDirOf, embeddedConnectionOf, hasEmbeddedSocket } from './embedded-server';

/** Why a tool cannot reach the database: said to the operator as it is. */
export class ToolDatabaseUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolDatabaseUnavailableError';
  }
}

/**
 * The app's database for a command-line tool run beside it (`npm run jobs`, docs/SECURITY.md#crashed-jobs),
 * configured as the server is (src/server/env.ts):
 * - with DATABASE_URL, that server, which the app instances migrate (the tool never does);
 * - on the embedded default with the app running (it holds DATA_DIR's lock), the PostgreSQL server the app
 *   started, over its socket inside DATA_DIR: the tool must run as the app's user, as the socket is 0700;
 * - with no app running, the tool takes the lock (so no app starts meanwhile) and opens the folder's
 *   database as the app would, starting its server, until `close`.
 */
export async function openToolDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir'>,
  log: { info(message: string): void; warn(message: string): void },
): Promise<Database> {
  if (env.databaseUrl) return connectMigratedDatabase({ connectionString: env.databaseUrl });

  // Checked before the lock, which would make the folder.
  if (!existsSync(path.resolve(env.dataDir))) {
    throw new ToolDatabaseUnavailableError(`No database in ${path.resolve(env.dataDir)} (DATA_DIR).`);
  }
  let lock: { release(): void };
  try {
    lock = lockDataDir(env.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (!hasEmbeddedSocket(env.dataDir)) {
      throw new ToolDatabaseUnavailableError(
        `The server running on ${error.dataDir} (pid ${error.ownerPid}) keeps its database inside its own ` +
          'process (PGlite), where no other process reaches it: stop the server, then run this again.',
      );
    }
    return connectMigratedDatabase(embeddedConnectionOf(env.dataDir));
  }

  const hasDatabase =
    existsSync(path.join(clusterDirOf(env.dataDir), 'PG_VERSION')) ||
    existsSync(path.join(path.resolve(env.dataDir), 'pglite'));
  if (!hasDatabase) {
    lock.release();
    throw new ToolDatabaseUnavailableError(`No database in ${path.resolve(env.dataDir)} (DATA_DIR).`);
  }
  let database: Database;
  try {
    database = await openEmbeddedDatabase(env.dataDir, log);
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}
