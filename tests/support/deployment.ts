import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './free-port';
import { openEmptyServerDatabase } from './test-database';

/**
 * The reference deployment of docs/DEPLOY.md on loopback: one PostgreSQL server (DATABASE_URL's, with a
 * database of its own, or else the embedded server in a temporary folder), two app instances of the
 * current build, and Caddy from `deploy/Caddyfile` with only its upstreams, its site's name and port, and
 * its global options replaced (a local certificate authority, high ports, no admin endpoint, its data in a
 * temporary folder: never the system's service or trust store).
 */

const INSTANCE_COUNT = 2;
const APP_SECRET = 'deploy-test-secret-that-is-long-enough-0123456789';
/** How long one process may take to come up on a busy machine: a condition is waited for, never a sleep. */
const START_TIMEOUT_MS = 60_000;
/** docs/DEPLOY.md#stopping: the graceful stop ends well within this. */
export const STOP_LIMIT_MS = 30_000;

export interface Instance {
  port: number;
  /** The job runtime's id, as the jobs table's `owner_instance_id` names it. */
  instanceId: string;
  process: ChildProcess;
  /** Everything the process wrote so far. */
  log(): string;
  /** Requests for `/ws` this instance received. */
  socketUpgrades(): number;
  /** SIGTERM, then its exit: the code and how long the stop took. */
  stop(): Promise<{ code: number | null; ms: number }>;
  isRunning(): boolean;
}

export interface Deployment {
  /** `https://localhost:<port>`: Caddy, the only address the browser uses. */
  origin: string;
  /** The instances' database, for a benchmark that seeds it. */
  databaseUrl: string;
  instances: Instance[];
  /** A connection to the deployment's database, for what only the database knows (job owners, rows). */
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const repoRoot = new URL('../..', import.meta.url).pathname;

/** Answers once `check` holds, trying every 200 ms, or fails after `timeoutMs` naming `what`. */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  const holds = async () => {
    try {
      return await check();
    } catch (error) {
      // A process that died is an answer; a request refused while a server starts is not yet one.
      if (error instanceof Error && error.message.includes('exited')) throw error;
      return false;
    }
  };
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** A GET over HTTPS that accepts the local certificate authority's certificate. */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

function startInstance(port: number, databaseUrl: string, dataDir: string): Promise<Instance> {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=8', join(repoRoot, 'dist/server/current/main.js')],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        APP_SECRET,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'info',
        MALLOC_ARENA_MAX: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let isRunning = true;
  void exited.then(() => (isRunning = false));

  const instanceIdOf = () => /"instanceId":"([^"]+)","msg":"instance started"/.exec(output)?.[1];
  return until(`the instance on port ${port} to start`, () => {
    if (!isRunning) throw new Error(`the instance on port ${port} exited:\n${output}`);
    return instanceIdOf() !== undefined;
  }).then(() => ({
    port,
    instanceId: instanceIdOf()!,
    process: child,
    log: () => output,
    socketUpgrades: () => output.match(/"url":"\/ws"/g)?.length ?? 0,
    isRunning: () => isRunning,
    async stop() {
      const startedAt = Date.now();
      child.kill('SIGTERM');
      const [code] = await exited;
      return { code, ms: Date.now() - startedAt };
    },
  }));
}

/** deploy/Caddyfile as committed, with the test's global options, site address and upstreams. */
function caddyfileFor(options: { httpPort: number; httpsPort: number; upstreams: number[] }): string {
  const committed = readFileSync(join(repoRoot, 'deploy/Caddyfile'), 'utf8');
  const globalOptions = [
    '{',
    '\tlocal_certs',
    '\tskip_install_trust',
    '\tadmin off',
    `\thttp_port ${options.httpPort}`,
    `\thttps_port ${options.httpsPort}`,
    '}',
  ].join('\n');
  const replaced = committed
    .replace(/^\{\n[\s\S]*?\n\}$/m, globalOptions)
    .replace(/^palabra\.example \{$/m, `localhost:${options.httpsPort} {`)
    .replace(
      /reverse_proxy 127\.0\.0\.1:5001 127\.0\.0\.1:5002 \{/,
      `reverse_proxy ${options.upstreams.map((port) => `127.0.0.1:${port}`).join(' ')} {`,
    );
  for (const expected of [
    'local_certs',
    `localhost:${options.httpsPort} {`,
    `127.0.0.1:${options.upstreams[1]}`,
  ]) {
    if (!replaced.includes(expected))
      throw new Error(`deploy/Caddyfile no longer has what the test replaces`);
  }
  return replaced;
}

export async function startDeployment(): Promise<Deployment> {
  const root = mkdtempSync(join(tmpdir(), 'palabra-deploy-'));
  // A new database on DATABASE_URL's server, or the embedded server in a folder of its own.
  const database = await openEmptyServerDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const started: Instance[] = [];
  let caddy: ChildProcess | undefined;
  const close = async () => {
    caddy?.kill('SIGTERM');
    if (caddy && caddy.exitCode === null) await once(caddy, 'exit');
    for (const instance of started) if (instance.isRunning()) await instance.stop();
    await pool.end();
    await database.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const ports = [];
    for (let index = 0; index < INSTANCE_COUNT; index++) ports.push(await freePort());
    // Started one after the other: the first migrates the empty database (the lock makes that safe either way).
    for (const [index, port] of ports.entries()) {
      const dataDir = join(root, `instance-${index}`);
      mkdirSync(dataDir);
      started.push(await startInstance(port, database.url, dataDir));
    }

    const httpPort = await freePort();
    const httpsPort = await freePort();
    const caddyHome = join(root, 'caddy');
    mkdirSync(caddyHome);
    const caddyfile = join(caddyHome, 'Caddyfile');
    writeFileSync(caddyfile, caddyfileFor({ httpPort, httpsPort, upstreams: ports }));
    let caddyOutput = '';
    caddy = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: caddyHome,
        XDG_DATA_HOME: join(caddyHome, 'data'),
        XDG_CONFIG_HOME: join(caddyHome, 'config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString('utf8')));
    caddy.stderr?.on('data', (chunk: Buffer) => (caddyOutput += chunk.toString('utf8')));
    const origin = `https://localhost:${httpsPort}`;
    await until('Caddy to answer /readyz through TLS', async () => {
      if (caddy?.exitCode !== null) throw new Error(`Caddy exited:\n${caddyOutput}`);
      return (await statusOf(`${origin}/readyz`)) === 200;
    });

    return {
      origin,
      databaseUrl: database.url,
      instances: started,
      query: async <T extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
        (await pool.query<T>(text, values)).rows,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
