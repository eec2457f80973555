import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Papa from 'papaparse';
import { jobSchema, type UploadWordsJob } from '../../src/shared/api/jobs';
import { reviewQueueSchema } from '../../src/shared/api/review';
import { exportResultsSchema, exportStartedSchema } from '../../src/shared/api/transfer';
import { wordListItemSchema, wordListSchema } from '../../src/shared/api/words';
import type { ServerMessage } from '../../src/shared/realtime';
import { openDatabase } from '../../src/server/db/client';
import { userSettings, words } from '../../src/server/db/schema';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { duplicateKeyOf } from '../../src/shared/text/duplicate-key';
import {
  type TestApp,
  buildTestApp,
  buildTestAppOn,
  registerUser,
  type TestUser,
} from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { connectRealtime, type RealtimeTestClient } from '../support/realtime-client';
import { migratedPgliteSnapshot } from '../support/test-database';
import { seedWords } from '../support/word-seeds';

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 20 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 20,
    runsJobs: true,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

function post(app: FastifyInstance, user: TestUser, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
}
function get(app: FastifyInstance, user: TestUser, url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

async function waitForJob(
  app: FastifyInstance,
  user: TestUser,
  jobId: string,
  timeoutMs = 60_000,
): Promise<UploadWordsJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await get(app, user, `/api/jobs/${jobId}`)).json<UploadWordsJob>();
    if (job.status !== 'pending' && job.status !== 'processing') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status}: ${JSON.stringify(job.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function upload(user: TestUser, text: string, options: object = {}) {
  const started = await post(testApp.app, user, '/api/words/process-batch', { text, ...options });
  expect(started.statusCode).toBe(200);
  return waitForJob(testApp.app, user, started.json<{ jobId: string }>().jobId);
}

/** A new learner with OpenAI and ElevenLabs keys (speech through the fake ElevenLabs). */
async function learnerWithKeys(): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  for (const [path, apiKey] of [
    ['/api/validate-openai-key', 'sk-test-valid'],
    ['/api/validate-elevenlabs-key', 'el-test-valid'],
  ] as const) {
    expect((await post(testApp.app, learner, path, { apiKey })).json()).toEqual({ valid: true });
  }
  return learner;
}

/** Resolves once a job's own run has ended with `status` (its last message), not just once its row says so. */
const runEnded = (socket: RealtimeTestClient, jobId: string, status: UploadWordsJob['status']) =>
  socket.waitFor(
    (message): message is Extract<ServerMessage, { type: 'jobStatus' }> =>
      message.type === 'jobStatus' && message.jobId === jobId && message.status === status,
    30_000,
  );

const wordRows = (user: TestUser) =>
  testApp.database.db.select().from(words).where(eq(words.userId, user.id)).orderBy(words.id);

describe('upload without any key', () => {
  it('saves every word with offline pictures, then offline audio, and reports duplicates and bad lines', async () => {
    const ana = await registerUser(testApp.app);
    const job = await upload(
      ana,
      [
        '1. perro / собака',
        'gato | кошка',
        'casa\tдом',
        '🍎 manzana — яблоко',
        'gato / кот',
        'только русский',
        '',
        'caminar',
      ].join('\n'),
    );
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => word.spanish)).toEqual([
      'el perro',
      'el gato',
      'la casa',
      'la manzana',
      'caminar',
    ]);
    expect(job.results?.duplicates).toEqual([
      expect.objectContaining({
        spanish: 'gato',
        newRussian: 'кот',
        existingRussian: 'кошка',
        reason: { code: 'upload_word_repeated' },
      }),
    ]);
    expect(job.results?.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ lineNumber: 6, stage: 'duplicates' })]),
    );
    // A Spanish-only line is kept, its translation left to the learner (docs/product/upload.md#spanish-only-lines).
    expect(job.results?.errors).toHaveLength(1);
    expect(job.progress.stages).toHaveLength(10);
    expect(job.progress.stages?.find((stage) => stage.name === 'saving')).toEqual({
      name: 'saving',
      completed: 5,
      total: 5,
    });

    // The built-in clips are made after the upload, by the background job (docs/product/upload.md#built-in-clips-on-demand).
    await vi.waitUntil(
      async () =>
        (await wordRows(ana)).every(
          (row) =>
            row.audioData && (row.russianAudioData || row.needsTranslation) && row.secondVoiceAudioData,
        ),
      { timeout: 30_000 },
    );
    const [caminar, ...rows] = [...(await wordRows(ana))].sort(
      (a, b) => Number(b.needsTranslation) - Number(a.needsTranslation),
    );
    expect(caminar).toMatchObject({
      spanish: 'caminar',
      russian: '',
      needsTranslation: true,
      russianAudioData: null,
    });
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.needsTranslation).toBe(false);
      expect(row.imageUrl).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
      expect(row.audioData).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
      expect(row.russianAudioData).toMatch(/\.mp3$/);
      expect(row.secondVoiceAudioData).toMatch(/\.mp3$/);
      expect(row.secondVoiceAudioData).not.toBe(row.audioData);
      expect(row.partOfSpeech).toBe('noun');
    }
    expect(fake.requests).toHaveLength(0);

    const listed = (await get(testApp.app, ana, '/api/words')).json<Array<{ spanish: string }>>();
    expect(listed.map((word) => word.spanish).sort()).toEqual([
      'caminar',
      'el gato',
      'el perro',
      'la casa',
      'la manzana',
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/base64/);
  });

  it('reports words already in the dictionary with their current translation and state', async () => {
    const ana = await registerUser(testApp.app);
    expect((await upload(ana, 'perro / собака', { generateImages: false })).status).toBe('completed');
    const job = await upload(ana, 'el perro / пёс\nmesa / стол', { generateImages: false });
    const perro = (await wordRows(ana)).find((row) => row.spanish === 'el perro');
    expect(job.results?.duplicates).toEqual([
      {
        spanish: 'el perro',
        newRussian: 'пёс',
        existingRussian: 'собака',
        existingWordId: perro?.id,
        isActive: true,
        reason: { code: 'upload_word_exists' },
      },
    ]);
    expect(job.results?.words.map((word) => word.spanish)).toEqual(['la mesa']);
    const mesa = (await wordRows(ana)).find((row) => row.spanish === 'la mesa');
    expect(mesa?.imageUrl).toBeNull();
  });
});

describe('Spanish-only lines without a language model (docs/product/upload.md#spanish-only-lines)', () => {
  const reviewQueue = async (user: TestUser) => {
    const response = await get(testApp.app, user, '/api/review/queue');
    expect(response.statusCode, response.body).toBe(200);
    return reviewQueueSchema.parse(response.json()).cards.map((card) => [card.word.spanish, card.direction]);
  };
  const exportedRows = async (user: TestUser) => {
    const started = await post(testApp.app, user, '/api/exports', { format: 'csv' });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId } = exportStartedSchema.parse(started.json());
    const job = await vi.waitUntil(
      async () => {
        const answer = jobSchema.parse((await get(testApp.app, user, `/api/jobs/${jobId}`)).json());
        return answer.status === 'pending' || answer.status === 'processing' ? null : answer;
      },
      { timeout: 60_000, interval: 50 },
    );
    const { downloadUrl } = exportResultsSchema.parse(job.results);
    const download = await get(testApp.app, user, downloadUrl!);
    const [header, ...rows] = Papa.parse<string[]>(download.rawPayload.toString('utf8').slice(1), {
      skipEmptyLines: true,
    }).data;
    expect(header?.slice(0, 2)).toEqual(['spanish', 'russian']);
    return rows.map((row) => row.slice(0, 2));
  };

  it('keeps them untranslated, with no Russian clip and no ru→es card until the learner adds the translation', async () => {
    const ana = await registerUser(testApp.app);
    // Every card of every word in one queue: burying would offer one direction a word (review.md).
    const unburied = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { reviewBurySiblings: false },
      headers: { cookie: ana.cookie },
    });
    expect(unburied.statusCode).toBe(200);
    const job = await upload(ana, 'hablar\nel coche\nel perro / собака', { generateImages: false });
    expect(job.status).toBe('completed');
    expect(job.results?.errors).toEqual([]);
    expect(job.results?.words.map((word) => word.spanish)).toEqual(['hablar', 'el coche', 'el perro']);
    const saved = await wordRows(ana);
    expect(saved.map((row) => [row.spanish, row.russian, row.needsTranslation])).toEqual([
      ['hablar', '', true],
      ['el coche', '', true],
      ['el perro', 'собака', false],
    ]);
    const listed = wordListSchema.parse((await get(testApp.app, ana, '/api/words')).json());
    expect(
      listed
        .filter((word) => word.needsTranslation)
        .map((word) => word.spanish)
        .sort(),
    ).toEqual(['el coche', 'hablar']);

    // The built-in clips job makes the Spanish clips of all three, and a Russian one only for the translated word.
    const clipsJobId = job.results?.builtinClipsJobId;
    expect(clipsJobId).toBeTruthy();
    await vi.waitUntil(
      async () =>
        jobSchema.parse((await get(testApp.app, ana, `/api/jobs/${clipsJobId}`)).json()).status ===
        'completed',
      { timeout: 30_000 },
    );
    expect((await wordRows(ana)).every((row) => row.audioData && row.secondVoiceAudioData)).toBe(true);
    expect((await wordRows(ana)).map((row) => row.russianAudioData !== null)).toEqual([false, false, true]);

    expect(await reviewQueue(ana)).toEqual([
      ['hablar', 'es-ru'],
      ['el coche', 'es-ru'],
      ['el perro', 'es-ru'],
      ['el perro', 'ru-es'],
    ]);
    expect(await exportedRows(ana)).toEqual([
      ['hablar', ''],
      ['el coche', ''],
      ['el perro', 'собака'],
    ]);

    // The learner's translation clears the mark: the ru→es card comes, the Russian clip is made on demand.
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${saved[0]!.id}`,
      payload: { russian: 'говорить' },
      headers: { cookie: ana.cookie },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(wordListItemSchema.parse(edited.json())).toMatchObject({
      russian: 'говорить',
      needsTranslation: false,
    });
    expect(await reviewQueue(ana)).toContainEqual(['hablar', 'ru-es']);
    expect((await reviewQueue(ana)).filter(([spanish]) => spanish === 'el coche')).toEqual([
      ['el coche', 'es-ru'],
    ]);
    expect(await exportedRows(ana)).toEqual([
      ['hablar', 'говорить'],
      ['el coche', ''],
      ['el perro', 'собака'],
    ]);
  });
});

describe('a key another instance sealed', () => {
  it('serves as no key, and the report asks for the key again instead of passing over it in silence', async () => {
    const ana = await registerUser(testApp.app);
    // The settings row is made on first read; the other instance then seals a key into it.
    expect((await get(testApp.app, ana, '/api/settings')).statusCode).toBe(200);
    const otherInstance = createSecretBox('another-instance-secret-that-is-long-enough-0123');
    await testApp.database.db
      .update(userSettings)
      .set({ openaiApiKeyEncrypted: otherInstance.seal('sk-test-valid') })
      .where(eq(userSettings.userId, ana.id));
    fake.clearRequests();
    const job = await upload(ana, 'perro / собака\ngato / кошка');
    expect(job.status).toBe('completed');
    expect(job.results?.words).toHaveLength(2);
    expect(job.results?.errors).toEqual([
      {
        lineNumber: null,
        spanish: null,
        stage: 'analysis',
        code: 'provider_key_unreadable',
        params: { provider: 'openai' },
      },
    ]);
    expect(fake.requestsTo('openai')).toEqual([]);
  });
});

describe('upload with a language model', () => {
  it('analyses the words in one request per 20 and stores articles, levels, examples and themes', async () => {
    const withKey = await learnerWithKeys();
    fake.clearRequests();
    const lines = Array.from({ length: 25 }, (_, index) => `palabra${index} / слово${index}`);
    const job = await upload(withKey, ['perro / собака', 'casa', ...lines].join('\n'), {
      generateImages: false,
    });
    expect(job.status).toBe('completed');
    expect(job.results?.errors).toEqual([]);
    expect(job.results?.words).toHaveLength(27);
    // What the model answered is no fill of the app's (docs/product/upload.md#fills-without-a-model).
    expect(job.results?.words.filter((word) => word.filled.length > 0)).toEqual([]);
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(2);

    const casa = (await wordRows(withKey)).find((row) => row.spanish.endsWith('casa'));
    expect(casa).toMatchObject({ russian: 'дом', cefrLevel: 'A1' });
    expect(casa?.example).toMatch(/\*\*.+\*\*/);
    const themes = (await get(testApp.app, withKey, '/api/themes')).json<
      Array<{ name: string; wordCount: number }>
    >();
    expect(themes.length).toBeGreaterThan(0);
    expect(themes.reduce((sum, theme) => sum + theme.wordCount, 0)).toBe(27);
  });

  it('rides out a rate limit, a failing chunk and a malformed answer, saving every word', async () => {
    const withKey = await learnerWithKeys();
    fake.failNext('openai', 'rate_limit', { retryAfterSeconds: 0, path: '/chat/completions' });
    const first = await upload(withKey, 'libro / книга\nagua / вода', { generateImages: false });
    expect(first.results?.errors).toEqual([]);

    fake.failNext('openai', 'malformed_json', { path: '/chat/completions' });
    const second = await upload(withKey, 'sol / солнце', { generateImages: false });
    expect(second.results?.errors).toEqual([]);
    expect(second.results?.words).toHaveLength(1);

    // Every try of both requests fails: the words keep their own translation and local analysis.
    fake.setBehaviour('openai', 'server_error', { path: '/chat/completions' });
    const third = await upload(withKey, 'luna / луна\nmar / море', { generateImages: false });
    expect(third.status).toBe('completed');
    expect(third.results?.words.map((word) => word.russian)).toEqual(['луна', 'море']);
    expect(third.results?.errors.filter((error) => error.stage === 'analysis')).toHaveLength(2);
  });
});

describe('a language model that answers with something else', () => {
  it('keeps every word that carried its translation when the endpoint answers an HTML page', async () => {
    const withKey = await learnerWithKeys();
    // A captive portal or a proxy between the server and an OpenAI-compatible endpoint.
    fake.setBehaviour('openai', 'html_200', { path: '/chat/completions' });
    const job = await upload(withKey, 'perro / собака\ngato / кошка\ncasa / дом\nmesa / стол\ncaminar', {
      generateImages: false,
    });
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => word.russian)).toEqual(['собака', 'кошка', 'дом', 'стол']);
    expect(job.results?.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lineNumber: 5, spanish: 'caminar', code: 'provider_bad_output' }),
      ]),
    );
    expect(fake.requestsTo('openai', '/chat/completions').length).toBeGreaterThan(0);
    expect(await wordRows(withKey)).toHaveLength(4);
  });
});

describe('calls and their limits', () => {
  it('refuses empty text, text without words and too many lines', async () => {
    const ana = await registerUser(testApp.app);
    expect((await post(testApp.app, ana, '/api/words/process-batch', { text: '  ' })).statusCode).toBe(400);
    const noWords = await post(testApp.app, ana, '/api/words/process-batch', { text: 'только русский' });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json()).toMatchObject({ code: 'no_words' });
    const many = Array.from({ length: 5001 }, (_, index) => `w${index} / с${index}`).join('\n');
    const tooMany = await post(testApp.app, ana, '/api/words/process-batch', { text: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'too_many_lines', params: { max: 5000 } });
  });

  it('reads a Windows-1251 .txt file and refuses other files and oversize ones', async () => {
    const ana = await registerUser(testApp.app);
    const cp1251 = Buffer.concat([
      Buffer.from('pan / '),
      Buffer.from([0xf5, 0xeb, 0xe5, 0xe1]),
      Buffer.from('\r\n'),
    ]);
    const response = await multipart(ana, 'list.txt', 'text/plain', cp1251);
    expect(response.statusCode).toBe(200);
    const {
      jobId,
      processed,
      words: parsed,
    } = response.json<{ jobId: string; processed: number; words: unknown[] }>();
    expect(processed).toBe(1);
    expect(parsed).toEqual([{ spanish: 'pan', russian: 'хлеб' }]);
    expect((await waitForJob(testApp.app, ana, jobId)).status).toBe('completed');

    expect((await multipart(ana, 'photo.png', 'image/png', Buffer.from('x'))).statusCode).toBe(400);
    const huge = await multipart(ana, 'big.txt', 'text/plain', Buffer.alloc(1024 * 1024 + 10, 'a'));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('keeps every job and word to its owner', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const { jobId } = (
      await post(testApp.app, ana, '/api/words/process-batch', {
        text: 'árbol / дерево',
        generateImages: false,
      })
    ).json<{ jobId: string }>();
    expect((await get(testApp.app, boris, `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await post(testApp.app, boris, `/api/words/job/${jobId}/cancel`)).statusCode).toBe(404);
    expect((await get(testApp.app, ana, '/api/jobs/not-a-job')).statusCode).toBe(404);
    await waitForJob(testApp.app, ana, jobId);

    const [anasWord] = await wordRows(ana);
    const id = anasWord!.id;
    const put = (user: TestUser, body: object) =>
      testApp.app.inject({
        method: 'PUT',
        url: `/api/words/${id}`,
        payload: body,
        headers: { cookie: user.cookie },
      });
    expect((await put(boris, { isActive: false })).statusCode).toBe(404);
    expect(
      (
        await testApp.app.inject({
          method: 'DELETE',
          url: `/api/words/${id}`,
          headers: { cookie: boris.cookie },
        })
      ).statusCode,
    ).toBe(404);
    const bulk = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/words',
      payload: { wordIds: [id] },
      headers: { cookie: boris.cookie },
    });
    expect(bulk.json()).toEqual({ deleted: 0, message: 'Удалено слов: 0' });
    expect(await wordRows(ana)).toContainEqual(expect.objectContaining({ id }));
    expect((await put(ana, { colour: 'red' })).statusCode).toBe(400);
  });
});

describe('editing a word', () => {
  it('refuses a change that would give the learner the same word twice', async () => {
    const ana = await registerUser(testApp.app);
    const [, gatoId] = await seedWords(testApp.database.db, ana.id, [
      { spanish: 'el perro', russian: 'собака', duplicateKey: duplicateKeyOf('el perro') },
      { spanish: 'el gato', russian: 'кошка', duplicateKey: duplicateKeyOf('el gato') },
    ]);
    const gato = { id: gatoId! };
    const response = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${gato.id}`,
      payload: { spanish: 'el perro' },
      headers: { cookie: ana.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'duplicate_word' });
    const renamed = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${gato.id}`,
      payload: { russian: 'кот' },
      headers: { cookie: ana.cookie },
    });
    expect(renamed.json()).toMatchObject({ spanish: 'el gato', russian: 'кот' });
  });
});

describe('hiding and spaced repetition', () => {
  it('starts spaced repetition on hiding and lists the word once its first interval has come', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    await seedWords(testApp.database.db, ana.id, [{ spanish: 'el perro', russian: 'собака' }]);
    await seedWords(testApp.database.db, boris.id, [{ spanish: 'el gato', russian: 'кошка' }]);
    const [word] = await wordRows(ana);
    const hidden = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${word!.id}`,
      payload: { isActive: false },
      headers: { cookie: ana.cookie },
    });
    expect(hidden.json()).toMatchObject({ isActive: false, disabledAt: expect.any(String) });
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, word!.id));
    expect(row).toMatchObject({ isSpacedRepetitionActive: true, spacedRepetitionDay: 0 });
    expect((await get(testApp.app, ana, '/api/words/spaced-repetition')).json()).toEqual([]);

    await testApp.database.db
      .update(words)
      .set({ disabledAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(and(eq(words.id, word!.id), eq(words.userId, ana.id)));
    const due = (await get(testApp.app, ana, '/api/words/spaced-repetition')).json<Array<{ id: number }>>();
    expect(due.map((entry) => entry.id)).toEqual([word!.id]);
    expect((await get(testApp.app, boris, '/api/words/spaced-repetition')).json()).toEqual([]);
  });
});

describe('cancel and restart', () => {
  it('stops within seconds of a cancel and keeps what was saved', async () => {
    fake.setBehaviour('leonardo', 'latency', { delayMs: 100 });
    const learner = await registerUser(testApp.app);
    await post(testApp.app, learner, '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' });
    fake.clearRequests();
    // Seven chunks of 20: six are worked on at once, so the seventh can only start after a cancel.
    const total = 140;
    const text = Array.from({ length: total }, (_, index) => `cosa${index} / вещь${index}`).join('\n');
    const socket = await connectRealtime(testApp.app, learner.cookie);
    const { jobId } = (await post(testApp.app, learner, '/api/words/process-batch', { text })).json<{
      jobId: string;
    }>();
    // Cancelled once the first chunks are drawing their pictures, long before any of them is saved.
    await vi.waitUntil(() => fake.requestsTo('leonardo', '/generations').length > 0, {
      timeout: 20_000,
      interval: 20,
    });
    expect((await post(testApp.app, learner, `/api/words/job/${jobId}/cancel`)).json()).toEqual({
      cancelled: true,
    });
    // The job's own run has ended (not just its row marked): nothing can be saved after this.
    await runEnded(socket, jobId, 'cancelled');
    socket.close();
    expect((await waitForJob(testApp.app, learner, jobId)).status).toBe('cancelled');
    // Chunks already at the picture stage finish; nothing new starts.
    const saved = await wordRows(learner);
    expect(saved.length).toBeLessThan(total);
    const unstarted = new Set(Array.from({ length: 20 }, (_, index) => `cosa${total - 20 + index}`));
    expect(saved.filter((row) => unstarted.has(row.spanish.replace(/^(el|la|los|las) /, '')))).toEqual([]);
  });

  it("runs another learner's short upload beside a long one instead of after it", async () => {
    const withKey = await learnerWithKeys();
    fake.setBehaviour('leonardo', 'latency', { delayMs: 400 });
    const slow = await registerUser(testApp.app);
    await post(testApp.app, slow, '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' });
    const text = Array.from({ length: 60 }, (_, index) => `libro${index} / книга${index}`).join('\n');
    const socket = await connectRealtime(testApp.app, slow.cookie);
    const long = (await post(testApp.app, slow, '/api/words/process-batch', { text })).json<{
      jobId: string;
    }>();
    const short = await upload(withKey, 'tortuga / черепаха\nconejo / кролик', { generateImages: false });
    expect(short.status).toBe('completed');
    const stillRunning = (await get(testApp.app, slow, `/api/jobs/${long.jobId}`)).json<UploadWordsJob>();
    expect(stillRunning.status).toBe('processing');
    await post(testApp.app, slow, `/api/words/job/${long.jobId}/cancel`);
    // Its pictures already asked for finish: the next test starts only once the run has ended, so no
    // request of this job reaches the fakes during another test.
    await runEnded(socket, long.jobId, 'cancelled');
    socket.close();
  });

  it('finishes a job after a restart with every word exactly once', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-restart-'));
    try {
      const open = async (snapshot?: Blob) => {
        // The first start from a migrated cluster (initdb and migrations are not this test's subject).
        const database = await openDatabase({ kind: 'pglite', dataDir, snapshot });
        // The suite's test app (its fast offline voice among its doubles): this test is about the restart.
        const app = await buildTestAppOn(database, {
          providerBaseUrls: fake.providerBaseUrls,
          runsJobs: true,
        });
        return { app, database };
      };
      fake.setBehaviour('openai', 'latency', { delayMs: 300 });
      const first = await open(await migratedPgliteSnapshot());
      const learner = await registerUser(first.app);
      await post(first.app, learner, '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
      await post(first.app, learner, '/api/validate-elevenlabs-key', { apiKey: 'el-test-valid' });
      const text = Array.from({ length: 60 }, (_, index) => `objeto${index} / предмет${index}`).join('\n');
      const { jobId } = (
        await post(first.app, learner, '/api/words/process-batch', { text, generateImages: false })
      ).json<{ jobId: string }>();
      const countWords = async (database: typeof first.database) =>
        (await database.db.select({ id: words.id }).from(words).where(eq(words.userId, learner.id))).length;
      await vi.waitUntil(async () => (await countWords(first.database)) >= 20, {
        timeout: 60_000,
        interval: 100,
      });
      await first.app.close();
      await first.database.close();

      const second = await open();
      try {
        const job = await waitForJob(second.app, learner, jobId, 90_000);
        expect(job.status).toBe('completed');
        const rows = await second.database.db
          .select({ spanish: words.spanish })
          .from(words)
          .where(eq(words.userId, learner.id));
        expect(rows).toHaveLength(60);
        expect(new Set(rows.map((row) => row.spanish)).size).toBe(60);
        expect(job.results?.words).toHaveLength(60);
        expect(job.results?.duplicates).toEqual([]);
      } finally {
        await second.app.close();
        await second.database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function multipart(user: TestUser, filename: string, type: string, content: Buffer) {
  const boundary = '----palabra-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/words/upload',
    payload: body,
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
