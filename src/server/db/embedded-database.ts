import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Database, openDatabase } from './client';
import { clusterDirOf, EmbeddedServerUnavailableError } from './embedded-server';
import { hasLegacyCluster, migrateLegacyCluster } from './pglite-migration';

interface StartLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The database `npm start` runs on without DATABASE_URL (docs/product/decisions.md#embedded-database): the
 * embedded PostgreSQL server, after copying in the data of the earlier engine if a PGlite cluster is found.
 * Where the server cannot run at all (root on a system without user namespaces, or a data folder whose path
 * is too long for a socket) and no cluster of it exists yet, PGlite stays the engine, heavier but complete.
 * The caller holds the data folder's lock.
 */
export async function openEmbeddedDatabase(dataDir: string, log: StartLog): Promise<Database> {
  let database: Database;
  try {
    database = await openDatabase({
      kind: 'embedded',
      dataDir,
      onOrphanStopped: (pid) =>
        log.warn(`Stopped the database server (pid ${pid}) left running by an earlier start that was killed`),
    });
  } catch (error) {
    if (!(error instanceof EmbeddedServerUnavailableError)) throw error;
    if (existsSync(path.join(clusterDirOf(dataDir), 'PG_VERSION'))) {
      throw new Error(
        `The data folder holds a PostgreSQL database, but the server cannot run here: ${error.message}`,
      );
    }
    log.warn(`${error.message}. Running on PGlite, the in-process engine, instead.`);
    return openDatabase({ kind: 'pglite', dataDir });
  }
  if (!hasLegacyCluster(dataDir)) return database;
  try {
    log.info('Copying the data of the earlier embedded database (PGlite) into PostgreSQL…');
    const report = await migrateLegacyCluster(dataDir, database);
    if (report) {
      log.info(
        `Copied ${report.rows} rows (${report.mediaObjects} media files, all hashes checked); ` +
          `the earlier database is kept at ${report.keptAt}`,
      );
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
