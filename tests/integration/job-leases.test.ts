import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyJobProgress, type ServerMessage } from '../../src/shared/realtime';
import type { Database } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { jobsTable, words } from '../../src/server/db/schema';
import { createUploadsRepository, LeaseLostError } from '../../src/server/modules/uploads/uploads.repository';
import type { AppDeps } from '../../src/server/app';
import type { JobLeaseSettings } from '../../src/server/jobs/job-leases';
import { createJobQueue } from '../../src/server/jobs/job-queue';
import type { ImageGenerator } from '../../src/server/providers/images';
import { buildTestAppOn, registerUser, type TestUser } from '../support/build-test-app';
import { connectRealtime, isType } from '../support/realtime-client';
import { createStepsJob, gate, stepsDone, stepsInput } from '../support/steps-job';
import { seedWords } from '../support/word-seeds';
import { newWordOf } from '../support/new-words';
import { openTestDatabase } from '../support/test-database';

/*
 * Jobs have an owner (docs/product/jobs.md#crashed-jobs): several app instances on one database, as
 * instances behind a proxy share one PostgreSQL server (PGlite here, PostgreSQL when DATABASE_URL is set).
 * Each test uses job kinds of its own, so no test reads another's rows.
 */

let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  // Several instances use it, as on a PostgreSQL server: none may take the others' leases for a dead
  // process's at its start, as the one instance on an embedded database does.
  database = { ...(await openTestDatabase()), isSingleInstance: false };
});
afterEach(async () => {
  for (const app of apps.splice(0).reverse()) await app.close();
});
afterAll(async () => {
  await database.close();
});

/** Leases for tests that must not lapse: renewed often, and far from lapsing on a busy machine. */
const STEADY_LEASES: Partial<JobLeaseSettings> = { renewIntervalMs: 100, lapseMs: 10_000 };

/** pg-boss's shortest: a job one instance releases or sends reaches another within half a second, not 2 s. */
const QUICK_POLLING_SECONDS = 0.5;

async function instance(overrides: Partial<AppDeps>): Promise<FastifyInstance> {
  const app = await buildTestAppOn(overrides.database ?? database, {
    runsJobs: true,
    jobPollingIntervalSeconds: QUICK_POLLING_SECONDS,
    ...overrides,
  });
  apps.push(app);
  return app;
}

/** Stops an instance as SIGTERM does (server-process.ts closes the app; the shared database stays open). */
async function closeInstance(app: FastifyInstance) {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

/** The app's logger writing to a list the test reads. */
function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = {
    level: 'info',
    stream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  };
  return { logger, lines };
}

const rowOf = async (jobId: string) =>
  (await database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId)))[0];

const statusOf = async (jobId: string) => (await rowOf(jobId))?.status;

/** The pg-boss jobs of a queue, counted by state. */
async function queueStates(kind: string): Promise<Record<string, number>> {
  const rows = rowsOf<{ state: string; count: number }>(
    await database.db.execute(
      sql`select state, count(*)::int as count from pgboss.job where name = ${kind} group by state`,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
}

/** How many times a job was handed to pg-boss. */
async function sendsOf(jobId: string): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await database.db.execute(
      sql`select count(*)::int as count from pgboss.job where data->>'jobId' = ${jobId}`,
    ),
  );
  return row?.count ?? 0;
}

async function getJob(app: FastifyInstance, user: TestUser, jobId: string) {
  const answer = await app.inject({
    method: 'GET',
    url: `/api/jobs/${jobId}`,
    headers: { cookie: user.cookie },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ status: string; results: unknown; error: unknown }>();
}

/** Each unit a run did: which job, which instance, which unit. */
type StepRecord = { jobId: string; instance: string; unit: string };
const unitsOf = (steps: StepRecord[], jobId: string) =>
  steps.filter((step) => step.jobId === jobId).map((step) => `${step.instance}:${step.unit}`);

describe('job ownership across instances', () => {
  it('two instances never run one job at once: a delivery of a job the other holds is ignored', async () => {
    const kind = 'lease-exclusive';
    const steps: StepRecord[] = [];
    const held = gate();
    const definitionFor = (name: string, concurrency: number) =>
      createStepsJob(kind, {
        concurrency,
        beforeStep: async (unit, jobId) => {
          steps.push({ jobId, instance: name, unit });
          if (unit === 'uno') await held.opened;
        },
      });
    // A runs as many of these jobs at once as it is given: both held, it has no worker free for more.
    const first = await instance({ jobLeases: STEADY_LEASES, extraJobs: [definitionFor('A', 2)] });
    const user = await registerUser(first);
    const heldJobs = [
      await first.jobRuntime.start(user.id, kind, { units: ['uno', 'dos'] }, 2),
      await first.jobRuntime.start(user.id, kind, { units: ['uno', 'dos'] }, 2),
    ];
    await vi.waitUntil(() => heldJobs.every((jobId) => unitsOf(steps, jobId).length === 1), {
      timeout: 15_000,
      interval: 20,
    });

    const second = await instance({ jobLeases: STEADY_LEASES, extraJobs: [definitionFor('B', 3)] });
    // Late deliveries of the held jobs (a pg-boss retry, another instance's resume): only B's workers are
    // free to take them.
    const sender = createJobQueue(database);
    await sender.start(() => undefined);
    try {
      for (const jobId of heldJobs)
        for (let copy = 0; copy < 3; copy += 1) await sender.send(kind, { jobId });
      await vi.waitUntil(
        async () => {
          const states = await queueStates(kind);
          return !states.created && !states.retry && states.active === heldJobs.length;
        },
        { timeout: 15_000, interval: 50 },
      );
      held.open();

      // A burst: new jobs, each delivered three times, taken by whichever workers of either instance.
      const burst = await Promise.all(
        [1, 2, 3, 4].map(() => second.jobRuntime.start(user.id, kind, { units: ['x', 'y'] }, 2)),
      );
      for (const jobId of burst) for (let copy = 0; copy < 2; copy += 1) await sender.send(kind, { jobId });

      const all = [...heldJobs, ...burst];
      await vi.waitUntil(async () => (await Promise.all(all.map(statusOf))).every((s) => s === 'completed'), {
        timeout: 20_000,
        interval: 50,
      });
      for (const jobId of heldJobs) {
        expect(unitsOf(steps, jobId)).toEqual(['A:uno', 'A:dos']);
        expect(await rowOf(jobId)).toMatchObject({
          results: stepsDone.write({ done: ['uno', 'dos'] }),
          ownerInstanceId: null,
          crashedStarts: 0,
        });
      }
      for (const jobId of burst) {
        const done = unitsOf(steps, jobId);
        // One run, on one instance, each unit once.
        expect(done.map((step) => step.split(':')[1])).toEqual(['x', 'y']);
        expect(new Set(done.map((step) => step.split(':')[0])).size).toBe(1);
      }
    } finally {
      await sender.stop();
    }
  });

  it('a lapsed lease counts a crashed start; the third fails the job with job_crashed, for good', async () => {
    // A real job (the dictionary's missing pictures), whose one picture never comes: each instance that
    // runs it is stopped while it waits, and its stop gives up on the unit after 100 ms, as a process
    // killed mid-unit would. The lease it keeps lapses, and the next instance counts a crashed start.
    const hung = gate();
    let asked = 0;
    const heldPictures: ImageGenerator = {
      provider: 'builtin',
      async generate() {
        asked += 1;
        await hung.opened;
        throw new Error('the instance that asked for this picture is gone');
      },
    };
    const leases = { renewIntervalMs: 100, lapseMs: 1_000, drainTimeoutMs: 100 };
    // The learner's socket is on an instance that runs no job: the failure reaches it through NOTIFY.
    const web = await instance({ runsJobs: false });
    const user = await registerUser(web);
    await seedWords(database.db, user.id, [{ spanish: 'el gato' }]);
    const socket = await connectRealtime(web, user.cookie);
    const deadLogs: ReturnType<typeof capturedLog>[] = [];
    try {
      let jobId = '';
      for (let crash = 1; crash <= 3; crash += 1) {
        const log = capturedLog();
        deadLogs.push(log);
        const doomed = await instance({ jobLeases: leases, builtinImages: heldPictures, logger: log.logger });
        if (crash === 1) {
          const started = await doomed.inject({
            method: 'POST',
            url: '/api/words/generate-missing-images',
            headers: { cookie: user.cookie },
          });
          expect(started.statusCode).toBe(200);
          jobId = started.json<{ jobId: string }>().jobId;
        }
        // Run number `crash` holds the job, inside its unit.
        await vi.waitUntil(
          async () =>
            asked === crash && (await rowOf(jobId))?.ownerInstanceId === doomed.jobRuntime.instanceId,
          { timeout: 15_000, interval: 20 },
        );
        await closeInstance(doomed);
      }

      const log = capturedLog();
      const survivor = await instance({ jobLeases: leases, logger: log.logger });
      await vi.waitUntil(async () => (await statusOf(jobId)) === 'failed', { timeout: 15_000, interval: 50 });
      expect(asked).toBe(3);
      expect(await getJob(survivor, user, jobId)).toMatchObject({
        status: 'failed',
        error: { code: 'job_crashed' },
      });
      await socket.waitFor(
        (message): message is Extract<ServerMessage, { type: 'jobStatus' }> =>
          isType('jobStatus')(message) && message.jobId === jobId && message.status === 'failed',
      );
      const failure = [...deadLogs, log]
        .flatMap((each) => each.lines)
        .find((line) => String(line.msg).includes('job_crashed'));
      expect(failure).toMatchObject({
        jobId,
        kind: 'generate-missing-images',
        userId: user.id,
        stage: 'images',
        crashedStarts: 3,
      });

      // The runs left behind wake up: none of them may write anything, and nothing runs the job again.
      const before = await rowOf(jobId);
      hung.open();
      await vi.waitUntil(
        () =>
          deadLogs.every((each) =>
            each.lines.some((line) => line.jobId === jobId && String(line.msg).includes('lease lost')),
          ),
        { timeout: 10_000, interval: 20 },
      );
      expect(await rowOf(jobId)).toMatchObject({
        status: 'failed',
        error: { code: 'job_crashed' },
        crashedStarts: 3,
        ownerInstanceId: null,
        progress: before?.progress,
        results: before?.results,
      });
      const sent = await sendsOf(jobId);
      await survivor.jobRuntime.resumeUnfinished();
      expect(await sendsOf(jobId)).toBe(sent);
      expect(asked).toBe(3);
    } finally {
      hung.open();
      socket.close();
    }
  });

  it('a graceful stop releases the job, counting no crashed start, and another instance finishes it', async () => {
    const kind = 'lease-release';
    const steps: StepRecord[] = [];
    const held = gate();
    const reached = gate();
    const log = capturedLog();
    const stopping = await instance({
      jobLeases: STEADY_LEASES,
      logger: log.logger,
      extraJobs: [
        createStepsJob(kind, {
          beforeStep: async (unit, jobId) => {
            steps.push({ jobId, instance: 'A', unit });
            if (unit !== 'dos') return;
            reached.open();
            await held.opened;
          },
        }),
      ],
    });
    const user = await registerUser(stopping);
    const jobId = await stopping.jobRuntime.start(
      user.id,
      kind,
      { units: ['uno', 'dos', 'tres', 'cuatro'] },
      4,
    );
    await reached.opened;
    const taking = await instance({
      jobLeases: STEADY_LEASES,
      extraJobs: [
        createStepsJob(kind, {
          beforeStep: async (unit, id) => void steps.push({ jobId: id, instance: 'B', unit }),
        }),
      ],
    });

    // SIGTERM's close: the job stops at its next unit, which the test lets end once the stop has begun.
    const closed = closeInstance(stopping);
    await vi.waitUntil(() => log.lines.some((line) => line.msg === 'jobs stop at their next unit'), {
      timeout: 10_000,
      interval: 10,
    });
    held.open();
    await closed;

    await vi.waitUntil(async () => (await statusOf(jobId)) === 'completed', {
      timeout: 15_000,
      interval: 50,
    });
    expect(unitsOf(steps, jobId)).toEqual(['A:uno', 'A:dos', 'B:tres', 'B:cuatro']);
    expect(await rowOf(jobId)).toMatchObject({
      results: stepsDone.write({ done: ['uno', 'dos', 'tres', 'cuatro'] }),
      crashedStarts: 0,
      ownerInstanceId: null,
    });
    expect(await taking.jobRuntime.findOwned(user.id, jobId)).toMatchObject({
      status: 'completed',
      error: null,
    });
  });

  it('resuming at start takes released and lapsed jobs, never one another live instance holds', async () => {
    const kind = 'lease-resume';
    const steps: StepRecord[] = [];
    const held = gate();
    // No ticks: only the start's resume may queue anything here.
    const quiet = { renewIntervalMs: 3_600_000 };
    const holder = await instance({
      jobLeases: quiet,
      extraJobs: [
        createStepsJob(kind, {
          concurrency: 1,
          beforeStep: async (unit, jobId) => {
            steps.push({ jobId, instance: 'A', unit });
            await held.opened;
          },
        }),
      ],
    });
    const user = await registerUser(holder);
    const live = await holder.jobRuntime.start(user.id, kind, { units: ['uno'] }, 1);
    await vi.waitUntil(() => unitsOf(steps, live).length === 1, { timeout: 15_000, interval: 20 });

    const input = stepsInput.write({ units: ['uno', 'dos'] });
    const [released, lapsed] = await database.db
      .insert(jobsTable)
      .values([
        // Let go at a graceful stop after its first unit.
        {
          userId: user.id,
          kind,
          input,
          status: 'processing',
          progress: emptyJobProgress(2),
          results: stepsDone.write({ done: ['uno'] }),
        },
        // Held by an instance that died two minutes ago.
        {
          userId: user.id,
          kind,
          input,
          status: 'processing',
          progress: emptyJobProgress(2),
          ownerInstanceId: 'an-instance-that-died',
          leaseRenewedAt: sql`now() - interval '2 minutes'`,
        },
      ])
      .returning();

    await instance({
      jobLeases: quiet,
      extraJobs: [
        createStepsJob(kind, {
          concurrency: 2,
          beforeStep: async (unit, jobId) => void steps.push({ jobId, instance: 'B', unit }),
        }),
      ],
    });
    await vi.waitUntil(
      async () =>
        (await statusOf(released!.id)) === 'completed' && (await statusOf(lapsed!.id)) === 'completed',
      { timeout: 15_000, interval: 50 },
    );
    expect(unitsOf(steps, released!.id)).toEqual(['B:dos']);
    expect(await rowOf(released!.id)).toMatchObject({ crashedStarts: 0 });
    expect(unitsOf(steps, lapsed!.id)).toEqual(['B:uno', 'B:dos']);
    expect(await rowOf(lapsed!.id)).toMatchObject({ crashedStarts: 1 });
    // The job A holds was not handed out again: sent once, when it started, and still A's.
    expect(await sendsOf(live)).toBe(1);
    expect(await rowOf(live)).toMatchObject({
      status: 'processing',
      ownerInstanceId: holder.jobRuntime.instanceId,
    });

    held.open();
    await vi.waitUntil(async () => (await statusOf(live)) === 'completed', { timeout: 15_000, interval: 50 });
    expect(unitsOf(steps, live)).toEqual(['A:uno']);
  });
});

describe('the one instance on its database', () => {
  it('takes every lease it finds at start for a dead process: the job resumes at once, counted', async () => {
    const kind = 'lease-sole';
    const steps: StepRecord[] = [];
    const user = await registerUser(await instance({ runsJobs: false }));
    // Renewed a moment ago by an instance killed since: on a shared database it would wait out its lapse.
    const [left] = await database.db
      .insert(jobsTable)
      .values({
        userId: user.id,
        kind,
        input: stepsInput.write({ units: ['uno', 'dos'] }),
        status: 'processing',
        progress: emptyJobProgress(2),
        results: stepsDone.write({ done: ['uno'] }),
        ownerInstanceId: 'the-instance-before-the-crash',
        leaseRenewedAt: sql`now()`,
      })
      .returning();
    await instance({
      database: { ...database, isSingleInstance: true },
      jobLeases: { renewIntervalMs: 3_600_000 },
      extraJobs: [
        createStepsJob(kind, {
          beforeStep: async (unit, jobId) => void steps.push({ jobId, instance: 'A', unit }),
        }),
      ],
    });
    await vi.waitUntil(async () => (await statusOf(left!.id)) === 'completed', {
      timeout: 15_000,
      interval: 50,
    });
    expect(unitsOf(steps, left!.id)).toEqual(['A:dos']);
    expect(await rowOf(left!.id)).toMatchObject({ crashedStarts: 1, ownerInstanceId: null });
  });
});

describe('errors a step lets escape', () => {
  it('an exception thrown asynchronously inside a step fails that job only, and another job completes', async () => {
    const failingKinds = { thrown: 'escape-thrown', rejected: 'escape-rejected' };
    const calm = 'escape-calm';
    const bothFailed = gate();
    // What main.ts does with an error outside any job (it exits), this test records instead.
    const unclaimed: unknown[] = [];
    const app = await instance({
      jobLeases: STEADY_LEASES,
      onUncaughtError: (error) => void unclaimed.push(error),
      extraJobs: [
        // An event emitted from a timer the step started, whose listener throws; the step itself waits for
        // an answer that never comes.
        createStepsJob(failingKinds.thrown, {
          beforeStep: async () => {
            const { EventEmitter } = await import('node:events');
            const emitter = new EventEmitter();
            emitter.on('data', () => {
              throw new Error('a listener of the step broke');
            });
            setTimeout(() => emitter.emit('data'), 10);
            await new Promise(() => undefined);
          },
        }),
        createStepsJob(failingKinds.rejected, {
          beforeStep: async () => {
            setTimeout(() => void Promise.reject(new Error('a promise of the step was rejected')), 10);
            await new Promise(() => undefined);
          },
        }),
        createStepsJob(calm, { beforeStep: () => bothFailed.opened }),
      ],
    });
    try {
      const user = await registerUser(app);
      const calmJob = await app.jobRuntime.start(user.id, calm, { units: ['uno', 'dos'] }, 2);
      const thrown = await app.jobRuntime.start(user.id, failingKinds.thrown, { units: ['uno'] }, 1);
      const rejected = await app.jobRuntime.start(user.id, failingKinds.rejected, { units: ['uno'] }, 1);

      await vi.waitUntil(
        async () => (await statusOf(thrown)) === 'failed' && (await statusOf(rejected)) === 'failed',
        { timeout: 15_000, interval: 50 },
      );
      bothFailed.open();
      await vi.waitUntil(async () => (await statusOf(calmJob)) === 'completed', {
        timeout: 15_000,
        interval: 50,
      });
      for (const jobId of [thrown, rejected]) {
        expect(await app.jobRuntime.findOwned(user.id, jobId)).toMatchObject({
          status: 'failed',
          error: { code: 'unknown' },
        });
        expect(await rowOf(jobId)).toMatchObject({ ownerInstanceId: null });
      }
      expect(await app.jobRuntime.findOwned(user.id, calmJob)).toMatchObject({
        status: 'completed',
        results: { done: ['uno', 'dos'] },
      });
      expect(unclaimed).toEqual([]);

      // One thrown outside any job is not a job's: it keeps its fatal course (src/server/server-process.ts).
      const outside = new Error('thrown outside any job');
      setTimeout(() => {
        throw outside;
      }, 0);
      await vi.waitUntil(() => unclaimed.length === 1, { timeout: 5_000, interval: 10 });
      expect(unclaimed).toEqual([outside]);
    } finally {
      bothFailed.open();
    }
  });
});

describe('a job that saves in its own transaction', () => {
  it('saves an upload’s chunk only while its instance holds the job', async () => {
    const app = await instance({});
    const learner = await registerUser(app);
    const [job] = await database.db
      .insert(jobsTable)
      .values({
        userId: learner.id,
        kind: 'upload-words',
        status: 'processing',
        ownerInstanceId: 'instance-b',
      })
      .returning({ id: jobsTable.id });
    const uploads = createUploadsRepository(database.db);
    const word = newWordOf('perro', 'собака');
    // Instance A lost the job to B while it saved: nothing of its chunk is written.
    await expect(
      uploads.saveChunk(learner.id, [word], {
        jobId: job!.id,
        ownerInstanceId: 'instance-a',
        resultsAfter: () => ({ words: ['stale'] }),
      }),
    ).rejects.toThrow(LeaseLostError);
    expect(await database.db.select().from(words).where(eq(words.userId, learner.id))).toEqual([]);
    await uploads.saveChunk(learner.id, [word], {
      jobId: job!.id,
      ownerInstanceId: 'instance-b',
      resultsAfter: () => ({ words: ['saved'] }),
    });
    const [saved] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, job!.id));
    expect(saved?.results).toEqual({ words: ['saved'] });
    expect(await database.db.select().from(words).where(eq(words.userId, learner.id))).toHaveLength(1);
  });
});
