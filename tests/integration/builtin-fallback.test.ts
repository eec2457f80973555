import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { JOB_KINDS, type UploadWordsJob, uploadWordsJobSchema } from '../../src/shared/api/jobs';
import { audioFiles, jobsTable, words } from '../../src/server/db/schema';
import { UPLOAD_PROVIDER_LIMITS } from '../../src/server/lib/job-limits';
import type { BuiltinSpeechSynthesizer } from '../../src/server/providers/builtin-speech/builtin-speech.provider';
import type { SpeechRequest } from '../../src/server/providers/speech';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import type { FailureKind } from '../support/fake-providers/fake-http';
import { createFastBuiltinSpeech } from '../support/fast-builtin-speech';
import { seedWords } from '../support/word-seeds';
import { createLearnRepository } from '../../src/server/modules/learn/learn.repository';

/**
 * docs/product/upload.md#built-in-clips-on-demand and docs/product/providers.md#fallback: built-in clips
 * are not made during the upload but on demand and by a background job; a failing provider leaves no
 * word silent or blank, and the report says so.
 */

const CLIP_PATH = /^\/media\/[0-9a-f]{64}\.mp3$/;
const PICTURE_PATH = /^\/media\/[0-9a-f]{64}\.(webp|png|jpg)$/;

/**
 * The offline voice, with a gate: while it is closed, every synthesis waits. An upload that finishes
 * while it is closed has not waited for a built-in clip.
 */
function gatedBuiltinSpeech() {
  const inner = createFastBuiltinSpeech();
  let open: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const requests: SpeechRequest[] = [];
  const speech: BuiltinSpeechSynthesizer = {
    provider: inner.provider,
    model: inner.model,
    voiceFor: (voiceId, language) => inner.voiceFor(voiceId, language),
    ownsVoice: (voiceId) => inner.ownsVoice(voiceId),
    listVoices: (signal) => inner.listVoices(signal),
    async synthesize(request) {
      requests.push(request);
      await gate;
      return inner.synthesize(request);
    },
  };
  return {
    speech,
    requests,
    close() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
  };
}

let fake: FakeProviders;
let testApp: TestApp;
const builtin = gatedBuiltinSpeech();

beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 20 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 20,
    builtinSpeech: builtin.speech,
    runsJobs: true,
  });
});
afterAll(async () => {
  builtin.open();
  await testApp.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  builtin.open();
  builtin.requests.length = 0;
});

function post(app: FastifyInstance, user: TestUser, url: string, payload?: object) {
  return app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
}
function get(app: FastifyInstance, user: TestUser, url: string) {
  return app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
}

async function upload(user: TestUser, text: string, options: object = {}): Promise<UploadWordsJob> {
  const started = await post(testApp.app, user, '/api/words/process-batch', { text, ...options });
  expect(started.statusCode).toBe(200);
  const { jobId } = started.json<{ jobId: string }>();
  let job: UploadWordsJob | undefined;
  await vi.waitUntil(
    async () => {
      job = uploadWordsJobSchema.parse((await get(testApp.app, user, `/api/jobs/${jobId}`)).json());
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: 60_000, interval: 50 },
  );
  return job!;
}

const wordRows = (user: TestUser) =>
  testApp.database.db.select().from(words).where(eq(words.userId, user.id)).orderBy(words.id);

const hasEveryClip = (row: Awaited<ReturnType<typeof wordRows>>[number]) =>
  [row.audioData, row.russianAudioData, row.secondVoiceAudioData].every((clip) => CLIP_PATH.test(clip ?? ''));

/** The voices that spoke the learner's stored clips, from the audio cache. */
async function voicesOfClips(user: TestUser, paths: string[]) {
  const rows = await testApp.database.db
    .select({ voiceId: audioFiles.voiceId, audioData: audioFiles.audioData })
    .from(audioFiles)
    .where(and(eq(audioFiles.userId, user.id), inArray(audioFiles.audioData, paths)));
  return rows.map((row) => row.voiceId);
}

const clipJobs = (user: TestUser) =>
  testApp.database.db
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.userId, user.id), eq(jobsTable.kind, JOB_KINDS.builtinClips)));

async function learnerWithOpenAi(): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  const answer = await post(testApp.app, learner, '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
  expect(answer.json()).toEqual({ valid: true });
  return learner;
}

describe('built-in clips on demand', () => {
  it('saves the words of a keyless upload without waiting for clips; the background job makes them', async () => {
    const ana = await registerUser(testApp.app);
    builtin.close();
    const job = await upload(ana, 'perro / собака\ngato / кошка\ncasa / дом');
    expect(job.status).toBe('completed');
    expect(job.results?.words).toHaveLength(3);
    expect(job.results?.fallbacks).toEqual([]);
    const saved = await wordRows(ana);
    expect(saved).toHaveLength(3);
    for (const row of saved) {
      expect(row.imageUrl).toMatch(PICTURE_PATH);
      expect([row.audioData, row.russianAudioData, row.secondVoiceAudioData]).toEqual([null, null, null]);
    }
    // One job for the learner, queued by the upload, waiting for the voice.
    await vi.waitUntil(async () => (await clipJobs(ana)).length === 1);

    builtin.open();
    await vi.waitUntil(async () => (await wordRows(ana)).every(hasEveryClip), { timeout: 30_000 });
    await vi.waitUntil(async () => (await clipJobs(ana))[0]?.status === 'completed', { timeout: 30_000 });
    const [clipJob] = await clipJobs(ana);
    const view = await get(testApp.app, ana, `/api/jobs/${clipJob!.id}`);
    expect(view.json()).toMatchObject({ kind: 'builtin-clips', results: { words: 3, clips: 9, failed: 0 } });
    const rows = await wordRows(ana);
    const voices = await voicesOfClips(
      ana,
      rows.flatMap((row) => [row.audioData!, row.russianAudioData!, row.secondVoiceAudioData!]),
    );
    expect(voices.length).toBeGreaterThan(0);
    expect(voices.every((voiceId) => voiceId.startsWith('builtin:'))).toBe(true);
  });

  it('queues one clips job per learner however many uploads finish before it starts', async () => {
    const ana = await registerUser(testApp.app);
    builtin.close();
    // The first upload's job starts and waits on the voice; the next ones queue one more job between them.
    await upload(ana, 'uno / один');
    await vi.waitUntil(async () => (await clipJobs(ana))[0]?.status === 'processing', { timeout: 30_000 });
    await upload(ana, 'dos / два');
    await upload(ana, 'tres / три');
    await upload(ana, 'cuatro / четыре');
    expect(await clipJobs(ana)).toHaveLength(2);
    builtin.open();
    await vi.waitUntil(async () => (await wordRows(ana)).every(hasEveryClip), { timeout: 30_000 });
    await vi.waitUntil(async () => (await clipJobs(ana)).every((row) => row.status === 'completed'), {
      timeout: 30_000,
    });
    expect(await wordRows(ana)).toHaveLength(4);
  });

  it("makes a fresh word's clips in the built-in voices when Learn first asks for them", async () => {
    const ana = await registerUser(testApp.app);
    const [wordId] = await seedWords(testApp.database.db, ana.id, [
      { spanish: 'el árbol', russian: 'дерево' },
    ]);
    const response = await get(testApp.app, ana, `/api/words/${wordId}/audio`);
    expect(response.statusCode).toBe(200);
    const clips = response.json<Record<string, string>>();
    expect(clips).toEqual({
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: expect.stringMatching(CLIP_PATH),
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
    });
    const voices = await voicesOfClips(ana, Object.values(clips));
    expect(voices).toHaveLength(3);
    expect(voices.every((voiceId) => voiceId.startsWith('builtin:'))).toBe(true);
  });

  it('still makes the clips of a working ElevenLabs key during the upload', async () => {
    const eva = await registerUser(testApp.app);
    const validated = await post(testApp.app, eva, '/api/validate-elevenlabs-key', {
      apiKey: 'el-test-valid',
    });
    expect(validated.json()).toEqual({ valid: true });
    fake.clearRequests();
    builtin.close();
    const job = await upload(eva, 'libro / книга\nagua / вода', { generateImages: false });
    expect(job.status).toBe('completed');
    expect(job.results?.fallbacks).toEqual([]);
    const rows = await wordRows(eva);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.audioData).toMatch(CLIP_PATH);
      expect(row.secondVoiceAudioData).toMatch(CLIP_PATH);
      const voices = await voicesOfClips(eva, [row.audioData!, row.secondVoiceAudioData!]);
      expect(voices.some((voiceId) => voiceId.startsWith('builtin:'))).toBe(false);
    }
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech').length).toBeGreaterThanOrEqual(4);
  });
});

describe('fallback when a configured provider fails', () => {
  it.each<FailureKind>(['server_error', 'unauthorized', 'quota'])(
    'OpenAI failing with %s: every word saved once, pictured by the built-in pictures, clips made on demand in the built-in voice, fallbacks reported',
    { timeout: 90_000 },
    async (kind) => {
      const learner = await learnerWithOpenAi();
      fake.setBehaviour('openai', kind);
      const lines = ['perro / собака', 'gato / кошка', 'casa / дом', 'mesa / стол'];
      const job = await upload(learner, lines.join('\n'));
      expect(job.status).toBe('completed');

      const rows = await wordRows(learner);
      expect(rows.map((row) => row.russian).sort()).toEqual(['дом', 'кошка', 'собака', 'стол']);
      for (const row of rows) expect(row.imageUrl).toMatch(PICTURE_PATH);
      // The fake saw the key tried for pictures and speech, and no picture came from it.
      expect(fake.requestsTo('openai', '/images').length).toBeGreaterThan(0);
      expect(fake.requestsTo('openai', '/audio/speech').length).toBeGreaterThan(0);

      const fallbacks = job.results?.fallbacks ?? [];
      const expectedCode = {
        server_error: 'provider_unavailable',
        unauthorized: 'provider_invalid_key',
        quota: 'provider_quota_exhausted',
      }[kind as 'server_error' | 'unauthorized' | 'quota'];
      for (const [index, line] of lines.entries()) {
        for (const stage of ['images', 'audio'] as const) {
          expect(fallbacks).toContainEqual({
            lineNumber: index + 1,
            spanish: line.split(' / ')[0],
            stage,
            code: expectedCode,
            params: { provider: 'openai' },
          });
        }
      }
      expect(fallbacks).toHaveLength(lines.length * 2);
      expect(
        job.results?.errors.filter((error) => error.stage === 'images' || error.stage === 'audio'),
      ).toEqual([]);

      // Learn asks for a card before the background job reaches it: the built-in voice answers at once,
      // without asking the provider that has just failed the upload again.
      fake.clearRequests();
      const first = rows[0]!;
      const clips = (await get(testApp.app, learner, `/api/words/${first.id}/audio`)).json<
        Record<string, string | null>
      >();
      expect(Object.values(clips).every((clip) => CLIP_PATH.test(clip ?? ''))).toBe(true);
      expect(fake.requestsTo('openai', '/audio/speech')).toEqual([]);

      await vi.waitUntil(async () => (await wordRows(learner)).every(hasEveryClip), { timeout: 60_000 });
      const filled = await wordRows(learner);
      const voices = await voicesOfClips(
        learner,
        filled.flatMap((row) => [row.audioData!, row.russianAudioData!, row.secondVoiceAudioData!]),
      );
      expect(voices.length).toBeGreaterThanOrEqual(filled.length);
      expect(voices.every((voiceId) => voiceId.startsWith('builtin:'))).toBe(true);
    },
  );

  it("Learn's next cards do not wait for a voice that has just failed", async () => {
    const learner = await learnerWithOpenAi();
    const [first, second] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'el sol', russian: 'солнце' },
      { spanish: 'la luna', russian: 'луна' },
    ]);
    fake.setBehaviour('openai', 'server_error', { path: '/audio/speech' });
    fake.clearRequests();
    const clipsOf = async (wordId: number | undefined) =>
      Object.values(
        (await get(testApp.app, learner, `/api/words/${wordId}/audio`)).json<Record<string, unknown>>(),
      );
    for (const clip of await clipsOf(first)) expect(clip).toMatch(CLIP_PATH);
    expect(fake.requestsTo('openai', '/audio/speech').length).toBeGreaterThan(0);

    fake.clearRequests();
    for (const clip of await clipsOf(second)) expect(clip).toMatch(CLIP_PATH);
    expect(fake.requestsTo('openai', '/audio/speech')).toEqual([]);
  });

  it('asks a provider again at once when the learner enters its key again', async () => {
    const learner = await learnerWithOpenAi();
    const [first, second] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'el mar', russian: 'море' },
      { spanish: 'el río', russian: 'река' },
    ]);
    fake.setBehaviour('openai', 'server_error', { path: '/audio/speech' });
    const clipsOf = async (wordId: number | undefined) =>
      Object.values(
        (await get(testApp.app, learner, `/api/words/${wordId}/audio`)).json<Record<string, unknown>>(),
      );
    for (const clip of await clipsOf(first)) expect(clip).toMatch(CLIP_PATH);

    // The learner fixes the key: the paused provider is asked again for the next card.
    fake.setBehaviour('openai', null);
    const saved = await post(testApp.app, learner, '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
    expect(saved.json()).toEqual({ valid: true });
    fake.clearRequests();
    for (const clip of await clipsOf(second)) expect(clip).toMatch(CLIP_PATH);
    expect(fake.requestsTo('openai', '/audio/speech').length).toBeGreaterThan(0);
  });

  it('regenerating the audio of a silent card falls back to the built-in voice', async () => {
    const learner = await learnerWithOpenAi();
    const [wordId] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'el sol', russian: 'солнце' },
    ]);
    fake.setBehaviour('openai', 'unauthorized');
    const response = await post(testApp.app, learner, `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      audioGenerated: true,
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: expect.stringMatching(CLIP_PATH),
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
    });
  });

  it('a picture job draws built-in pictures for words the key cannot draw', async () => {
    const learner = await learnerWithOpenAi();
    const seeds = Array.from({ length: 30 }, (_, index) => ({
      spanish: `palabra${index}`,
      russian: `слово${index}`,
    }));
    await seedWords(testApp.database.db, learner.id, seeds);
    fake.setBehaviour('openai', 'unauthorized');
    const started = await post(testApp.app, learner, '/api/words/generate-missing-images');
    expect(started.statusCode).toBe(200);
    const { jobId } = started.json<{ jobId: string }>();
    await vi.waitUntil(
      async () =>
        (await get(testApp.app, learner, `/api/jobs/${jobId}`)).json<{ status: string }>().status ===
        'completed',
      { timeout: 30_000 },
    );
    for (const row of await wordRows(learner)) expect(row.imageUrl).toMatch(PICTURE_PATH);
    expect(await wordRows(learner)).toHaveLength(seeds.length);
    // A refused key is not asked for the words after its refusal: only those already in flight asked it.
    expect(fake.requestsTo('openai', '/images').length).toBeLessThanOrEqual(UPLOAD_PROVIDER_LIMITS.images);
  });
});

describe('the words the clips job reads', () => {
  it('are read a page at a time, oldest first, each word missing a clip once', async () => {
    const learner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const clip = '/media/' + 'a'.repeat(64) + '.mp3';
    const voiced = { audioData: clip, russianAudioData: clip, secondVoiceAudioData: clip };
    await seedWords(testApp.database.db, learner.id, [
      { spanish: 'uno' },
      { spanish: 'dos', ...voiced },
      { spanish: 'tres', audioData: clip },
      { spanish: 'cuatro', ...voiced, russianAudioData: '' },
      { spanish: 'cinco' },
      { spanish: 'seis', isDeleted: true },
      { spanish: 'siete' },
    ]);
    await seedWords(testApp.database.db, other.id, [{ spanish: 'ocho' }]);
    const learn = createLearnRepository(testApp.database.db);
    const pages: string[][] = [];
    for (let afterId = 0; ;) {
      const page = await learn.listCardsMissingClips(learner.id, { afterId, limit: 2 });
      pages.push(page.map((card) => card.spanish));
      if (page.length < 2) break;
      afterId = page.at(-1)!.id;
    }
    expect(pages).toEqual([['uno', 'tres'], ['cuatro', 'cinco'], ['siete']]);
  });
});
