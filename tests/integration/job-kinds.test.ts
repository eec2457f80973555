import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type DictionaryJob,
  dictionaryJobSchema,
  type UploadWordsJob,
  uploadWordsJobSchema,
} from '../../src/shared/api/jobs';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { generatedImages, jobsTable, uploadJobWords, words } from '../../src/server/db/schema';
import { TEST_APP_SECRET, registerUser, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { openTestDatabase } from '../support/test-database';
import { seedWords } from '../support/word-seeds';

/*
 * The real jobs on the runtime (docs/product/jobs.md): the shared fatal-provider rule in the jobs that
 * analyse words, reports of an earlier version read through the status route, and a picture job resumed
 * from its checkpoint by the next start of the server.
 */

let fake: FakeProviders;
let database: Database;
let app: FastifyInstance;

const appOn = (options: { runsJobs?: boolean } = {}) =>
  buildApp({
    database,
    appSecret: TEST_APP_SECRET,
    clientDir: null,
    providerBaseUrls: fake.providerBaseUrls,
    ...options,
  });

beforeAll(async () => {
  fake = await startFakeProviders();
  database = await openTestDatabase();
  app = await appOn();
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await fake.close();
});

function send(
  server: FastifyInstance,
  user: TestUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) {
  return server.inject({ method, url, payload, headers: { cookie: user.cookie } });
}

/** The job once it has ended, read through the status route as the dictionary screen reads it. */
async function waitForJob(server: FastifyInstance, user: TestUser, jobId: string): Promise<DictionaryJob> {
  return vi.waitUntil(
    async () => {
      const job = dictionaryJobSchema.parse((await send(server, user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

/** An upload job once it has ended, read as the upload screen reads it. */
async function waitForUpload(
  server: FastifyInstance,
  user: TestUser,
  jobId: string,
): Promise<UploadWordsJob> {
  return vi.waitUntil(
    async () => {
      const job = uploadWordsJobSchema.parse((await send(server, user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

/** A learner whose OpenAI key the fake accepted once and refuses from now on. */
async function learnerWithRefusedKey(key: string): Promise<TestUser> {
  const learner = await registerUser(app);
  fake.addKey('openai', key);
  expect((await send(app, learner, 'POST', '/api/validate-openai-key', { apiKey: key })).json()).toEqual({
    valid: true,
  });
  fake.removeKey('openai', key);
  return learner;
}

/** Eight chunks of twenty words: far more than the four requests the job has in flight at once. */
const manyWords = (prefix: string) =>
  Array.from({ length: 160 }, (_, index) => ({ spanish: `${prefix}${index}` }));

describe('a refused key stops the jobs that analyse words', () => {
  it('update-tags fails with the provider code and asks for no further chunk', async () => {
    const learner = await learnerWithRefusedKey('sk-test-tags');
    await seedWords(database.db, learner.id, manyWords('etiqueta'));
    const before = fake.requestsTo('openai', '/chat/completions').length;
    const started = await send(app, learner, 'POST', '/api/words/update-tags');
    const job = await waitForJob(app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ code: 'provider_invalid_key', params: { provider: 'openai' } });
    expect(fake.requestsTo('openai', '/chat/completions').length - before).toBeLessThan(8);
  });

  it('regenerate-all-phrases fails with the provider code and asks for no further chunk', async () => {
    const learner = await learnerWithRefusedKey('sk-test-phrases');
    await seedWords(database.db, learner.id, manyWords('frase'));
    const before = fake.requestsTo('openai', '/chat/completions').length;
    const started = await send(app, learner, 'POST', '/api/words/regenerate-all-phrases');
    const job = await waitForJob(app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({ code: 'provider_invalid_key', params: { provider: 'openai' } });
    expect(fake.requestsTo('openai', '/chat/completions').length - before).toBeLessThan(8);
  });
});

describe('reports of an earlier version', () => {
  it('an upload report with Russian sentences reads back as codes', async () => {
    const learner = await registerUser(app);
    const [row] = await database.db
      .insert(jobsTable)
      .values({
        userId: learner.id,
        kind: 'upload-words',
        status: 'completed',
        input: {
          entries: [],
          rejected: [
            { lineNumber: 2, raw: 'дом', reason: 'Не удалось разобрать строку: нет испанского слова' },
          ],
          enhanceWithAI: true,
          generateImages: false,
          imageStyle: null,
        },
        results: {
          words: [],
          duplicates: [
            {
              spanish: 'casa',
              newRussian: 'дом',
              existingRussian: 'дом',
              isActive: true,
              reason: 'Слово уже существует в словаре',
            },
          ],
          errors: [
            {
              lineNumber: 2,
              spanish: null,
              stage: 'duplicates',
              message: 'Не удалось разобрать строку: нет испанского слова',
            },
            {
              lineNumber: 3,
              spanish: 'sol',
              stage: 'translation',
              message: 'Нет перевода: добавьте ключ OpenAI или перевод через « / »',
            },
            {
              lineNumber: 4,
              spanish: 'mar',
              stage: 'images',
              message: 'Ключ Leonardo недействителен. Введите новый ключ в Настройках и нажмите «Применить».',
            },
            { lineNumber: 5, spanish: 'luz', stage: 'audio', message: 'Сломалось что-то новое' },
          ],
        },
      })
      .returning();
    const job = uploadWordsJobSchema.parse((await send(app, learner, 'GET', `/api/jobs/${row!.id}`)).json());
    expect(job.results?.duplicates[0]?.reason).toEqual({ code: 'upload_word_exists' });
    expect(job.results?.errors.map(({ code, params }) => ({ code, params }))).toEqual([
      { code: 'upload_line_no_spanish', params: undefined },
      { code: 'upload_translation_missing', params: undefined },
      { code: 'provider_invalid_key', params: { provider: 'leonardo' } },
      { code: 'legacy_text', params: { text: 'Сломалось что-то новое' } },
    ]);
  });

  it('a dictionary job that failed with a Russian sentence reads back as its code', async () => {
    const learner = await registerUser(app);
    const [row] = await database.db
      .insert(jobsTable)
      .values({
        userId: learner.id,
        kind: 'regenerate-all-phrases',
        status: 'failed',
        input: {},
        errorMessage: 'Закончился лимит или баланс OpenAI. Пополните счёт или попробуйте позже.',
      })
      .returning();
    const job = await waitForJob(app, learner, row!.id);
    expect(job.error).toEqual({ code: 'provider_quota_exhausted', params: { provider: 'openai' } });
  });
});

/** What a server stopped mid-run leaves: the job's row still 'processing', with its checkpoint. */
async function leftRunning(userId: string, kind: string, input: object, checkpoint: object): Promise<string> {
  const [row] = await database.db
    .insert(jobsTable)
    .values({ userId, kind, status: 'processing', input, results: checkpoint })
    .returning();
  return row!.id;
}

/** The next start of the server resumes every unfinished job; `read` looks at it on that server. */
async function afterRestart<T>(read: (server: FastifyInstance) => Promise<T>): Promise<T> {
  const restarted = await appOn();
  try {
    await restarted.ready();
    return await read(restarted);
  } finally {
    await restarted.close();
  }
}

describe('resuming', () => {
  it('regenerate-all-images resumed after a restart draws only the words its checkpoint has not done', async () => {
    const learner = await registerUser(app);
    const [done, first, second] = await seedWords(database.db, learner.id, [
      { spanish: 'el sol', imageUrl: '/media/drawn-before-the-restart.png' },
      { spanish: 'la luna' },
      { spanish: 'el mar' },
    ]);
    // One word done in its checkpoint when the server stopped.
    const jobId = await leftRunning(
      learner.id,
      'regenerate-all-images',
      { imageStyle: null },
      { v: 2, processed: 1, changed: 1, failed: 0, errors: [], doneWordIds: [done!] },
    );
    const job = await afterRestart((server) => waitForJob(server, learner, jobId));
    expect(job.status).toBe('completed');
    expect(job.results).toEqual({ processed: 3, changed: 3, failed: 0, errors: [] });
    const rows = await database.db.select().from(words).where(eq(words.userId, learner.id));
    expect(rows.find((word) => word.id === done)?.imageUrl).toBe('/media/drawn-before-the-restart.png');
    for (const id of [first, second]) {
      expect(rows.find((word) => word.id === id)?.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}\./);
    }
    expect(await database.db.select().from(generatedImages).where(eq(generatedImages.wordId, done!))).toEqual(
      [],
    );
  });

  it('generate-missing-images resumed after a restart counts the words it did before in its total', async () => {
    const learner = await registerUser(app);
    // The word done before the restart has its picture now, so it is no longer among the missing ones.
    const [done] = await seedWords(database.db, learner.id, [
      { spanish: 'el sol', imageUrl: '/media/drawn-before-the-restart.png' },
      { spanish: 'la luna' },
      { spanish: 'el mar' },
    ]);
    const jobId = await leftRunning(
      learner.id,
      'generate-missing-images',
      { imageStyle: null },
      { v: 2, processed: 1, changed: 1, failed: 0, errors: [], doneWordIds: [done!] },
    );
    const job = await afterRestart((server) => waitForJob(server, learner, jobId));
    expect(job.status).toBe('completed');
    expect(job.progress).toMatchObject({ total: 3, processed: 3, failed: 0 });
  });

  it('an upload resumed after a restart reports each line once', async () => {
    const learner = await registerUser(app);
    // A server stopped mid-upload: line 1 failed (no translation, no key) in a chunk that was never saved,
    // so the next run does line 1 again; the rejected line 3 stays reported once.
    const jobId = await leftRunning(
      learner.id,
      'upload-words',
      {
        v: 2,
        entries: [
          { lineNumber: 1, spanish: 'hola', russian: null },
          { lineNumber: 2, spanish: 'el perro', russian: 'собака' },
        ],
        rejected: [{ lineNumber: 3, raw: '???', reason: { code: 'upload_line_no_spanish' } }],
        enhanceWithAI: false,
        generateImages: false,
        imageStyle: null,
      },
      {
        v: 2,
        words: [],
        duplicates: [],
        errors: [
          { lineNumber: 3, spanish: null, stage: 'duplicates', code: 'upload_line_no_spanish' },
          { lineNumber: 1, spanish: 'hola', stage: 'translation', code: 'upload_translation_missing' },
        ],
      },
    );
    const job = await afterRestart((server) => waitForUpload(server, learner, jobId));
    expect(job.status).toBe('completed');
    // The resumed run keeps the Spanish-only line its earlier version failed (docs/product/upload.md#spanish-only-lines).
    expect(job.results?.words.map((word) => [word.russian, word.spanish.endsWith('perro')])).toEqual([
      ['', false],
      ['собака', true],
    ]);
    expect(job.results?.errors.map((error) => [error.lineNumber, error.code])).toEqual([
      [3, 'upload_line_no_spanish'],
    ]);
  });

  it('an upload resumed after a restart lists the words its earlier run saved once, in their lines’ order', async () => {
    const learner = await registerUser(app);
    const input = {
      v: 3,
      entries: [
        { lineNumber: 1, spanish: 'el perro', russian: 'собака' },
        { lineNumber: 2, spanish: 'el gato', russian: 'кошка' },
      ],
      rejected: [],
      enhanceWithAI: false,
      generateImages: false,
      imageStyle: null,
      import: null,
    };
    const jobId = await leftRunning(learner.id, 'upload-words', input, {
      v: 4,
      words: [],
      duplicates: [],
      errors: [],
      fallbacks: [],
      stoppedProviders: [],
      builtinClipsJobId: null,
    });
    // The earlier run saved line 1 with the job's row naming it, in one transaction, then stopped.
    const [perro] = await seedWords(database.db, learner.id, [
      { spanish: 'el perro', russian: 'собака', duplicateKey: 'perro' },
    ]);
    await database.db.insert(uploadJobWords).values({ jobId, wordId: perro!, lineNumber: 1 });
    const job = await afterRestart((server) => waitForUpload(server, learner, jobId));
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => word.spanish)).toEqual(['el perro', 'el gato']);
    expect(job.results?.duplicates).toEqual([]);
    const rows = await database.db.select().from(words).where(eq(words.userId, learner.id));
    expect(rows.map((row) => row.spanish).sort()).toEqual(['el gato', 'el perro']);
  });

  it('an app that runs no jobs leaves a started job pending', async () => {
    const quiet = await appOn({ runsJobs: false });
    try {
      await quiet.ready();
      const learner = await registerUser(quiet);
      await seedWords(database.db, learner.id, [{ spanish: 'el gato' }]);
      const started = await send(quiet, learner, 'POST', '/api/words/update-tags');
      expect(started.statusCode).toBe(200);
      const jobId = started.json<{ jobId: string }>().jobId;
      const [row] = await database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId));
      expect(row?.status).toBe('pending');
      // Not left for the next app on this database to resume.
      await database.db.update(jobsTable).set({ status: 'cancelled' }).where(eq(jobsTable.id, jobId));
    } finally {
      await quiet.close();
    }
  });
});
