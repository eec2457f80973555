import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withMadeCluster } from '../support/embedded-cluster';
import { freePort } from '../support/free-port';
import { bundleForNode } from '../support/node-bundle';

/*
 * The real server in a child process on a real data folder: what a learner's machine runs, bundled once by
 * esbuild as `npm run build` bundles it (scripts/build.ts) and run by `node` alone, as `npm start` runs it:
 * one process to kill -9 (the `tsx` binary would run the server in a second one), and no TypeScript
 * compiled anew by each of the four starts.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// Inside the project, so the bundle finds node_modules and dist/ as the built server does.
const bundleDir = path.join(repoRoot, '.tmp', 'durability-server', `bundle-${process.pid}`);
const serverFile = path.join(bundleDir, 'main.js');
const STARTUP_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 120_000;

interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const children: ServerProcess[] = [];
const tempDirs: string[] = [];

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'palabra-durability-'));
  tempDirs.push(dir);
  // Made as a first start leaves it: these tests are about kill -9 and the lock, not initdb.
  return withMadeCluster(dir);
}

async function launch(dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [serverFile], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  // 'close' rather than 'exit': it also waits for the output pipes to drain.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  if (child.pid === undefined) throw new Error('The server process did not start');
  const server = { child, pid: child.pid, baseUrl: `http://127.0.0.1:${port}`, exited, output: () => output };
  children.push(server);
  return server;
}

const isRunning = (server: ServerProcess) =>
  server.child.exitCode === null && server.child.signalCode === null;

/** Starts a server and waits until it answers HTTP. */
async function startServer(dataDir: string): Promise<ServerProcess> {
  const server = await launch(dataDir);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(server)) {
      await server.exited;
      throw new Error(`The server exited during startup:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/auth/status`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${server.output()}`);
}

function postJson(server: ServerProcess, url: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('palabra_sid='));
  if (!cookie) throw new Error(`No session cookie in response ${response.status}`);
  return cookie.split(';')[0] ?? cookie;
}

async function firstNameOfSession(server: ServerProcess, cookie: string): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/api/auth/user`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const user = (await response.json()) as { firstName?: unknown };
  return user.firstName;
}

/** The embedded PostgreSQL server of a data folder, if one runs (its pid file names it). */
async function postmasterOf(dataDir: string): Promise<number | undefined> {
  try {
    const pid = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

beforeAll(async () => {
  await bundleForNode(
    {
      // The workers are entries of their own: the server starts each from the file beside its own.
      entryPoints: {
        main: path.join(repoRoot, 'src/server/main.ts'),
        'speech-synthesis.worker': path.join(
          repoRoot,
          'src/server/providers/builtin-speech/speech-synthesis.worker.ts',
        ),
        'file-reading.worker': path.join(repoRoot, 'src/server/modules/transfer/file-reading.worker.ts'),
      },
      outdir: bundleDir,
    },
    { withMigrations: true },
  );
});
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

afterEach(async () => {
  for (const server of children.splice(0)) {
    if (isRunning(server)) server.child.kill('SIGKILL');
    await server.exited;
  }
  // A server killed with -9 leaves its database server behind: stopped here with its folder.
  for (const dir of tempDirs) {
    const pid = await postmasterOf(dir);
    if (pid === undefined) continue;
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => postmasterOf(dir), { timeout: 20_000 }).toBeUndefined();
  }
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

// In server mode (DATABASE_URL set, as in CI's second pass) there is no embedded data folder to test.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded data folder', () => {
  it(
    'keeps an account committed just before a kill -9 and takes over the dead process lock',
    async () => {
      const dataDir = await freshDataDir();
      const lockPath = path.join(dataDir, 'palabra.lock');
      const credentials = { email: 'durable@example.com', password: 'secreto-durable' };

      const first = await startServer(dataDir);
      const registered = await postJson(first, '/auth/register', {
        ...credentials,
        firstName: 'Perdurable',
        lastName: 'García',
      });
      expect(registered.status).toBe(201);
      const registrationCookie = sessionCookieOf(registered);

      const firstDatabase = await postmasterOf(dataDir);
      expect(firstDatabase).toBeDefined();
      first.child.kill('SIGKILL');
      expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
      // The killed process could not clean up: the restart must take over its lock, and stop the database
      // server it left running before starting its own.
      expect(await readFile(lockPath, 'utf8')).toBe(String(first.pid));
      expect(await postmasterOf(dataDir)).toBe(firstDatabase);

      const second = await startServer(dataDir);
      expect(await readFile(lockPath, 'utf8')).toBe(String(second.pid));
      expect(second.output()).toContain(`Stopped the database server (pid ${firstDatabase})`);
      const secondDatabase = await postmasterOf(dataDir);
      expect(secondDatabase).toBeDefined();
      expect(secondDatabase).not.toBe(firstDatabase);

      const login = await postJson(second, '/auth/login', credentials);
      expect(login.status).toBe(200);
      expect(await firstNameOfSession(second, sessionCookieOf(login))).toBe('Perdurable');
      // The session written with the account survived as well.
      expect(await firstNameOfSession(second, registrationCookie)).toBe('Perdurable');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses a second server on the same folder, and releases the lock on SIGTERM',
    async () => {
      const dataDir = await freshDataDir();
      const lockPath = path.join(dataDir, 'palabra.lock');
      const owner = await startServer(dataDir);

      const intruder = await launch(dataDir);
      expect((await intruder.exited).code).toBe(2);
      expect(intruder.output()).toContain(`is already in use by another Palabra process (pid ${owner.pid})`);
      expect(intruder.output()).toContain('different DATA_DIR');

      // The refused start left the owner and its lock alone.
      expect((await fetch(`${owner.baseUrl}/api/auth/status`)).status).toBe(200);
      expect(await readFile(lockPath, 'utf8')).toBe(String(owner.pid));

      const ownerDatabase = await postmasterOf(dataDir);
      expect(ownerDatabase).toBeDefined();
      owner.child.kill('SIGTERM');
      expect(await owner.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(lockPath)).toBe(false);
      // Its database server stopped with it.
      expect(await postmasterOf(dataDir)).toBeUndefined();
    },
    TEST_TIMEOUT_MS,
  );
});
