import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaObjects } from '../../src/server/db/schema';
import { createBuiltinSpeech } from '../../src/server/providers/builtin-speech/builtin-speech.provider';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { ELEVENLABS_VOICES } from '../support/fake-providers/elevenlabs.fake';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 30 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 20,
    // These tests are about the offline voice among the others: the real eSpeak engine speaks.
    builtinSpeech: createBuiltinSpeech(),
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const post = (user: TestUser, url: string, payload: object) =>
  testApp.app.inject({ method: 'POST', url, payload, headers: { cookie: user.cookie } });
const get = (user: TestUser, url: string, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, ...headers } });
/** Boris: a learner without any key. */
const keyless = () => registerUser(testApp.app);
/** Ana: a learner with valid OpenAI, ElevenLabs and Leonardo keys; the checks' requests are forgotten. */
async function withEveryKey(): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  for (const [url, apiKey] of [
    ['/api/validate-openai-key', 'sk-test-valid'],
    ['/api/validate-elevenlabs-key', 'el-test-valid'],
    ['/api/validate-leonardo-key', 'leo-test-valid'],
  ] as const) {
    expect((await post(learner, url, { apiKey })).json()).toEqual({ valid: true });
  }
  fake.clearRequests();
  return learner;
}
const mediaCount = async () =>
  (await testApp.database.db.select({ sha256: mediaObjects.sha256 }).from(mediaObjects)).length;
const settingsOf = async (user: TestUser) =>
  (await get(user, '/api/settings')).json<Record<string, unknown>>();

describe('key validation', () => {
  it('saves a valid key encrypted and never shows it again', async () => {
    const ana = await keyless();
    const response = await post(ana, '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
    expect(response.json()).toEqual({ valid: true });
    const settings = await settingsOf(ana);
    expect(settings.hasOpenaiApiKey).toBe(true);
    expect(JSON.stringify(settings)).not.toContain('sk-test-valid');
  });

  it('changes nothing for an invalid key', async () => {
    const boris = await keyless();
    const response = await post(boris, '/api/validate-elevenlabs-key', { apiKey: 'el-wrong' });
    expect(response.json()).toEqual({ valid: false });
    expect((await settingsOf(boris)).hasElevenlabsApiKey).toBe(false);
  });

  it('checks ElevenLabs and Leonardo keys and reports the token balance', async () => {
    const ana = await keyless();
    expect((await post(ana, '/api/validate-elevenlabs-key', { apiKey: 'el-test-valid' })).json()).toEqual({
      valid: true,
    });
    expect((await post(ana, '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' })).json()).toEqual({
      valid: true,
    });
    fake.setLeonardoTokens({ apiSubscriptionTokens: 2, apiPaidTokens: 1, subscriptionTokens: 40 });
    const info = await post(ana, '/api/leonardo-token-info', {});
    expect(info.json()).toMatchObject({ valid: true, apiTokens: 3, subscriptionTokens: 40 });
    expect((await post(ana, '/api/leonardo-token-info', { apiKey: 'leo-wrong' })).json()).toMatchObject({
      valid: false,
    });
  });

  it('answers a provider outage during a check with its code, not a 500', async () => {
    const boris = await keyless();
    fake.setBehaviour('leonardo', 'server_error');
    const response = await post(boris, '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'provider_unavailable',
      params: { provider: 'leonardo' },
    });
  });
});

describe('voices and models', () => {
  it('offers offline voices to a learner with no key', async () => {
    const boris = await keyless();
    const voices = (await get(boris, '/api/elevenlabs/voices')).json<
      Array<{ voice_id: string; labels: Record<string, string> }>
    >();
    expect(voices.length).toBeGreaterThanOrEqual(3);
    expect(voices.every((voice) => voice.labels.offline === 'true')).toBe(true);
    expect(fake.requestsTo('elevenlabs')).toHaveLength(0);
  });

  it('lists the learner’s ElevenLabs voices first, then OpenAI’s, then the offline ones', async () => {
    const ana = await withEveryKey();
    const voices = (await get(ana, '/api/elevenlabs/voices')).json<
      Array<{ voice_id: string; labels: Record<string, string> }>
    >();
    expect(voices[0]?.labels.provider).toBe('elevenlabs');
    expect(voices.at(-1)?.labels.offline).toBe('true');
    // With an OpenAI key its voices come between, in the order Settings' voice list groups them.
    const providers = voices.map((voice) => voice.labels.provider);
    expect([...new Set(providers)]).toEqual(['elevenlabs', 'openai', 'builtin']);
    expect(fake.requestsTo('elevenlabs', '/v1/voices')[0]?.headers['xi-api-key']).toBe('el-test-valid');
  });

  it('falls back to the spec’s models without a key and lists the endpoint’s with one', async () => {
    const ana = await withEveryKey();
    const boris = await keyless();
    expect((await get(boris, '/api/openai/models')).json()).toEqual({
      models: ['gpt-4o', 'chatgpt-4o-latest'],
    });
    const models = (await get(ana, '/api/openai/models')).json<{ models: string[] }>().models;
    expect(models).toContain('gpt-4o-mini');
  });
});

describe('speech', () => {
  it('speaks offline with no key and caches the clip (D9)', async () => {
    const boris = await keyless();
    const request = { text: 'El **perro** come.', voiceId: 'builtin:es-ES-m3', language: 'es-ES', speed: 1 };
    const first = await post(boris, '/api/generate-audio', request);
    expect(first.statusCode).toBe(200);
    const clip = first.json<{ audio: string; cached: boolean }>();
    expect(clip).toMatchObject({
      audio: expect.stringMatching(/^\/media\/[0-9a-f]{64}\.mp3$/),
      cached: false,
    });
    const again = await post(boris, '/api/generate-audio', { ...request, text: 'El perro come' });
    expect(again.json()).toEqual({ ...clip, cached: true, voiceId: 'builtin:es-ES-m3' });
  });

  it('synthesises identical concurrent requests once', async () => {
    const boris = await keyless();
    const request = {
      text: 'La casa es grande',
      voiceId: 'builtin:es-419-f1',
      language: 'es-MX',
      speed: 0.9,
    };
    const answers = await Promise.all([1, 2, 3].map(() => post(boris, '/api/generate-audio', request)));
    const paths = new Set(answers.map((answer) => answer.json<{ audio: string }>().audio));
    expect(paths.size).toBe(1);
    const rows = await testApp.database.db.query.audioFiles.findMany({
      where: (audio, { eq }) => eq(audio.text, 'La casa es grande'),
    });
    expect(rows).toHaveLength(1);
  });

  it('speaks with the learner’s ElevenLabs voice, and with no key the same voice id speaks offline', async () => {
    const ana = await withEveryKey();
    const boris = await keyless();
    const voices = (await get(ana, '/api/elevenlabs/voices')).json<
      Array<{ voice_id: string; labels: Record<string, string> }>
    >();
    const spanish = voices.find((voice) => voice.labels.provider === 'elevenlabs')!;
    const request = { text: 'Buenos días', voiceId: spanish.voice_id, language: 'es-MX', speed: 1 };
    const withKey = (await post(ana, '/api/generate-audio', request)).json<{ voiceId: string }>();
    expect(withKey.voiceId).toBe(spanish.voice_id);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')).toHaveLength(1);

    // Boris has no key: Ana's voice id neither reaches ElevenLabs with her key nor fails.
    const withoutKey = (await post(boris, '/api/generate-audio', request)).json<{ voiceId: string }>();
    expect(withoutKey.voiceId).toMatch(/^builtin:/);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')).toHaveLength(1);
  });

  it('answers each voice of /api/speech/multiple on its own', async () => {
    const ana = await withEveryKey();
    const response = await post(ana, '/api/speech/multiple', {
      text: 'Hola amigo',
      voiceIds: ['builtin:es-ES-m3', 'no-such-voice'],
      language: 'es-MX',
      speed: 1,
    });
    const { results } = response.json<{
      results: Array<{ success: boolean; audio: string | null; code?: string }>;
    }>();
    expect(results[0]).toMatchObject({ success: true, audio: expect.stringMatching(/^\/media\//) });
    expect(results[1]).toMatchObject({
      success: false,
      audio: null,
      code: 'provider_rejected',
      params: { provider: 'elevenlabs' },
    });
  });

  it('refuses another learner’s word id with 404', async () => {
    const boris = await keyless();
    const response = await post(boris, '/api/generate-audio', {
      text: 'Hola',
      voiceId: 'builtin:es-ES-m3',
      language: 'es-ES',
      speed: 1,
      wordId: 999_999,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('pictures and media', () => {
  it('draws an offline picture without a key and serves it only to its owner', async () => {
    const boris = await keyless();
    const ana = await keyless();
    const response = await post(boris, '/api/generate-sample-image', { spanish: 'el perro', styleId: 3 });
    const picture = response.json<{ success: boolean; imageData: string; provider: string }>();
    expect(picture).toMatchObject({
      success: true,
      provider: 'builtin',
      imageData: expect.stringMatching(/\.webp$/),
    });

    const own = await get(boris, picture.imageData);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toContain('immutable');
    expect(own.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // A picture is compressed already: it passes through even to a client that takes brotli.
    const offered = await testApp.app.inject({
      url: picture.imageData,
      headers: { cookie: boris.cookie, 'accept-encoding': 'br, gzip' },
    });
    expect(offered.headers['content-encoding']).toBeUndefined();
    expect(offered.rawPayload.equals(own.rawPayload)).toBe(true);

    expect((await get(ana, picture.imageData)).statusCode).toBe(404);
    const signedOut = await testApp.app.inject({ method: 'GET', url: picture.imageData });
    expect(signedOut.statusCode).toBe(401);
  });

  it('uses the learner’s own Leonardo key, never another learner’s', async () => {
    const ana = await withEveryKey();
    const boris = await keyless();
    const anas = (await post(ana, '/api/generate-sample-image', { spanish: 'la casa', styleId: 1 })).json();
    expect(anas).toMatchObject({ success: true, provider: 'leonardo' });
    expect(fake.requestsTo('leonardo', '/generations')[0]?.headers.authorization).toBe(
      'Bearer leo-test-valid',
    );

    fake.clearRequests();
    const borises = (
      await post(boris, '/api/generate-sample-image', { spanish: 'la casa', serviceProvider: 'leonardo' })
    ).json();
    expect(borises).toMatchObject({
      success: false,
      code: 'image_key_missing',
      params: { provider: 'leonardo' },
    });
    expect(fake.requestsTo('leonardo')).toHaveLength(0);
  });

  it('tells the learner when the image provider fails', async () => {
    const ana = await withEveryKey();
    fake.failGeneration();
    const answer = (await post(ana, '/api/generate-sample-image', { spanish: 'el gato' })).json();
    expect(answer).toMatchObject({
      success: false,
      imageData: null,
      code: 'provider_bad_output',
      params: { provider: 'leonardo' },
    });
  });

  it('tells the learner when Leonardo refuses their saved key, naming the key (the AI dialog’s sample)', async () => {
    const learner = await keyless();
    const saved = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { leonardoApiKey: 'leo-test-refused' },
      headers: { cookie: learner.cookie },
    });
    expect(saved.statusCode).toBe(200);
    const answer = await post(learner, '/api/generate-sample-image', {
      spanish: 'el gato',
      styleId: 4,
      serviceProvider: 'leonardo',
    });
    expect(answer.json()).toMatchObject({
      success: false,
      imageData: null,
      code: 'provider_invalid_key',
      params: { provider: 'leonardo' },
    });
  });

  it('keeps no speech that is not audio: a JSON body answered as audio/mpeg is refused', async () => {
    const ana = await withEveryKey();
    const storedBefore = await mediaCount();
    fake.setBehaviour('openai', 'wrong_media', { path: '/audio/speech' });
    fake.setBehaviour('elevenlabs', 'wrong_media', { path: '/v1/text-to-speech' });
    for (const voiceId of ['openai:nova', ELEVENLABS_VOICES[0].voice_id]) {
      const response = await post(ana, '/api/generate-audio', {
        text: 'Una respuesta rota',
        voiceId,
        language: 'es-MX',
        speed: 1,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: 'provider_bad_output' });
    }
    expect(fake.requestsTo('openai', '/audio/speech')).toHaveLength(1);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')).toHaveLength(1);
    const clips = await testApp.database.db.query.audioFiles.findMany({
      where: (audio, { eq }) => eq(audio.text, 'Una respuesta rota'),
    });
    expect(clips).toHaveLength(0);
    expect(await mediaCount()).toBe(storedBefore);
  });

  it('keeps no picture whose bytes are not a picture, inline or downloaded', async () => {
    const ana = await withEveryKey();
    const storedBefore = await mediaCount();
    fake.setBehaviour('files', 'wrong_media');
    fake.setBehaviour('openai', 'wrong_media', { path: '/images/generations' });
    for (const serviceProvider of ['leonardo', 'openai'] as const) {
      const answer = (
        await post(ana, '/api/generate-sample-image', { spanish: 'el gato', serviceProvider })
      ).json();
      expect(answer).toMatchObject({
        success: false,
        imageData: null,
        code: 'provider_bad_output',
        params: { provider: serviceProvider },
      });
    }
    expect(await mediaCount()).toBe(storedBefore);
  });

  it('answers byte ranges and 304 for audio, as iOS Safari needs', async () => {
    const ana = await withEveryKey();
    const { audio } = (
      await post(ana, '/api/generate-audio', {
        text: 'Me gusta el café',
        voiceId: 'builtin:es-ES-m3',
        language: 'es-ES',
        speed: 1,
      })
    ).json<{ audio: string }>();
    const whole = await get(ana, audio);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const size = whole.rawPayload.length;

    const part = await get(ana, audio, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));

    const tail = await get(ana, audio, { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    expect((await get(ana, audio, { range: `bytes=${size}-` })).statusCode).toBe(416);

    const revalidated = await get(ana, audio, { 'if-none-match': String(whole.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
  });

  it('answers 404 for a wrong extension or a malformed name', async () => {
    const ana = await withEveryKey();
    const { audio } = (
      await post(ana, '/api/generate-audio', {
        text: 'Adiós',
        voiceId: 'builtin:es-ES-m3',
        language: 'es-ES',
        speed: 1,
      })
    ).json<{ audio: string }>();
    expect((await get(ana, audio.replace('.mp3', '.png'))).statusCode).toBe(404);
    expect((await get(ana, '/media/not-a-hash.mp3')).statusCode).toBe(404);
  });
});

describe('where OpenAI calls go (D6)', () => {
  it('uses the learner’s compatible endpoint when the environment names none', async () => {
    // The fake listens on loopback: this server's operator allows private addresses (D13).
    const ownEndpointApp = await buildTestApp({
      providerBaseUrls: { openai: undefined, elevenlabs: undefined, leonardo: undefined },
      providerAddressPolicy: { allowPrivate: true },
    });
    try {
      const learner = await registerUser(ownEndpointApp.app);
      const response = await ownEndpointApp.app.inject({
        method: 'POST',
        url: '/api/validate-openai-key',
        payload: { apiKey: 'sk-test-valid', baseUrl: fake.openaiBaseUrl },
        headers: { cookie: learner.cookie },
      });
      expect(response.json()).toEqual({ valid: true });
      expect(fake.requestsTo('openai', '/models')).toHaveLength(1);
      const settings = await ownEndpointApp.app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { cookie: learner.cookie },
      });
      expect(settings.json()).toMatchObject({ openaiBaseUrl: fake.openaiBaseUrl, hasOpenaiApiKey: true });
    } finally {
      await ownEndpointApp.close();
    }
  });

  it('sends nothing to the learner’s endpoint when the environment overrides it', async () => {
    const boris = await keyless();
    const response = await post(boris, '/api/validate-openai-key', {
      apiKey: 'sk-test-valid',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(response.json()).toEqual({ valid: true });
    expect(fake.requestsTo('openai', '/models')).toHaveLength(1);
  });
});

describe('limits', () => {
  it('caps key checks per learner per minute with a 429 and its code', async () => {
    const ana = await keyless();
    const carla = await registerUser(testApp.app);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await post(carla, '/api/validate-leonardo-key', { apiKey: 'leo-wrong' })).statusCode).toBe(200);
    }
    const blocked = await post(carla, '/api/validate-leonardo-key', { apiKey: 'leo-wrong' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
    // Another learner is not held back by Carla's calls.
    expect((await post(ana, '/api/validate-leonardo-key', { apiKey: 'leo-wrong' })).statusCode).toBe(200);
  });
});
