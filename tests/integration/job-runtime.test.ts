import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ServerMessage } from '../../src/shared/realtime';
import type { Database } from '../../src/server/db/client';
import { jobsTable, users } from '../../src/server/db/schema';
import { jobData } from '../../src/server/jobs/job-data';
import { JOB_ERROR_CODES } from '../../src/server/http/job-failure';
import { createJobRuntime, type JobDefinition, type JobRuntime } from '../../src/server/jobs/job-runtime';
import { createJobsRepository } from '../../src/server/jobs/jobs.repository';
import { ProviderError } from '../../src/server/providers/provider-error';
import { openTestDatabase } from '../support/test-database';

/*
 * The job runtime (docs/product/jobs.md) on the real database, with a queue that hands each sent job
 * straight to its handler, so every test can await the run it started instead of waiting for a poll.
 */

let database: Database;
const userId = 'runtime-learner';

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(users).values({ id: userId, email: 'runtime@example.com', authProvider: 'local' });
});
afterAll(async () => {
  await database.close();
});

/** A queue whose `send` runs the handler at once; `settled()` waits for every run it started. */
function createDirectQueue() {
  const handlers = new Map<string, (data: { jobId: string }) => Promise<void>>();
  const runs: Promise<void>[] = [];
  return {
    define: async (name: string, handler: (data: { jobId: string }) => Promise<void>) => {
      handlers.set(name, handler);
    },
    send: async (name: string, data: object) => {
      const handler = handlers.get(name);
      if (handler) runs.push(handler(data as { jobId: string }));
    },
    settled: () => Promise.all(runs),
  };
}

function createTestRuntime(options: { isRunning?: boolean } = {}) {
  const queue = createDirectQueue();
  const messages: ServerMessage[] = [];
  const runtime = createJobRuntime({
    jobs: createJobsRepository(database.db),
    queue,
    hub: { publish: async (_user: string, message: ServerMessage) => void messages.push(message) },
    isRunning: options.isRunning,
  });
  return { runtime, queue, messages };
}

/** A promise the test resolves when it chooses: a step that waits on it stays in flight until then. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const rowOf = async (jobId: string) =>
  (await database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId)))[0];

/** Version 1 of the test job's input listed bare words; version 2 carries each with a weight. */
const inputV1 = z.object({ words: z.array(z.string()) });
const inputV2 = z.object({ items: z.array(z.object({ word: z.string(), weight: z.number() })) });
const countInput = jobData('count input', inputV1).next(inputV2, (old) => ({
  items: old.words.map((word) => ({ word, weight: 1 })),
}));
const countResults = jobData(
  'count results',
  z.object({ done: z.array(z.string()), isStopped: z.boolean() }),
);
type CountResults = ReturnType<typeof countResults.read>;
type CountInput = ReturnType<typeof countInput.read>;

/**
 * A job that records each unit it does; `hooks.beforeStep` lets a test hold a unit or make it fail.
 * The checkpoint is the results so far, reported after every unit.
 */
function countJob(
  kind: string,
  hooks: {
    beforeStep?: (word: string) => Promise<void>;
    beforeFinish?: () => Promise<void>;
    unitsAtOnce?: number;
  } = {},
  stepsRun: string[] = [],
): JobDefinition<CountInput, CountResults, CountResults, string> {
  return {
    kind,
    input: countInput,
    checkpoint: countResults,
    results: countResults,
    async plan(context) {
      const done = [...(context.checkpoint?.done ?? [])];
      return {
        units: context.input.items.map((item) => item.word).filter((word) => !done.includes(word)),
        unitsAtOnce: hooks.unitsAtOnce ?? 1,
        async step(word) {
          await hooks.beforeStep?.(word);
          stepsRun.push(word);
          done.push(word);
          await context.reportProgress({ processed: done.length, currentWord: word }, () => ({
            done: [...done],
            isStopped: false,
          }));
        },
        finish: async ({ isCancelled }) => {
          await hooks.beforeFinish?.();
          return { done, isStopped: isCancelled };
        },
      };
    },
  };
}

async function start(runtime: JobRuntime, kind: string, words: string[]) {
  return runtime.start(userId, kind, { items: words.map((word) => ({ word, weight: 1 })) }, words.length);
}

describe('stored data', () => {
  it('stores the input with its version and parses it on the read of every run', async () => {
    const { runtime, queue } = createTestRuntime();
    await runtime.define(countJob('count-a'));
    const jobId = await start(runtime, 'count-a', ['uno', 'dos']);
    await queue.settled();
    const row = await rowOf(jobId);
    expect(row?.input).toEqual({
      v: 2,
      items: [
        { word: 'uno', weight: 1 },
        { word: 'dos', weight: 1 },
      ],
    });
    expect(row?.status).toBe('completed');
    expect(row?.results).toEqual({ v: 1, done: ['uno', 'dos'], isStopped: false });
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({
      status: 'completed',
      results: { done: ['uno', 'dos'], isStopped: false },
      error: null,
    });
  });

  it('refuses an input its schema does not accept when the job is started', async () => {
    const { runtime } = createTestRuntime();
    await runtime.define(countJob('count-b'));
    await expect(runtime.start(userId, 'count-b', { items: 'no' }, 1)).rejects.toThrow(/unreadable job/);
  });

  it('runs a version 1 row (no `v`) through the converter', async () => {
    const { runtime, queue } = createTestRuntime();
    const stepsRun: string[] = [];
    await runtime.define(countJob('count-c', {}, stepsRun));
    const [row] = await database.db
      .insert(jobsTable)
      .values({ userId, kind: 'count-c', input: { words: ['gato', 'perro'] }, status: 'processing' })
      .returning();
    await runtime.resumeUnfinished();
    await queue.settled();
    expect(stepsRun).toEqual(['gato', 'perro']);
    expect((await rowOf(row!.id))?.status).toBe('completed');
  });

  it('fails only the job whose row no converter reads, with a code, and runs the next one', async () => {
    const { runtime, queue } = createTestRuntime();
    await runtime.define(countJob('count-d'));
    const [newer, garbled] = await database.db
      .insert(jobsTable)
      .values([
        { userId, kind: 'count-d', input: { v: 3, items: [] }, status: 'pending' },
        { userId, kind: 'count-d', input: { v: 2, items: 'not a list' }, status: 'pending' },
      ])
      .returning();
    const healthy = await start(runtime, 'count-d', ['sol']);
    await runtime.resumeUnfinished();
    await queue.settled();
    for (const broken of [newer!, garbled!]) {
      expect(await runtime.findOwned(userId, broken.id)).toMatchObject({
        status: 'failed',
        error: { code: JOB_ERROR_CODES.dataUnreadable },
      });
    }
    expect((await rowOf(healthy))?.status).toBe('completed');
  });

  it('reads a finished job whose results no schema reads as failed to read, not as a crash', async () => {
    const { runtime } = createTestRuntime();
    await runtime.define(countJob('count-e'));
    const [row] = await database.db
      .insert(jobsTable)
      .values({ userId, kind: 'count-e', status: 'completed', results: { v: 1, done: 'x' } })
      .returning();
    expect(await runtime.findOwned(userId, row!.id)).toMatchObject({
      results: null,
      error: { code: JOB_ERROR_CODES.dataUnreadable },
    });
  });

  it('reads a version 1 failure sentence back as its code, and an unknown one verbatim', async () => {
    const { runtime } = createTestRuntime();
    const [known, unknown] = await database.db
      .insert(jobsTable)
      .values([
        {
          userId,
          kind: 'count-f',
          status: 'failed',
          errorMessage: 'Нет ключа OpenAI: добавьте его в настройках.',
        },
        { userId, kind: 'count-f', status: 'failed', errorMessage: 'Что-то своё' },
      ])
      .returning();
    expect((await runtime.findOwned(userId, known!.id))?.error).toEqual({ code: 'language_model_missing' });
    expect((await runtime.findOwned(userId, unknown!.id))?.error).toEqual({
      code: 'legacy_text',
      params: { text: 'Что-то своё' },
    });
  });
});

describe('running', () => {
  it('publishes progress and the final status over the hub, in the unchanged shapes', async () => {
    const { runtime, queue, messages } = createTestRuntime();
    await runtime.define(countJob('count-g'));
    const jobId = await start(runtime, 'count-g', ['a']);
    await queue.settled();
    const ofJob = messages.filter((message) => 'jobId' in message && message.jobId === jobId);
    expect(ofJob.at(-2)).toMatchObject({ type: 'jobProgress', kind: 'count-g', status: 'completed' });
    expect(ofJob.at(-1)).toEqual({ type: 'jobStatus', jobId, status: 'completed' });
  });

  it('hands each unit to one step only when steps in flight end together', async () => {
    const { runtime, queue } = createTestRuntime();
    // The first two units wait for each other, so both workers come back for work at the same moment
    // while one unit is left: exactly one of them may take it.
    const bothStarted = gate();
    let started = 0;
    const stepsRun: string[] = [];
    await runtime.define(
      countJob(
        'count-together',
        {
          unitsAtOnce: 2,
          beforeStep: async (word) => {
            if (word === 'c') return;
            started += 1;
            if (started === 2) bothStarted.open();
            await bothStarted.opened;
          },
        },
        stepsRun,
      ),
    );
    const jobId = await start(runtime, 'count-together', ['a', 'b', 'c']);
    await queue.settled();
    expect(stepsRun.sort()).toEqual(['a', 'b', 'c']);
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({ status: 'completed', error: null });
  });

  it('a cancelled job stops taking units and keeps what it did', async () => {
    const { runtime, queue } = createTestRuntime();
    const held = gate();
    const reached = gate();
    await runtime.define(
      countJob('count-h', {
        beforeStep: async (word) => {
          if (word !== 'dos') return;
          reached.open();
          await held.opened;
        },
      }),
    );
    const jobId = await start(runtime, 'count-h', ['uno', 'dos', 'tres', 'cuatro']);
    await reached.opened;
    expect(await runtime.cancel(userId, jobId)).toBe(true);
    held.open();
    await queue.settled();
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({
      status: 'cancelled',
      results: { done: ['uno', 'dos'], isStopped: true },
    });
  });

  it('a job cancelled while still pending never starts (docs/product/decisions.md#cancel-while-pending)', async () => {
    const { runtime, queue } = createTestRuntime();
    const stepsRun: string[] = [];
    await runtime.define(countJob('count-pending', {}, stepsRun));
    // The queue has not handed the job to a worker yet: it waits behind others.
    const delivered = gate();
    const send = queue.send;
    queue.send = async (name, data) => {
      await delivered.opened;
      await send(name, data);
    };
    const starting = start(runtime, 'count-pending', ['uno', 'dos']);
    const jobId = await vi.waitUntil(
      async () =>
        (await database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'count-pending')))[0]?.id,
    );
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({ status: 'pending' });
    expect(await runtime.cancel(userId, jobId)).toBe(true);
    delivered.open();
    await starting;
    await queue.settled();
    expect(stepsRun).toEqual([]);
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({ status: 'cancelled' });
  });

  it('a cancel that lands while the job writes its outcome is kept, with what the job did', async () => {
    const { runtime, queue, messages } = createTestRuntime();
    const finishing = gate();
    const held = gate();
    await runtime.define(
      countJob('count-late-cancel', {
        beforeFinish: async () => {
          finishing.open();
          await held.opened;
        },
      }),
    );
    const jobId = await start(runtime, 'count-late-cancel', ['uno', 'dos']);
    await finishing.opened;
    expect(await runtime.cancel(userId, jobId)).toBe(true);
    held.open();
    await queue.settled();
    expect(await runtime.findOwned(userId, jobId)).toMatchObject({
      status: 'cancelled',
      results: { done: ['uno', 'dos'] },
    });
    const ofJob = messages.filter((message) => 'jobId' in message && message.jobId === jobId);
    expect(ofJob.at(-1)).toEqual({ type: 'jobStatus', jobId, status: 'cancelled' });
  });

  it('a fatal provider failure stops the job with its code; another failure fails it as unknown', async () => {
    const { runtime, queue } = createTestRuntime();
    const stepsRun: string[] = [];
    await runtime.define(
      countJob(
        'count-i',
        {
          beforeStep: async (word) => {
            if (word === 'dos') throw new ProviderError('provider_quota_exhausted', 'openai', '429 quota');
          },
        },
        stepsRun,
      ),
    );
    await runtime.define(
      countJob('count-j', {
        beforeStep: async () => {
          throw new Error('database exploded');
        },
      }),
    );
    const fatal = await start(runtime, 'count-i', ['uno', 'dos', 'tres']);
    const broken = await start(runtime, 'count-j', ['uno']);
    await queue.settled();
    expect(stepsRun).toEqual(['uno']);
    expect(await runtime.findOwned(userId, fatal)).toMatchObject({
      status: 'failed',
      error: { code: 'provider_quota_exhausted', params: { provider: 'openai' } },
    });
    expect((await runtime.findOwned(userId, broken))?.error).toEqual({ code: 'unknown' });
  });

  it('an interrupted job stays unfinished with its checkpoint and resumes where it stopped', async () => {
    const first = createTestRuntime();
    const held = gate();
    const reached = gate();
    const firstSteps: string[] = [];
    await first.runtime.define(
      countJob(
        'count-k',
        {
          beforeStep: async (word) => {
            if (word !== 'tres') return;
            reached.open();
            await held.opened;
          },
        },
        firstSteps,
      ),
    );
    const jobId = await start(first.runtime, 'count-k', ['uno', 'dos', 'tres', 'cuatro', 'cinco']);
    await reached.opened;
    first.runtime.interrupt();
    held.open();
    await first.queue.settled();
    const interrupted = await rowOf(jobId);
    expect(interrupted?.status).toBe('processing');
    expect(interrupted?.results).toEqual({ v: 1, done: ['uno', 'dos', 'tres'], isStopped: false });

    // The next start of the server: a new runtime resumes the job and skips the units done.
    const second = createTestRuntime();
    const secondSteps: string[] = [];
    await second.runtime.define(countJob('count-k', {}, secondSteps));
    expect(await second.runtime.resumeUnfinished()).toBeGreaterThanOrEqual(1);
    await second.queue.settled();
    expect(firstSteps).toEqual(['uno', 'dos', 'tres']);
    expect(secondSteps).toEqual(['cuatro', 'cinco']);
    expect(await second.runtime.findOwned(userId, jobId)).toMatchObject({
      status: 'completed',
      results: { done: ['uno', 'dos', 'tres', 'cuatro', 'cinco'] },
    });
  });

  it('without a running queue, a started job is only a pending row and nothing is resumed', async () => {
    const { runtime, queue } = createTestRuntime({ isRunning: false });
    const stepsRun: string[] = [];
    await runtime.define(countJob('count-l', {}, stepsRun));
    const jobId = await start(runtime, 'count-l', ['uno']);
    expect(await runtime.resumeUnfinished()).toBe(0);
    await queue.settled();
    expect(stepsRun).toEqual([]);
    expect((await rowOf(jobId))?.status).toBe('pending');
  });
});
