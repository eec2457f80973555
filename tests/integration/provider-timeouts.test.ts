/**
 * A provider that accepts connections and never answers (docs/product/providers.md#timeouts and
 * #circuit-breaker): each call gives up at the first-byte limit, and after three such calls in one job
 * or request the provider is not called again in it. The limit is shortened through the app's deps so
 * no test waits for the real one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { resolveImageStyle } from '../../src/shared/catalogs/image-styles';
import type { UploadWordsJob } from '../../src/shared/api/jobs';
import { createAddressGuard } from '../../src/server/providers/http/address-guard';
import type { ImageGenerator } from '../../src/server/providers/images';
import { isCircuitOpen } from '../../src/server/providers/provider-error';
import { createProviderFactory, type ProviderCredentials } from '../../src/server/providers/provider-set';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { ELEVENLABS_VOICES } from '../support/fake-providers/elevenlabs.fake';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { createFastBuiltinSpeech } from '../support/fast-builtin-speech';

const FIRST_BYTE_MS = 100;

let fake: FakeProviders;
let testApp: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 20 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 20,
    providerTimeouts: { firstByteMs: FIRST_BYTE_MS },
    runsJobs: true,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const unusedImages: ImageGenerator = {
  provider: 'builtin',
  generate: () => Promise.reject(new Error('not drawn in these tests')),
};
const factory = () =>
  createProviderFactory({
    baseUrls: fake.providerBaseUrls,
    builtinSpeech: createFastBuiltinSpeech(),
    builtinImages: unusedImages,
    addressGuard: createAddressGuard({ allowPrivate: false }, () => Promise.reject(new Error('no lookups'))),
    firstByteTimeoutMs: FIRST_BYTE_MS,
  });
const credentials: ProviderCredentials = {
  openaiApiKey: 'sk-test-valid',
  openaiBaseUrl: null,
  openaiModel: 'gpt-4o',
  elevenlabsApiKey: 'el-test-valid',
  leonardoApiKey: 'leo-test-valid',
};
const picture = {
  subject: { spanish: 'la casa' },
  prompt: 'A house',
  style: resolveImageStyle(1),
  format: 'square' as const,
};
const completion = {
  schemaName: 'probe',
  schema: z.object({ words: z.array(z.unknown()) }),
  system: 'You analyse Spanish words.',
  prompt: JSON.stringify(['perro']),
};

describe('circuit breaker of one provider set', () => {
  it('stops calling a provider after three timeouts in a row; its other calls and other providers go on', async () => {
    fake.setBehaviour('openai', 'hang');
    const set = factory().forCredentials(credentials);
    const model = set.languageModel!;
    const failures: unknown[] = [];
    for (let call = 0; call < 5; call += 1)
      failures.push(await model.completeJson(completion).catch((error: unknown) => error));
    for (const failure of failures.slice(0, 3)) {
      expect(failure).toMatchObject({ code: 'provider_unavailable', transport: 'timeout' });
    }
    expect(failures.slice(3).every(isCircuitOpen)).toBe(true);
    expect(failures.slice(0, 3).some(isCircuitOpen)).toBe(false);
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(3);

    // OpenAI's speech and pictures are the same endpoint: refused at once too, without a request.
    const spoken = await set.speech
      .synthesize({ text: 'Hola', voiceId: 'openai:nova', language: 'es-MX', speed: 1 })
      .catch((error: unknown) => error);
    expect(isCircuitOpen(spoken)).toBe(true);
    expect(
      isCircuitOpen(
        await set
          .imagesFrom('openai')!
          .generate(picture)
          .catch((error: unknown) => error),
      ),
    ).toBe(true);
    expect(fake.requestsTo('openai')).toHaveLength(3);

    // ElevenLabs is still called (whether it answers within this test's short limit does not matter).
    await set.speech
      .synthesize({ text: 'Hola', voiceId: ELEVENLABS_VOICES[0].voice_id, language: 'es-MX', speed: 1 })
      .catch(() => undefined);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')).toHaveLength(1);

    // The next job or request has a set of its own and asks again: its call times out rather than being
    // refused. (Whether the request reached the fake before its 100 ms ran out depends on the machine's load.)
    const asked = await factory()
      .forCredentials(credentials)
      .languageModel!.completeJson(completion)
      .catch((error: unknown) => error);
    expect(asked).toMatchObject({ code: 'provider_unavailable', transport: 'timeout' });
    expect(isCircuitOpen(asked)).toBe(false);
  });

  it('counts a provider that cannot be reached at all', async () => {
    const closed = await startFakeProviders();
    const unreachable = closed.providerBaseUrls;
    await closed.close();
    const set = createProviderFactory({
      baseUrls: unreachable,
      builtinSpeech: createFastBuiltinSpeech(),
      builtinImages: unusedImages,
      addressGuard: createAddressGuard({ allowPrivate: false }, () =>
        Promise.reject(new Error('no lookups')),
      ),
    }).forCredentials(credentials);
    const results = await Promise.allSettled([0, 1, 2, 3].map(() => set.images.generate(picture)));
    for (const result of results) {
      expect(result).toMatchObject({ status: 'rejected', reason: { code: 'provider_unavailable' } });
    }
    const after = await set.images.generate(picture).catch((error: unknown) => error);
    expect(isCircuitOpen(after)).toBe(true);
  });
});

describe('an upload against a language model that never answers', () => {
  async function waitForJob(app: FastifyInstance, user: TestUser, jobId: string): Promise<UploadWordsJob> {
    let job: UploadWordsJob | undefined;
    await vi.waitUntil(
      async () => {
        job = (
          await app.inject({
            method: 'GET',
            url: `/api/jobs/${jobId}`,
            headers: { cookie: user.cookie },
          })
        ).json<UploadWordsJob>();
        return job.status !== 'pending' && job.status !== 'processing';
      },
      { timeout: 60_000, interval: 50 },
    );
    return job!;
  }

  it('saves every word with its own translation and stops asking after the breaker opens', async () => {
    const learner = await registerUser(testApp.app);
    // Saved without a check: this app's first-byte limit is too short for a test to rely on an answer.
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { openaiApiKey: 'sk-test-valid' },
      headers: { cookie: learner.cookie },
    });
    expect(saved.statusCode).toBe(200);
    fake.setBehaviour('openai', 'hang', { path: '/chat/completions' });
    // Ten chunks of twenty words, each asking the model once.
    const lines = Array.from({ length: 200 }, (_, index) => `palabra${index} / слово${index}`);
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/words/process-batch',
      payload: { text: lines.join('\n'), generateImages: false },
      headers: { cookie: learner.cookie },
    });
    const job = await waitForJob(testApp.app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    expect(job.results?.words).toHaveLength(200);
    // The breaker opens at the third timeout; at most the other calls already in flight (four at once)
    // reach the provider after it.
    const asked = fake.requestsTo('openai', '/chat/completions').length;
    expect(asked).toBeGreaterThanOrEqual(3);
    expect(asked).toBeLessThanOrEqual(6);
  });
});
