import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clusterDirOf, startEmbeddedServer } from '../../src/server/db/embedded-server';

/*
 * A data folder whose embedded PostgreSQL cluster is already made, for the tests about something else
 * (a kill -9, a lock, a LISTEN connection, the copy from PGlite): initdb costs about 2 s a folder, a copy
 * of one made cluster a fraction of that. The one cluster is made by the server's own code
 * (`startEmbeddedServer`, then a clean stop), once per worker, so a copy is what initdb and the server's
 * first connection leave (its database made, not yet migrated); a start finds its `PG_VERSION` and skips
 * initdb, as it does on a learner's second start. The tests that
 * prove the first start itself (tests/integration/embedded-server.test.ts, as root and as a normal user)
 * keep fresh folders.
 */

let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'palabra-cluster-template-'));
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  const server = await startEmbeddedServer(root);
  await server.stop();
  return clusterDirOf(root);
}

/** Puts a copy of the made cluster into `dataDir` (made if need be), as a first start would have left it. */
export async function withMadeCluster(dataDir: string): Promise<string> {
  template ??= makeTemplate();
  const made = await template;
  const clusterDir = clusterDirOf(dataDir);
  if (existsSync(clusterDir)) throw new Error(`${clusterDir} already holds a cluster`);
  mkdirSync(path.dirname(clusterDir), { recursive: true });
  // Modes kept: PostgreSQL refuses a cluster folder others may read.
  cpSync(made, clusterDir, { recursive: true, preserveTimestamps: true });
  return dataDir;
}
