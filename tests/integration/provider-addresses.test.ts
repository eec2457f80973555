/**
 * A learner's own OpenAI-compatible base URL never reaches cloud metadata, and reaches private or
 * loopback addresses only when the operator allows it (docs/product/providers.md#endpoint-addresses).
 * Host names resolve through a fake resolver and every refusal is checked before any request: nothing
 * here sends traffic beyond loopback.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { userSettings, words } from '../../src/server/db/schema';
import type { AddressResolver } from '../../src/server/providers/http/address-guard';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { seedWords } from '../support/word-seeds';

let fake: FakeProviders;
/** The operator of a shared deployment: private addresses refused (the default with DATABASE_URL). */
let shared: TestApp;
/** A single-machine operator who allows a local model server. */
let local: TestApp;
const lookups: string[] = [];
/** Answers in turn for a host asked several times (DNS rebinding: public first, then another). */
const answers = new Map<string, string[]>();

const fakeResolver: AddressResolver = (hostname) => {
  lookups.push(hostname);
  const queue = answers.get(hostname);
  const fixed: Record<string, string> = {
    'metadata.test': '169.254.169.254',
    'metadata6.test': 'fe80::a9fe:a9fe',
    'mapped.test': '::ffff:169.254.169.254',
    'intranet.test': '10.0.0.5',
    'llm.test': '127.0.0.1',
  };
  const address = queue && queue.length > 1 ? queue.shift() : (queue?.[0] ?? fixed[hostname]);
  if (!address) return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
};

// Learners' own URLs are used only when the environment names no OpenAI endpoint.
const ownEndpoint = () => ({
  providerBaseUrls: { openai: undefined, elevenlabs: fake.elevenlabsBaseUrl, leonardo: fake.leonardoBaseUrl },
  providerAddressResolver: fakeResolver,
});

beforeAll(async () => {
  fake = await startFakeProviders();
  shared = await buildTestApp({ ...ownEndpoint(), providerAddressPolicy: { allowPrivate: false } });
  local = await buildTestApp({ ...ownEndpoint(), providerAddressPolicy: { allowPrivate: true } });
});
afterAll(async () => {
  await shared.close();
  await local.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  lookups.length = 0;
  answers.clear();
});

const fakePort = () => new URL(fake.origin).port;
const send = (
  testApp: TestApp,
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

describe('saving a base URL', () => {
  it.each([
    ['a name resolving to cloud metadata', 'http://metadata.test/latest/meta-data'],
    ['an IPv6 link-local name', 'http://metadata6.test/v1'],
    ['an IPv4-mapped metadata name', 'http://mapped.test/v1'],
    ['the metadata address itself', 'http://169.254.169.254/latest/meta-data'],
    ['its IPv4-mapped IPv6 form', 'http://[::ffff:169.254.169.254]/v1'],
    ['a private name', 'http://intranet.test/v1'],
    ['a private address', 'http://192.168.1.10:11434/v1'],
    ['loopback', 'http://127.0.0.1:11434/v1'],
    ['IPv6 loopback', 'http://[::1]:11434/v1'],
    ['the unspecified address', 'http://0.0.0.0:11434/v1'],
  ])('refuses %s on a shared deployment with 400 and a code', async (_, url) => {
    const learner = await registerUser(shared.app);
    const response = await send(shared, learner, 'PUT', '/api/settings', { openaiBaseUrl: url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'provider_address_refused',
      params: { provider: 'openai' },
    });
    expect((await send(shared, learner, 'GET', '/api/settings')).json()).toMatchObject({
      openaiBaseUrl: null,
    });
  });

  it('refuses cloud metadata even where the operator allows private addresses, and allows the rest', async () => {
    const learner = await registerUser(local.app);
    for (const url of ['http://metadata.test/v1', 'http://169.254.169.254/v1', 'http://[fe80::1]/v1']) {
      const response = await send(local, learner, 'PUT', '/api/settings', { openaiBaseUrl: url });
      expect(response.json()).toMatchObject({ code: 'provider_address_refused' });
    }
    for (const url of [
      'http://intranet.test/v1',
      'http://127.0.0.1:11434/v1',
      'https://api.example.test/v1',
    ]) {
      const response = await send(local, learner, 'PUT', '/api/settings', { openaiBaseUrl: url });
      expect(response.statusCode).toBe(200);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a key check against a refused address without sending it anywhere', async () => {
    const learner = await registerUser(shared.app);
    for (const baseUrl of ['http://metadata.test/v1', `http://127.0.0.1:${fakePort()}/openai/v1`]) {
      const response = await send(shared, learner, 'POST', '/api/validate-openai-key', {
        apiKey: 'sk-test-valid',
        baseUrl,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'provider_address_refused' });
    }
    expect(fake.requests).toHaveLength(0);
    expect((await send(shared, learner, 'GET', '/api/settings')).json()).toMatchObject({
      hasOpenaiApiKey: false,
      openaiBaseUrl: null,
    });
  });
});

describe('calling a stored base URL', () => {
  /** A learner whose key is saved and whose URL was stored before the rule (or under another policy). */
  async function learnerWithStoredUrl(testApp: TestApp, url: string): Promise<TestUser> {
    const learner = await registerUser(testApp.app);
    expect(
      (await send(testApp, learner, 'PUT', '/api/settings', { openaiApiKey: 'sk-test-valid' })).statusCode,
    ).toBe(200);
    await testApp.database.db
      .update(userSettings)
      .set({ openaiBaseUrl: url })
      .where(eq(userSettings.userId, learner.id));
    return learner;
  }

  it('refuses the call at connection time, before any request', async () => {
    const learner = await learnerWithStoredUrl(shared, fake.openaiBaseUrl);
    const models = await send(shared, learner, 'GET', '/api/openai/models');
    expect(models.statusCode).toBe(400);
    expect(models.json()).toMatchObject({ code: 'provider_address_refused', params: { provider: 'openai' } });

    const metadata = await learnerWithStoredUrl(local, 'http://metadata.test/v1');
    expect((await send(local, metadata, 'GET', '/api/openai/models')).json()).toMatchObject({
      code: 'provider_address_refused',
    });
    expect(lookups).toContain('metadata.test');
    expect(fake.requests).toHaveLength(0);
  });

  it('checks the address the connection uses, so a name that changes after the check is refused', async () => {
    const learner = await registerUser(local.app);
    // Public when the URL is saved, the metadata address when the server connects (DNS rebinding).
    answers.set('rebind.test', ['203.0.113.7', '169.254.169.254']);
    const saved = await send(local, learner, 'PUT', '/api/settings', {
      openaiApiKey: 'sk-test-valid',
      openaiBaseUrl: `http://rebind.test:${fakePort()}/openai/v1`,
    });
    expect(saved.statusCode).toBe(200);
    const models = await send(local, learner, 'GET', '/api/openai/models');
    expect(models.json()).toMatchObject({ code: 'provider_address_refused' });
    expect(lookups.filter((host) => host === 'rebind.test')).toHaveLength(2);

    // The same on a shared deployment with a name that turns into loopback: the fake would have seen it.
    answers.set('rebind-local.test', ['203.0.113.8', '127.0.0.1']);
    const other = await registerUser(shared.app);
    expect(
      (
        await send(shared, other, 'PUT', '/api/settings', {
          openaiApiKey: 'sk-test-valid',
          openaiBaseUrl: `http://rebind-local.test:${fakePort()}/openai/v1`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await send(shared, other, 'GET', '/api/openai/models')).json()).toMatchObject({
      code: 'provider_address_refused',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('reaches a local model server by name where the operator allows private addresses', async () => {
    const learner = await registerUser(local.app);
    const response = await send(local, learner, 'POST', '/api/validate-openai-key', {
      apiKey: 'sk-test-valid',
      baseUrl: `http://llm.test:${fakePort()}/openai/v1`,
    });
    expect(response.json()).toEqual({ valid: true });
    expect(fake.requestsTo('openai', '/models')).toHaveLength(1);
    expect((await send(local, learner, 'GET', '/api/openai/models')).json()).toMatchObject({
      models: expect.arrayContaining(['gpt-4o']),
    });
  });
});

describe('picture links a learner stored', () => {
  it('are checked under the same policy: the expired-images job never requests a refused address', async () => {
    const withJobs = await buildTestApp({
      ...ownEndpoint(),
      providerAddressPolicy: { allowPrivate: false },
      runsJobs: true,
    });
    try {
      const learner = await registerUser(withJobs.app);
      const [onLoopback, onMetadata] = await seedWords(withJobs.database.db, learner.id, [
        { spanish: 'el perro', imageUrl: `${fake.origin}/files/perro.png` },
        { spanish: 'el gato', imageUrl: 'http://metadata.test/latest/meta-data/gato.png' },
      ]);
      const started = await send(withJobs, learner, 'POST', '/api/words/clear-expired-images');
      expect(started.statusCode).toBe(200);
      const { jobId } = started.json<{ jobId: string }>();
      let status = '';
      await vi.waitUntil(
        async () => {
          status = (await send(withJobs, learner, 'GET', `/api/jobs/${jobId}`)).json<{ status: string }>()
            .status;
          return status !== 'pending' && status !== 'processing';
        },
        { timeout: 30_000, interval: 50 },
      );
      expect(status).toBe('completed');
      // Neither link was requested: both count as links that no longer load.
      expect(fake.requests).toHaveLength(0);
      expect(lookups).toContain('metadata.test');
      const rows = await withJobs.database.db
        .select({ id: words.id, imageUrl: words.imageUrl })
        .from(words)
        .where(inArray(words.id, [onLoopback!, onMetadata!]));
      expect(rows.map((row) => row.imageUrl)).toEqual([null, null]);
    } finally {
      await withJobs.close();
    }
  });
});
