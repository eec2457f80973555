import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withMadeCluster } from '../support/embedded-cluster';
import { bundleForNode } from '../support/node-bundle';

/*
 * The embedded PostgreSQL server as `npm start` runs it (docs/product/decisions.md#embedded-database), each
 * start in a process of its own so it can run as root or as a normal user whoever runs the tests: a user
 * namespace makes the test runner root (`--map-root-user`) or `nobody` without touching the system's users.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The child script bundled once by esbuild and run by `node` alone: each start under tsx compiled it anew. */
const bundleDir = path.join(repoRoot, '.tmp', 'embedded-server-child', `bundle-${process.pid}`);
const childFile = path.join(bundleDir, 'embedded-server-child.js');
const TEST_TIMEOUT_MS = 90_000;
const isRunnerRoot = process.getuid?.() === 0;

interface ChildReport {
  appUid: number;
  postmasterPid: number;
  orphansStopped: number[];
  notes: string[];
  user: string;
  listen: string;
  sockets: string;
}

const children: ChildProcess[] = [];
const tempDirs: string[] = [];

/** A data folder inside a 0700 home, as a learner's `~/palabra/data`. */
function dataDirInPrivateHome(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'palabra-embedded-'));
  tempDirs.push(root);
  const home = path.join(root, 'home');
  mkdirSync(home);
  chmodSync(home, 0o700);
  return path.join(home, 'palabra', 'data');
}

function asUser(user: 'root' | 'normal'): string[] {
  if (user === 'root') return isRunnerRoot ? [] : ['unshare', '--user', '--map-root-user'];
  return isRunnerRoot ? ['unshare', '--user', '--map-user=65534', '--map-group=65534'] : [];
}

function startChild(
  dataDir: string,
  user: 'root' | 'normal',
  mode: '--stop' | '--stay',
): { child: ChildProcess; report: Promise<ChildReport>; exited: Promise<number | null> } {
  const command = [...asUser(user), process.execPath, childFile];
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, [...args, dataDir, mode], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const report = new Promise<ChildReport>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const line = stdout.split('\n').find((entry) => entry.startsWith('{'));
      if (line) resolve(JSON.parse(line) as ChildReport);
    });
    void exited.then((code) =>
      reject(new Error(`The child exited (${code}) before it reported:\n${output}${stdout}`)),
    );
  });
  return { child, report, exited };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function postmasterOf(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  return Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
}

beforeAll(async () => {
  await bundleForNode({
    entryPoints: [path.join(repoRoot, 'tests/support/embedded-server-child.ts')],
    outdir: bundleDir,
  });
});
afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  // A server a test left orphaned on purpose is stopped with its folder.
  for (const root of tempDirs.splice(0)) {
    const pid = postmasterOf(path.join(root, 'home', 'palabra', 'data'));
    if (pid !== undefined && isAlive(pid)) {
      process.kill(pid, 'SIGKILL');
      await expect.poll(() => isAlive(pid), { timeout: 20_000 }).toBe(false);
    }
    rmSync(root, { recursive: true, force: true });
  }
});

describe('the embedded PostgreSQL server', () => {
  it.each(['root', 'normal'] as const)(
    'starts as %s user in a data folder under a 0700 home, listening only on a socket inside it',
    async (user) => {
      const dataDir = dataDirInPrivateHome();
      const { report, exited } = startChild(dataDir, user, '--stop');
      const started = await report;
      expect(started.appUid === 0).toBe(user === 'root');
      // Connected as the cluster's own superuser, over no TCP port at all.
      expect(started.user).toBe('palabra');
      expect(started.listen).toBe('');
      expect(started.sockets).toBe(path.resolve(dataDir));
      expect(existsSync(path.join(dataDir, '.s.PGSQL.5432'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect(await exited).toBe(0);
      // Stopped with the app: no server left behind, the socket gone.
      expect(isAlive(started.postmasterPid)).toBe(false);
      expect(existsSync(path.join(dataDir, '.s.PGSQL.5432'))).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'stops the server a killed app left running, then starts on the same data',
    async () => {
      // Made as a first start leaves it: the two tests above prove that start, this one the restart.
      const dataDir = await withMadeCluster(dataDirInPrivateHome());
      const first = startChild(dataDir, 'root', '--stay');
      const before = await first.report;
      first.child.kill('SIGKILL');
      await first.exited;
      // kill -9 gave the app no chance: its server outlives it.
      expect(isAlive(before.postmasterPid)).toBe(true);

      const second = startChild(dataDir, 'root', '--stop');
      const after = await second.report;
      expect(after.orphansStopped).toEqual([before.postmasterPid]);
      expect(isAlive(before.postmasterPid)).toBe(false);
      expect(after.postmasterPid).not.toBe(before.postmasterPid);
      // What the first server committed is there.
      expect(after.notes).toHaveLength(2);
      expect(after.notes).toContain(before.notes[0]);
      expect(await second.exited).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );
});
