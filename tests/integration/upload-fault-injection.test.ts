import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadWordsJobSchema, type UploadWordsJob } from '../../src/shared/api/jobs';
import { words } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import type { FailureKind } from '../support/fake-providers/fake-http';

/**
 * Fault injection (docs/product/providers.md#fallback): the learner's OpenAI key is set and its endpoint
 * fails every call in one way. Whatever the fault, every word of the list is saved exactly once, with a
 * built-in picture, and its clips are made on demand in the built-in voices; the report names the fallback
 * per word, or once for a provider the upload stopped calling.
 */

const CLIP_PATH = /^\/media\/[0-9a-f]{64}\.mp3$/;
const PICTURE_PATH = /^\/media\/[0-9a-f]{64}\.(webp|png|jpg)$/;
const LINES = [
  'perro / собака',
  'gato / кошка',
  'casa / дом',
  'mesa / стол',
  'libro / книга',
  'sol / солнце',
];

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    runsJobs: true,
    // A hanging provider is given up on quickly; every other fault answers at once.
    providerTimeouts: { firstByteMs: 1_500 },
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function uploadAndWait(user: TestUser, text: string): Promise<UploadWordsJob> {
  const started = await send(user, 'POST', '/api/words/process-batch', { text });
  expect(started.statusCode).toBe(200);
  const { jobId } = started.json<{ jobId: string }>();
  let job: UploadWordsJob | undefined;
  await vi.waitUntil(
    async () => {
      job = uploadWordsJobSchema.parse((await send(user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: 90_000, interval: 50 },
  );
  return job!;
}

const FAULTS: Array<[FailureKind, object]> = [
  ['unauthorized', {}],
  // Retried at once: that a retry-after is waited out is proven by tests/integration/provider-adapters.test.ts;
  // at one second, every call of this upload waited two.
  ['rate_limit', { retryAfterSeconds: 0 }],
  ['server_error', {}],
  ['html_200', {}],
  ['wrong_media', {}],
  ['truncated', {}],
  ['hang', {}],
];

describe('an upload against an OpenAI endpoint that fails every call', () => {
  it.each(FAULTS)(
    '%s: every word saved once, pictured and voiced by the built-in providers, the fallback reported',
    { timeout: 180_000 },
    async (kind, options) => {
      const learner = await registerUser(testApp.app);
      // Saved directly: the key check itself would meet the fault.
      expect(
        (await send(learner, 'PUT', '/api/settings', { openaiApiKey: 'sk-test-valid' })).statusCode,
      ).toBe(200);
      fake.setBehaviour('openai', kind, options);
      try {
        const job = await uploadAndWait(learner, LINES.join('\n'));
        expect(job.status).toBe('completed');
        const results = job.results!;

        // Every word once, each with a picture drawn by the built-in pictures.
        const rows = await testApp.database.db.select().from(words).where(eq(words.userId, learner.id));
        expect(rows.map((row) => row.russian).sort()).toEqual(
          LINES.map((line) => line.split(' / ')[1]).sort(),
        );
        expect(results.words).toHaveLength(LINES.length);
        for (const row of rows) expect(row.imageUrl).toMatch(PICTURE_PATH);

        // Reported: each word's picture and voice fell back, or the provider was named once as stopped.
        const isStopped = results.stoppedProviders.some((stopped) => stopped.provider === 'openai');
        for (const [index, line] of LINES.entries()) {
          for (const stage of ['images', 'audio'] as const) {
            const reported = results.fallbacks.some(
              (fallback) =>
                fallback.lineNumber === index + 1 &&
                fallback.spanish === line.split(' / ')[0] &&
                fallback.stage === stage &&
                fallback.code.startsWith('provider_'),
            );
            expect(reported || isStopped, `${line}: ${stage}`).toBe(true);
          }
        }
        expect(results.errors.filter((error) => error.stage === 'images' || error.stage === 'audio')).toEqual(
          [],
        );

        // Studyable: Learn's first request for a card answers its three clips, the provider being down.
        const clips = (await send(learner, 'GET', `/api/words/${rows[0]!.id}/audio`)).json<
          Record<string, string | null>
        >();
        expect(Object.values(clips)).toHaveLength(3);
        for (const clip of Object.values(clips)) expect(clip).toMatch(CLIP_PATH);
      } finally {
        fake.setBehaviour('openai', null);
      }
    },
  );
});
