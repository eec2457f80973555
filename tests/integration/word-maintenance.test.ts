import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobsTable, words } from '../../src/server/db/schema';
import { jobSchema } from '../../src/shared/api/jobs';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { connectRealtime, isType } from '../support/realtime-client';

let fake: FakeProviders;
let testApp: TestApp;

const seedWords = async (user: TestUser, pairs: Array<[string, string]>) => {
  await testApp.database.db
    .insert(words)
    .values(
      pairs.map(([spanish, russian]) => ({ userId: user.id, spanish, russian, duplicateKey: spanish })),
    );
};
const post = (user: TestUser, url: string) =>
  testApp.app.inject({ method: 'POST', url, headers: { cookie: user.cookie } });
const get = (user: TestUser | null, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const wordsOf = (user: TestUser) =>
  testApp.database.db.select().from(words).where(eq(words.userId, user.id)).orderBy(words.id);

/** Ana: three words, two of them wrongly translated, and an OpenAI key. */
async function anaWithKey(): Promise<TestUser> {
  const ana = await registerUser(testApp.app);
  await seedWords(ana, [
    ['el perro', 'пёс'],
    ['el gato', 'кошка'],
    ['la casa', 'здание'],
  ]);
  const saved = await testApp.app.inject({
    method: 'POST',
    url: '/api/validate-openai-key',
    payload: { apiKey: 'sk-test-valid' },
    headers: { cookie: ana.cookie },
  });
  expect(saved.json()).toEqual({ valid: true });
  return ana;
}

/** Boris: one word and no key. */
async function borisWithoutKey(): Promise<TestUser> {
  const boris = await registerUser(testApp.app);
  await seedWords(boris, [['el libro', 'книга']]);
  return boris;
}

beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    runsJobs: true,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

describe('translation fix', () => {
  it('asks for a language-model key first', async () => {
    const boris = await borisWithoutKey();
    const response = await post(boris, '/api/words/regenerate-translations');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'translation_fix_key_missing' });
  });

  it('streams corrections to the owner only and saves them', async () => {
    const ana = await anaWithKey();
    const boris = await borisWithoutKey();
    const anaSocket = await connectRealtime(testApp.app, ana.cookie);
    const borisSocket = await connectRealtime(testApp.app, boris.cookie);
    await anaSocket.waitFor(isType('connected'));

    const started = await post(ana, '/api/words/regenerate-translations');
    expect(started.json()).toMatchObject({ jobId: expect.any(String), summary: { totalWords: 3 } });

    const complete = await anaSocket.waitFor(isType('translation_regeneration_complete'), 20_000);
    // The fake model knows perro → собака and casa → дом; кошка is already right.
    expect(complete.summary).toMatchObject({ totalWords: 3, regenerated: 2, failed: 0 });
    const updates = anaSocket.messages.filter(isType('translation_regeneration_update'));
    expect(updates.map((update) => update.wordData)).toEqual([
      { spanish: 'el perro', oldTranslation: 'пёс', newTranslation: 'собака' },
      { spanish: 'la casa', oldTranslation: 'здание', newTranslation: 'дом' },
    ]);
    expect(anaSocket.messages.some(isType('translation_regeneration_progress'))).toBe(true);
    expect((await wordsOf(ana)).map((word) => word.russian)).toEqual(['собака', 'кошка', 'дом']);

    expect(borisSocket.messages.filter((message) => message.type !== 'connected')).toEqual([]);
    anaSocket.close();
    borisSocket.close();
  });

  it('stops when asked and keeps what was done', async () => {
    const ana = await anaWithKey();
    fake.setBehaviour('openai', 'latency', { path: '/chat/completions', delayMs: 1500 });
    const socket = await connectRealtime(testApp.app, ana.cookie);
    const { jobId } = (await post(ana, '/api/words/regenerate-translations')).json<{ jobId: string }>();
    // Stopped while the model is still thinking about the first batch.
    await socket.waitFor(isType('translation_regeneration_progress'));
    expect((await post(ana, '/api/words/stop-translation-fix')).json()).toEqual({ stopped: true });
    const complete = await socket.waitFor(isType('translation_regeneration_complete'), 20_000);
    expect(complete.summary.isStopped).toBe(true);
    const [job] = await testApp.database.db.select().from(jobsTable).where(eq(jobsTable.id, jobId));
    expect(job?.status).toBe('cancelled');
    // The one status call every screen follows a job by reads the stopped run with its kind's results.
    await socket.waitFor(
      (message): message is Extract<typeof message, { type: 'jobStatus' }> =>
        message.type === 'jobStatus' && message.jobId === jobId && message.status === 'cancelled',
    );
    const followed = jobSchema.parse((await get(ana, `/api/jobs/${jobId}`)).json());
    expect(followed).toMatchObject({
      kind: 'regenerate-translations',
      status: 'cancelled',
      results: { isStopped: true },
      error: null,
    });
    expect((await post(ana, '/api/words/stop-translation-fix')).json()).toEqual({ stopped: false });
    socket.close();
  });
});

describe('socket', () => {
  it('answers ping and refuses another learner’s job', async () => {
    const ana = await anaWithKey();
    const boris = await borisWithoutKey();
    const { jobId } = (await post(ana, '/api/words/regenerate-all-russian-audio')).json<{ jobId: string }>();
    const socket = await connectRealtime(testApp.app, boris.cookie);
    socket.send({ type: 'ping' });
    await socket.waitFor(isType('pong'));
    socket.send({ type: 'subscribe', jobId });
    const refusal = await socket.waitFor(isType('error'));
    expect(refusal).toMatchObject({ jobId });
    expect(socket.messages.some(isType('jobStatus'))).toBe(false);
    socket.close();
  });

  it('refuses a signed-out upgrade', async () => {
    await expect(connectRealtime(testApp.app, 'palabra_sid=forged')).rejects.toThrow();
  });
});

describe('Russian audio and counters', () => {
  it('re-speaks every Russian clip offline and reports progress', async () => {
    const boris = await borisWithoutKey();
    const socket = await connectRealtime(testApp.app, boris.cookie);
    const started = (await post(boris, '/api/words/regenerate-all-russian-audio')).json<{
      jobId: string;
      totalWords: number;
    }>();
    expect(started.totalWords).toBe(1);
    const done = await socket.waitFor(
      (message): message is Extract<typeof message, { type: 'jobProgress' }> =>
        message.type === 'jobProgress' && message.jobId === started.jobId && message.status === 'completed',
      30_000,
    );
    expect(done.progress).toMatchObject({ total: 1, processed: 1, failed: 0 });
    const followed = await get(boris, `/api/jobs/${started.jobId}`);
    expect(jobSchema.parse(followed.json())).toEqual({
      jobId: started.jobId,
      kind: 'regenerate-all-russian-audio',
      status: 'completed',
      progress: expect.objectContaining({ total: 1, processed: 1, failed: 0 }),
      results: { totalWords: 1, regenerated: 1, failed: 0 },
      error: null,
    });
    // Another learner's job, a name that is no job id, and no session: nothing to read.
    const ana = await anaWithKey();
    expect((await get(ana, `/api/jobs/${started.jobId}`)).json()).toMatchObject({ code: 'job_not_found' });
    expect((await get(ana, `/api/jobs/${started.jobId}`)).statusCode).toBe(404);
    expect((await get(ana, '/api/jobs/not-a-job')).statusCode).toBe(404);
    expect((await get(null, `/api/jobs/${started.jobId}`)).statusCode).toBe(401);
    const [word] = await wordsOf(boris);
    expect(word?.russianAudioData).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
    socket.close();
  });

  it('recomputes the derived counters', async () => {
    const ana = await anaWithKey();
    await testApp.database.db
      .update(words)
      .set({ isActive: false })
      .where(and(eq(words.userId, ana.id), eq(words.spanish, 'el gato')));
    const response = await post(ana, '/api/words/force-cache-refresh');
    expect(response.json()).toEqual({
      stats: { totalWords: 3, activeWords: 2, learnedWords: 1, audiobookUsageUpdated: 3 },
    });
    const progress = await testApp.app.inject({
      method: 'GET',
      url: '/api/progress',
      headers: { cookie: ana.cookie },
    });
    expect(progress.json()).toMatchObject({ wordsLearned: 1 });
  });
});
