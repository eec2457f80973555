import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyJobProgress } from '../../src/shared/realtime';
import { jobsTable } from '../../src/server/db/schema';
import { isProcessAlive } from '../../src/server/lib/data-dir';
import type { JobLeaseSettings } from '../../src/server/jobs/job-leases';
import { buildTestAppOn, registerUser, TEST_APP_SECRET, type TestUser } from '../support/build-test-app';
import {
  askingHoldServer,
  createStepsJob,
  HELD_STEPS_KIND,
  STEPS_STAGE,
  stepsDone,
  stepsInput,
} from '../support/steps-job';
import { openSharedTestDatabase, type SharedTestDatabase } from '../support/test-database';
import { bundleForNode } from '../support/node-bundle';

/*
 * Jobs that cannot crash-loop (docs/product/jobs.md#crashed-jobs), with real processes: server processes
 * (tests/support/job-server-child.ts) share one PostgreSQL server with this test's own app instance, the
 * survivor, which starts jobs of the held kind but runs none (until the test says). Each unit of a held job
 * asks this test's hold server first, so the test knows which process is inside which unit and kills it
 * there (-9) or stops it (SIGTERM).
 * The server processes run the child script bundled once by esbuild, as `npm run build` bundles the server:
 * under `tsx` each process compiled every module anew, some 10 s apiece on a busy 2-core machine. The jobs
 * command line is bundled with it, for the same reason: the five commands run here took 1 to 3 s each.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const bundleDir = path.join(repoRoot, '.tmp', 'job-server-child', `bundle-${process.pid}`);
const serverFile = path.join(bundleDir, 'job-server-child.mjs');
const cliFile = path.join(bundleDir, 'jobs.cli.mjs');
/** Short, but far above a busy machine's pauses: a lease must only lapse when its process is gone. */
const LEASES: Partial<JobLeaseSettings> = { renewIntervalMs: 200, lapseMs: 2_000 };
/** pg-boss's shortest: a job the survivor queues again reaches a server process within half a second, not 2 s. */
const POLLING_SECONDS = 0.5;

interface HeldUnit {
  jobId: string;
  unit: string;
  pid: number;
  response: ServerResponse;
}

interface ServerProcess {
  child: ChildProcess;
  pid: number;
  instanceId: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

let shared: SharedTestDatabase;
let survivor: FastifyInstance;
let isSurvivorClosed = false;
let learner: TestUser;
const held: HeldUnit[] = [];
const children: ServerProcess[] = [];
const holdServer = createServer((request, response) => {
  const query = new URL(request.url ?? '/', 'http://hold').searchParams;
  held.push({
    jobId: query.get('job') ?? '',
    unit: query.get('unit') ?? '',
    pid: Number(query.get('pid')),
    response,
  });
});
let holdUrl = '';

beforeAll(async () => {
  // The command migrates a folder it opens itself, from the migrations beside its code.
  await bundleForNode(
    {
      entryPoints: [
        path.join(repoRoot, 'tests/support/job-server-child.ts'),
        path.join(repoRoot, 'src/server/jobs/jobs.cli.ts'),
      ],
      outdir: bundleDir,
      entryNames: '[name]',
      outExtension: { '.js': '.mjs' },
    },
    { withMigrations: true },
  );
  shared = await openSharedTestDatabase();
  await new Promise<void>((resolve) => holdServer.listen(0, '127.0.0.1', resolve));
  holdUrl = `http://127.0.0.1:${(holdServer.address() as AddressInfo).port}/unit`;
  survivor = await buildTestAppOn(shared.database, {
    runsJobs: true,
    jobLeases: LEASES,
    jobPollingIntervalSeconds: POLLING_SECONDS,
    // The held kind with no worker here: the survivor starts such jobs, the server processes run them.
    extraJobs: [createStepsJob('survivor-steps'), createStepsJob(HELD_STEPS_KIND, { concurrency: 0 })],
  });
  learner = await registerUser(survivor);
});

afterAll(async () => {
  for (const server of children) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const unit of held) unit.response.destroy();
  holdServer.closeAllConnections();
  await new Promise((resolve) => holdServer.close(resolve));
  if (!isSurvivorClosed) await survivor.close();
  await shared.close();
  await rm(bundleDir, { recursive: true, force: true });
});

/** Server processes on the shared database, started side by side; resolves once each listens. */
async function startServers(count: number): Promise<ServerProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const config = { databaseUrl: shared.url, holdUrl, leases: LEASES, pollingSeconds: POLLING_SECONDS };
      const child = spawn(process.execPath, [serverFile, JSON.stringify(config)], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('close', (code, signal) => resolve({ code, signal })),
      );
      const ready = await new Promise<{ pid: number; instanceId: string }>((resolve, reject) => {
        const look = () => {
          const line = output.split('\n').find((entry) => entry.startsWith('{"ready":true'));
          if (line) resolve(JSON.parse(line) as { pid: number; instanceId: string });
        };
        child.stdout.on('data', look);
        void exited.then(({ code }) =>
          reject(new Error(`a server exited (${code}) before it listened:\n${output}`)),
        );
      });
      const server = { child, pid: ready.pid, instanceId: ready.instanceId, exited, output: () => output };
      children.push(server);
      return server;
    }),
  );
}

/** A job of the held kind for the learner, started by the survivor for the server processes to run. */
const startHeldJob = (units: string[]) =>
  survivor.jobRuntime.start(learner.id, HELD_STEPS_KIND, { units }, units.length);

const rowOf = async (jobId: string) =>
  (await shared.database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId)))[0];

/** The `count`th unit of the job a server asked to do, once it has asked. */
async function nthHeldUnit(jobId: string, count: number): Promise<HeldUnit> {
  await vi.waitUntil(() => held.filter((unit) => unit.jobId === jobId).length >= count, {
    timeout: 20_000,
    interval: 20,
  });
  return held.filter((unit) => unit.jobId === jobId)[count - 1]!;
}

const serverOf = (pid: number) => children.find((server) => server.pid === pid)!;

/** The survivor still answers, and still runs its own jobs. */
async function expectSurvivorWorks() {
  expect((await survivor.inject({ method: 'GET', url: '/api/auth/status' })).statusCode).toBe(200);
  const jobId = await survivor.jobRuntime.start(learner.id, 'survivor-steps', { units: ['uno', 'dos'] }, 2);
  await vi.waitUntil(async () => (await rowOf(jobId))?.status === 'completed', {
    timeout: 10_000,
    interval: 50,
  });
}

describe('a job whose process is killed with -9 mid-unit', () => {
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    servers = await startServers(3);
  });

  it('three times, fails with job_crashed; the surviving server runs its jobs', async () => {
    const jobId = await startHeldJob(['uno', 'dos']);
    for (let crash = 1; crash <= 3; crash += 1) {
      const unit = await nthHeldUnit(jobId, crash);
      const server = serverOf(unit.pid);
      expect((await rowOf(jobId))?.ownerInstanceId).toBe(server.instanceId);
      server.child.kill('SIGKILL');
      expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await expectSurvivorWorks();
    }

    await vi.waitUntil(async () => (await rowOf(jobId))?.status === 'failed', {
      timeout: 20_000,
      interval: 50,
    });
    expect(await rowOf(jobId)).toMatchObject({
      error: { code: 'job_crashed' },
      crashedStarts: 3,
      ownerInstanceId: null,
    });
    const runs = held.filter((unit) => unit.jobId === jobId);
    // Each run was on another process (each then killed), and none got past the first unit.
    expect(new Set(runs.map((unit) => unit.pid))).toEqual(new Set(servers.map((server) => server.pid)));
    expect(runs.map((unit) => unit.unit)).toEqual(['uno', 'uno', 'uno']);
    await expectSurvivorWorks();
  });
});

describe('a job whose process is stopped by SIGTERM mid-unit', () => {
  let servers: ServerProcess[] = [];
  beforeAll(async () => {
    servers = await startServers(3);
  });

  it('three times, completes without a crashed start', async () => {
    const units = ['uno', 'dos', 'tres', 'cuatro'];
    const jobId = await startHeldJob(units);
    for (let stop = 1; stop <= 3; stop += 1) {
      const unit = await nthHeldUnit(jobId, stop);
      const server = serverOf(unit.pid);
      server.child.kill('SIGTERM');
      // Its unit ends only once the stop has begun, so the job stops at the next unit.
      await vi.waitUntil(() => server.output().includes('"msg":"jobs stop at their next unit"'), {
        timeout: 10_000,
        interval: 20,
      });
      unit.response.end('ok');
    }
    for (const server of servers) expect(await server.exited).toEqual({ code: 0, signal: null });

    // The survivor now runs the kind too, and takes the job where the last stop left it.
    await survivor.jobRuntime.define(
      createStepsJob(HELD_STEPS_KIND, { concurrency: 1, beforeStep: askingHoldServer(holdUrl) }),
    );
    const last = await nthHeldUnit(jobId, 4);
    expect(last.pid).toBe(process.pid);
    last.response.end('ok');
    await vi.waitUntil(async () => (await rowOf(jobId))?.status === 'completed', {
      timeout: 20_000,
      interval: 50,
    });
    expect(await rowOf(jobId)).toMatchObject({
      results: stepsDone.write({ done: units }),
      crashedStarts: 0,
      ownerInstanceId: null,
    });
    const runs = held.filter((unit) => unit.jobId === jobId);
    // Each unit once, each on the next process: every stop kept the unit done and released the rest.
    expect(runs.map((unit) => unit.unit)).toEqual(units);
    expect(new Set(runs.map((unit) => unit.pid))).toEqual(
      new Set([...servers.map((server) => server.pid), process.pid]),
    );
  });
});

describe('the jobs command line (npm run jobs)', () => {
  /** Runs the command with the server's configuration: the shared database, as the server reaches it. */
  async function jobsCommand(...args: string[]) {
    const child = spawn(process.execPath, [cliFile, ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...(shared.dataDir
          ? { DATA_DIR: shared.dataDir, DATABASE_URL: '' }
          : { DATABASE_URL: shared.url, APP_SECRET: TEST_APP_SECRET }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    return { code, stdout, stderr };
  }

  const listed = async () => {
    const result = await jobsCommand('list', '--json');
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { id: string }[];
  };

  async function seedCrashedJobs() {
    const progress = { ...emptyJobProgress(2), stage: STEPS_STAGE };
    const [crashed, looping] = await shared.database.db
      .insert(jobsTable)
      .values([
        {
          userId: learner.id,
          kind: HELD_STEPS_KIND,
          input: stepsInput.write({ units: ['uno', 'dos'] }),
          progress,
          status: 'failed',
          error: { code: 'job_crashed' },
          crashedStarts: 3,
        },
        // Queued again after two lapses, with no process left to run its kind.
        {
          userId: learner.id,
          kind: HELD_STEPS_KIND,
          input: stepsInput.write({ units: ['uno', 'dos'] }),
          progress,
          status: 'processing',
          crashedStarts: 2,
        },
      ])
      .returning({ id: jobsTable.id });
    return { crashed: crashed!.id, looping: looping!.id };
  }

  it('lists crashed and crash-looping jobs and cancels one, beside the running server', async () => {
    const { crashed, looping } = await seedCrashedJobs();
    const [jobs, text] = await Promise.all([listed(), jobsCommand('list')]);
    const common = { kind: HELD_STEPS_KIND, userId: learner.id, stage: STEPS_STAGE, ownerInstanceId: null };
    expect(jobs.find((job) => job.id === crashed)).toMatchObject({
      ...common,
      status: 'failed',
      isCrashed: true,
      crashedStarts: 3,
    });
    expect(jobs.find((job) => job.id === looping)).toMatchObject({
      ...common,
      status: 'processing',
      isCrashed: false,
      crashedStarts: 2,
    });
    expect(text.stdout).toMatch(
      new RegExp(`${looping}\\s+${HELD_STEPS_KIND}\\s+processing\\s+${STEPS_STAGE}`),
    );

    const [cancelled, refused] = await Promise.all([
      jobsCommand('cancel', looping),
      jobsCommand('cancel', crashed),
    ]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect((await rowOf(looping))?.status).toBe('cancelled');
    // A crashed job is over already: nothing to cancel.
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already failed');
    expect((await rowOf(crashed))?.status).toBe('failed');
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'with no server running, opens the data folder itself and leaves nothing running',
    async () => {
      const { crashed } = await seedCrashedJobs();
      const dataDir = shared.dataDir!;
      isSurvivorClosed = true;
      await survivor.close();
      await shared.stop();
      expect(existsSync(path.join(dataDir, 'palabra.lock'))).toBe(false);

      expect((await listed()).map((job) => job.id)).toContain(crashed);
      // The lock it took is released, and the database server it started is stopped.
      expect(existsSync(path.join(dataDir, 'palabra.lock'))).toBe(false);
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      const postmaster = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
      expect(postmaster === 0 || !isProcessAlive(postmaster)).toBe(true);
    },
  );
});
