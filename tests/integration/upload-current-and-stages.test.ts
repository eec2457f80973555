import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CurrentUpload, currentUploadSchema, type UploadWordsJob } from '../../src/shared/api/jobs';
import { jobsTable, words } from '../../src/server/db/schema';
import { emptyJobProgress } from '../../src/shared/realtime';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { waitForUploadJob } from '../support/upload-jobs';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';

/**
 * The upload that comes back on every tab and device until dismissed, the stages an upload skips and why,
 * and the `autoGenerateImages` setting as the upload's default (docs/product/upload.md).
 */

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({ providerBaseUrls: fake.providerBaseUrls, runsJobs: true });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function send(user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const app: FastifyInstance = testApp.app;
  return app.inject({ method, url, payload, headers: { cookie: user.cookie } });
}

const waitForJob = (user: TestUser, jobId: string) => waitForUploadJob(testApp.app, user, jobId);

async function start(user: TestUser, text: string, options: object = {}) {
  const started = await send(user, 'POST', '/api/words/process-batch', { text, ...options });
  expect(started.statusCode).toBe(200);
  return started.json<{ jobId: string }>().jobId;
}

async function current(user: TestUser): Promise<CurrentUpload> {
  const response = await send(user, 'GET', '/api/words/upload-jobs/current');
  expect(response.statusCode).toBe(200);
  return currentUploadSchema.parse(response.json());
}

const stageOf = (job: UploadWordsJob, name: string) =>
  job.progress.stages?.find((stage) => stage.name === name);

describe('the learner’s current upload', () => {
  it('answers the running or last finished upload with its report, and nothing once dismissed', async () => {
    const ana = await registerUser(testApp.app);
    expect(await current(ana)).toEqual({ job: null });

    const jobId = await start(ana, 'perro / собака\ngato / кошка', { generateImages: false });
    const whileRunning = await current(ana);
    expect(whileRunning.job?.jobId).toBe(jobId);
    expect(whileRunning.job?.kind).toBe('upload-words');

    await waitForJob(ana, jobId);
    const finished = await current(ana);
    expect(finished.job).toMatchObject({ jobId, status: 'completed' });
    expect(finished.job?.results?.words.map((word) => word.spanish)).toEqual(['el perro', 'el gato']);
    expect(finished.job?.progress.stages).toHaveLength(10);

    const dismissed = await send(ana, 'POST', `/api/words/job/${jobId}/dismiss`);
    expect(dismissed.json()).toEqual({ dismissed: true });
    expect(await current(ana)).toEqual({ job: null });
  });

  it('never shows another learner’s upload, nor lets them dismiss it', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const jobId = await start(ana, 'árbol / дерево', { generateImages: false });
    await waitForJob(ana, jobId);

    expect(await current(boris)).toEqual({ job: null });
    expect((await send(boris, 'POST', `/api/words/job/${jobId}/dismiss`)).statusCode).toBe(404);
    expect((await send(boris, 'POST', '/api/words/job/not-a-job/dismiss')).statusCode).toBe(404);
    expect((await current(ana)).job?.jobId).toBe(jobId);
  });

  it('prefers a running upload over a newer finished one, and a running upload cannot be dismissed', async () => {
    const ana = await registerUser(testApp.app);
    // A row the worker does not run (no queued job): it stays 'processing', as a long upload would.
    const [running] = await testApp.database.db
      .insert(jobsTable)
      .values({
        userId: ana.id,
        kind: 'upload-words',
        status: 'processing',
        input: {
          v: 2,
          entries: [],
          rejected: [],
          enhanceWithAI: true,
          generateImages: false,
          imageStyle: null,
        },
        progress: emptyJobProgress(300),
      })
      .returning();
    const finishedId = await start(ana, 'sol / солнце', { generateImages: false });
    await waitForJob(ana, finishedId);

    expect((await current(ana)).job).toMatchObject({ jobId: running!.id, status: 'processing' });
    expect((await send(ana, 'POST', `/api/words/job/${running!.id}/dismiss`)).json()).toEqual({
      dismissed: false,
    });
    expect((await current(ana)).job?.jobId).toBe(running!.id);

    // Once it ends, the newest upload is the one shown again; dismissing it does not bring back an older one.
    await testApp.database.db
      .update(jobsTable)
      .set({ status: 'completed', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(jobsTable.id, running!.id));
    expect((await current(ana)).job?.jobId).toBe(finishedId);
    await send(ana, 'POST', `/api/words/job/${finishedId}/dismiss`);
    expect(await current(ana)).toEqual({ job: null });
  });
});

describe('stages an upload skips', () => {
  it('without a language model: its stages are skipped with the reason, and only real work is counted', async () => {
    const ana = await registerUser(testApp.app);
    const job = await waitForJob(ana, await start(ana, 'perro / собака\ngato / кошка\ncaminar'));
    expect(job.status).toBe('completed');
    for (const name of ['translation', 'analysis', 'examples', 'tags', 'themes']) {
      expect(stageOf(job, name)).toEqual({
        name,
        completed: 0,
        total: 0,
        skipped: { reason: 'no_language_model' },
      });
    }
    // Work the built-in providers and local rules really did, one per saved word: the Spanish-only line is
    // kept without its translation (docs/product/upload.md#spanish-only-lines).
    expect(stageOf(job, 'images')).toEqual({ name: 'images', completed: 3, total: 3 });
    expect(stageOf(job, 'audio')).toEqual({ name: 'audio', completed: 3, total: 3 });
    expect(stageOf(job, 'saving')).toEqual({ name: 'saving', completed: 3, total: 3 });
  });

  it('with a language model nothing is skipped, and each stage counts what the model gave', async () => {
    const withKey = await registerUser(testApp.app);
    expect(
      (await send(withKey, 'POST', '/api/validate-openai-key', { apiKey: 'sk-test-valid' })).json(),
    ).toEqual({ valid: true });
    const job = await waitForJob(
      withKey,
      await start(withKey, 'perro / собака\ncasa', { generateImages: false }),
    );
    expect(job.progress.stages?.filter((stage) => stage.skipped)).toEqual([
      { name: 'images', completed: 0, total: 0, skipped: { reason: 'images_off' } },
    ]);
    for (const name of ['analysis', 'examples', 'tags', 'themes']) {
      expect(stageOf(job, name)).toMatchObject({ completed: 2, total: 2 });
    }
    expect(stageOf(job, 'translation')).toMatchObject({ completed: 1, total: 1 });
  });

  it('a learner who asked for no AI help sees those stages skipped for that reason', async () => {
    const ana = await registerUser(testApp.app);
    const job = await waitForJob(ana, await start(ana, 'luna / луна', { enhanceWithAI: false }));
    expect(stageOf(job, 'analysis')?.skipped).toEqual({ reason: 'ai_off' });
    // Nothing needed a translation: that stage had nothing to skip.
    expect(stageOf(job, 'translation')).toEqual({ name: 'translation', completed: 0, total: 0 });
  });
});

describe('autoGenerateImages', () => {
  it('off: an upload that does not say otherwise draws no picture, and the words are still studyable', async () => {
    const ana = await registerUser(testApp.app);
    const saved = await send(ana, 'PUT', '/api/settings', { autoGenerateImages: false });
    expect(saved.statusCode).toBe(200);
    const job = await waitForJob(ana, await start(ana, 'perro / собака\nflor / цветок'));
    expect(job.status).toBe('completed');
    expect(stageOf(job, 'images')?.skipped).toEqual({ reason: 'images_off' });
    const rows = await testApp.database.db.select().from(words).where(eq(words.userId, ana.id));
    expect(rows.map((row) => [row.imageUrl, row.isActive])).toEqual([
      [null, true],
      [null, true],
    ]);
    const studyable = (await send(ana, 'GET', '/api/words')).json<Array<{ spanish: string }>>();
    expect(studyable.map((word) => word.spanish).sort()).toEqual(['el perro', 'la flor']);

    // The setting is only the default: an upload that asks for pictures gets them.
    const asked = await waitForJob(ana, await start(ana, 'sol / солнце', { generateImages: true }));
    expect(stageOf(asked, 'images')).toEqual({ name: 'images', completed: 1, total: 1 });
  });

  it('on (the default): an upload that does not say otherwise is pictured', async () => {
    const ana = await registerUser(testApp.app);
    const job = await waitForJob(ana, await start(ana, 'mesa / стол'));
    expect(stageOf(job, 'images')).toEqual({ name: 'images', completed: 1, total: 1 });
  });
});
