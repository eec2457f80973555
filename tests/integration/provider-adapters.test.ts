import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveImageStyle } from '../../src/shared/catalogs/image-styles';
import { createElevenLabsSpeech } from '../../src/server/providers/elevenlabs/elevenlabs-speech';
import { createLeonardoImages } from '../../src/server/providers/leonardo/leonardo-images';
import { createOpenAiImages } from '../../src/server/providers/openai/openai-images';
import { createOpenAiLanguageModel } from '../../src/server/providers/openai/openai-language-model';
import { createOpenAiSpeech } from '../../src/server/providers/openai/openai-speech';
import { ELEVENLABS_VOICES } from '../support/fake-providers/elevenlabs.fake';
import { TEST_RETRY_BASE_DELAY_MS } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';

let fake: FakeProviders;
beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 50 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A failing call's tries back off briefly; the back-off itself is unit-tested (tests/unit/server/provider-http.test.ts). */
const quickRetries = { retryBaseDelayMs: TEST_RETRY_BASE_DELAY_MS };
const ELEVENLABS_VOICE_ID = ELEVENLABS_VOICES[0].voice_id;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const isMp3 = (audio: Buffer) =>
  audio.subarray(0, 3).toString('latin1') === 'ID3' || (audio[0] === 0xff && (audio[1]! & 0xe0) === 0xe0);

const analysisSchema = z.object({
  words: z.array(
    z.object({
      spanish: z.string(),
      russian: z.string(),
      cefrLevel: z.enum(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']),
      example: z.string().nullable(),
    }),
  ),
});
const analysisRequest = {
  schemaName: 'word_analysis',
  schema: analysisSchema,
  system: 'You analyse Spanish words for Russian-speaking learners.',
  prompt: JSON.stringify(['perro', 'gato', 'casa']),
};

describe('OpenAI language model', () => {
  const model = (apiKey = 'sk-test-valid', timeoutMs?: number) =>
    createOpenAiLanguageModel({
      apiKey,
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
      model: 'gpt-4o',
      timeoutMs,
    });

  it('asks for strict json_schema output and answers the parsed value with token usage', async () => {
    const completion = await model().completeJson(analysisRequest);
    expect(completion.value.words.map((word) => word.spanish)).toEqual(['perro', 'gato', 'casa']);
    expect(completion.usage.totalTokens).toBeGreaterThan(0);
    const [sent] = fake.requestsTo('openai', '/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-test-valid');
    expect(sent?.body).toMatchObject({
      model: 'gpt-4o',
      // Streamed: the first byte comes at once however long the answer (docs/product/providers.md#timeouts).
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'word_analysis', strict: true } },
    });
  });

  it('reports an answer that does not match the schema as bad output', async () => {
    fake.setChatAnswer({ words: [{ spanish: 'perro' }] });
    await expect(model().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_bad_output',
    });
  });

  it('reports a cut-short answer as bad output', async () => {
    fake.setChatAnswer(undefined, { finishReason: 'length' });
    await expect(model().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_bad_output',
    });
  });

  it('reports malformed JSON as bad output', async () => {
    fake.setBehaviour('openai', 'malformed_json', { path: '/chat/completions' });
    await expect(model().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_bad_output',
    });
  });

  it('tells a wrong key from an empty account', async () => {
    await expect(model('sk-wrong').completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_invalid_key',
    });
    fake.failNext('openai', 'quota');
    await expect(model().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_quota_exhausted',
    });
    // Out of money is not retried: one request, not three.
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(2);
  });

  it('waits out a rate limit as retry-after says, then succeeds', async () => {
    fake.failNext('openai', 'rate_limit', { retryAfterSeconds: 1, path: '/chat/completions' });
    const completion = await model().completeJson(analysisRequest);
    expect(completion.value.words).toHaveLength(3);
    // The second request came no earlier than retry-after allowed (the fake's own clock, not a bound on
    // this machine's speed).
    const [first, second] = fake.requestsTo('openai', '/chat/completions');
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('retries a server error and gives up as unavailable when it persists', async () => {
    fake.failNext('openai', 'server_error', { path: '/chat/completions' });
    await expect(model().completeJson(analysisRequest)).resolves.toBeDefined();
    fake.setBehaviour('openai', 'server_error', { path: '/chat/completions' });
    await expect(model().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('gives up on a provider that hangs once the timeout passes', async () => {
    fake.setBehaviour('openai', 'hang', { path: '/chat/completions' });
    await expect(model('sk-test-valid', 300).completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('lists chat models only and checks keys', async () => {
    const models = await model().listModels();
    expect(models).toContain('gpt-4o');
    expect(models).not.toContain('dall-e-3');
    expect(models.some((id) => id.startsWith('tts'))).toBe(false);
    await expect(model().checkKey()).resolves.toBe(true);
    await expect(model('sk-wrong').checkKey()).resolves.toBe(false);
  });
});

describe('OpenAI images', () => {
  const request = {
    subject: { spanish: 'el perro' },
    prompt: 'A photo of a dog',
    style: resolveImageStyle(1),
    format: 'landscape' as const,
  };

  it('asks gpt-image-1 without response_format and keeps the PNG bytes', async () => {
    const images = createOpenAiImages({
      apiKey: 'sk-test-valid',
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
    });
    const picture = await images.generate(request);
    expect(picture.image.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    const [sent] = fake.requestsTo('openai', '/images/generations');
    expect(sent?.body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', n: 1, stream: true });
    expect(sent?.body).not.toHaveProperty('response_format');
  });

  it('asks dall-e-3 for base64', async () => {
    const images = createOpenAiImages({
      apiKey: 'sk-test-valid',
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
      imageModel: 'dall-e-3',
    });
    const picture = await images.generate({ ...request, format: 'portrait' });
    expect(picture.image.subarray(0, 4)).toEqual(PNG_SIGNATURE);
    expect(fake.requestsTo('openai', '/images/generations')[0]?.body).toMatchObject({
      model: 'dall-e-3',
      response_format: 'b64_json',
      size: '1024x1792',
    });
  });

  it('maps a wrong key', async () => {
    const images = createOpenAiImages({ apiKey: 'sk-nope', baseUrl: fake.openaiBaseUrl, ...quickRetries });
    await expect(images.generate(request)).rejects.toMatchObject({ code: 'provider_invalid_key' });
  });
});

describe('OpenAI speech', () => {
  it('answers MP3 bytes for a voice', async () => {
    const speech = createOpenAiSpeech({
      apiKey: 'sk-test-valid',
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
    });
    const voices = await speech.listVoices();
    expect(voices.length).toBeGreaterThan(3);
    expect(voices.every((voice) => speech.ownsVoice(voice.voiceId))).toBe(true);
    const clip = await speech.synthesize({
      text: 'Hola',
      voiceId: 'openai:nova',
      language: 'es-MX',
      speed: 0.9,
    });
    expect(isMp3(clip.audio)).toBe(true);
    expect(fake.requestsTo('openai', '/audio/speech')[0]?.body).toMatchObject({
      voice: 'nova',
      input: 'Hola',
      speed: 0.9,
      response_format: 'mp3',
    });
  });
});

describe('ElevenLabs speech', () => {
  const speech = (apiKey = 'el-test-valid', timeoutMs?: number) =>
    createElevenLabsSpeech({ apiKey, baseUrl: fake.elevenlabsBaseUrl, ...quickRetries, timeoutMs });

  it('lists voices with the languages their labels tell', async () => {
    const voices = await speech().listVoices();
    expect(voices.some((voice) => voice.languages.includes('es'))).toBe(true);
    expect(voices.some((voice) => voice.languages.includes('ru'))).toBe(true);
    expect(fake.requestsTo('elevenlabs', '/v1/voices')[0]?.headers['xi-api-key']).toBe('el-test-valid');
  });

  it('speaks with eleven_multilingual_v2 and the style’s voice settings', async () => {
    const [voice] = (await speech().listVoices()).filter((candidate) => candidate.languages.includes('es'));
    const clip = await speech().synthesize({
      text: 'El perro come.',
      voiceId: voice!.voiceId,
      language: 'es-MX',
      speed: 1,
      intonationStyle: 'excited-female',
    });
    expect(isMp3(clip.audio)).toBe(true);
    const [sent] = fake.requestsTo('elevenlabs', '/v1/text-to-speech');
    expect(sent?.query.output_format).toBe('mp3_44100_128');
    expect(sent?.body).toMatchObject({
      text: 'El perro come.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.3, speed: 1 },
    });
  });

  it('tells an unknown voice, a wrong key and an empty quota apart', async () => {
    const request = { text: 'Hola', language: 'es-MX' as const, speed: 1 };
    await expect(speech().synthesize({ ...request, voiceId: 'no-such-voice' })).rejects.toMatchObject({
      code: 'provider_rejected',
    });
    const [voice] = await speech().listVoices();
    await expect(
      speech('el-wrong').synthesize({ ...request, voiceId: voice!.voiceId }),
    ).rejects.toMatchObject({
      code: 'provider_invalid_key',
    });
    fake.failNext('elevenlabs', 'quota');
    await expect(speech().synthesize({ ...request, voiceId: voice!.voiceId })).rejects.toMatchObject({
      code: 'provider_quota_exhausted',
    });
  });

  it('retries a busy server and times out a hanging one', async () => {
    const [voice] = await speech().listVoices();
    const request = { text: 'Hola', language: 'es-MX' as const, speed: 1, voiceId: voice!.voiceId };
    fake.failNext('elevenlabs', 'rate_limit', { retryAfterSeconds: 0, path: '/v1/text-to-speech' });
    await expect(speech().synthesize(request)).resolves.toMatchObject({ mimeType: 'audio/mpeg' });
    fake.setBehaviour('elevenlabs', 'hang', { path: '/v1/text-to-speech' });
    await expect(speech('el-test-valid', 300).synthesize(request)).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('reports an unreadable voice list as bad output', async () => {
    fake.failNext('elevenlabs', 'malformed_json', { path: '/v1/voices' });
    await expect(speech().listVoices()).rejects.toMatchObject({ code: 'provider_bad_output' });
  });

  it('accepts a key limited to text-to-speech through the /v1/voices fallback', async () => {
    await expect(speech().checkKey()).resolves.toBe(true);
    await expect(speech('el-test-tts-only').checkKey()).resolves.toBe(true);
    await expect(speech('el-wrong').checkKey()).resolves.toBe(false);
    expect(fake.requestsTo('elevenlabs', '/v1/user').length).toBe(3);
  });
});

describe('Leonardo images', () => {
  const leonardo = (apiKey = 'leo-test-valid', timeoutMs?: number) =>
    createLeonardoImages({
      apiKey,
      baseUrl: fake.leonardoBaseUrl,
      ...quickRetries,
      pollIntervalMs: 20,
      timeoutMs,
    });
  const request = {
    subject: { spanish: 'la casa' },
    prompt: 'A house',
    style: resolveImageStyle('watercolor'),
    format: 'square' as const,
  };

  it('creates a generation, polls until COMPLETE and keeps the bytes, not the expiring link', async () => {
    const picture = await leonardo().generate(request);
    expect(picture.image.length).toBeGreaterThan(100);
    fake.expireFiles();
    expect(picture.image.length).toBeGreaterThan(100);
    expect(fake.requestsTo('leonardo', '/generations')[0]?.body).toMatchObject({
      prompt: 'A house',
      width: 1024,
      height: 1024,
      num_images: 1,
    });
    expect(fake.requestsTo('leonardo', '/generations/').length).toBeGreaterThanOrEqual(1);
  });

  it('reports a FAILED generation as bad output', async () => {
    fake.failGeneration();
    await expect(leonardo().generate(request)).rejects.toMatchObject({ code: 'provider_bad_output' });
  });

  it('stops waiting for a generation that never completes', async () => {
    fake.setLeonardoGenerationDelay(60_000);
    await expect(leonardo('leo-test-valid', 400).generate(request)).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });

  it('adds the API subscription and paid tokens into apiTokens', async () => {
    fake.setLeonardoTokens({ apiSubscriptionTokens: 3, apiPaidTokens: 4, subscriptionTokens: 150 });
    await expect(leonardo().tokenInfo()).resolves.toMatchObject({ apiTokens: 7, subscriptionTokens: 150 });
    await expect(leonardo().checkKey()).resolves.toBe(true);
    await expect(leonardo('leo-wrong').checkKey()).resolves.toBe(false);
    await expect(leonardo('leo-wrong').generate(request)).rejects.toMatchObject({
      code: 'provider_invalid_key',
    });
  });

  it('reports an unreadable answer as bad output', async () => {
    fake.failNext('leonardo', 'malformed_json', { path: '/me' });
    await expect(leonardo().tokenInfo()).rejects.toMatchObject({ code: 'provider_bad_output' });
  });

  it('maps an empty balance to quota exhausted', async () => {
    fake.failNext('leonardo', 'quota');
    await expect(leonardo().generate(request)).rejects.toMatchObject({ code: 'provider_quota_exhausted' });
  });
});

describe('answers that are not what they claim (docs/product/providers.md#malformed-answers)', () => {
  const badOutput = { name: 'ProviderError', code: 'provider_bad_output' };
  const languageModel = () =>
    createOpenAiLanguageModel({
      apiKey: 'sk-test-valid',
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
      model: 'gpt-4o',
    });
  const openaiImages = () =>
    createOpenAiImages({ apiKey: 'sk-test-valid', baseUrl: fake.openaiBaseUrl, ...quickRetries });
  const openaiSpeech = () =>
    createOpenAiSpeech({ apiKey: 'sk-test-valid', baseUrl: fake.openaiBaseUrl, ...quickRetries });
  const elevenlabs = () =>
    createElevenLabsSpeech({ apiKey: 'el-test-valid', baseUrl: fake.elevenlabsBaseUrl, ...quickRetries });
  const leonardo = () =>
    createLeonardoImages({
      apiKey: 'leo-test-valid',
      baseUrl: fake.leonardoBaseUrl,
      ...quickRetries,
      pollIntervalMs: 20,
    });
  const picture = {
    subject: { spanish: 'el perro' },
    prompt: 'A dog',
    style: resolveImageStyle(1),
    format: 'square' as const,
  };
  const clip = { text: 'Hola', language: 'es-MX' as const, speed: 1 };

  it('turns an HTML page answered with 200 into bad output from every OpenAI call', async () => {
    fake.setBehaviour('openai', 'html_200');
    await expect(languageModel().completeJson(analysisRequest)).rejects.toMatchObject(badOutput);
    await expect(languageModel().listModels()).rejects.toMatchObject(badOutput);
    // A captive portal does not make a key valid.
    await expect(languageModel().checkKey()).rejects.toMatchObject(badOutput);
    await expect(openaiImages().generate(picture)).rejects.toMatchObject(badOutput);
    await expect(openaiSpeech().synthesize({ ...clip, voiceId: 'openai:nova' })).rejects.toMatchObject(
      badOutput,
    );
  });

  it('turns an HTML page into bad output from ElevenLabs and Leonardo', async () => {
    fake.setBehaviour('elevenlabs', 'html_200');
    await expect(elevenlabs().listVoices()).rejects.toMatchObject(badOutput);
    await expect(elevenlabs().checkKey()).rejects.toMatchObject(badOutput);
    await expect(elevenlabs().synthesize({ ...clip, voiceId: ELEVENLABS_VOICE_ID })).rejects.toMatchObject(
      badOutput,
    );

    fake.setBehaviour('leonardo', 'html_200', { path: '/generations', method: 'POST' });
    await expect(leonardo().generate(picture)).rejects.toMatchObject(badOutput);
    fake.setBehaviour('leonardo', 'html_200', { path: '/generations', method: 'GET' });
    await expect(leonardo().generate(picture)).rejects.toMatchObject(badOutput);
    fake.setBehaviour('leonardo', 'html_200', { path: '/me' });
    await expect(leonardo().tokenInfo()).rejects.toMatchObject(badOutput);
    await expect(leonardo().checkKey()).rejects.toMatchObject(badOutput);
  });

  it('refuses JSON where speech was expected, from OpenAI and ElevenLabs', async () => {
    fake.setBehaviour('openai', 'wrong_media', { path: '/audio/speech' });
    await expect(openaiSpeech().synthesize({ ...clip, voiceId: 'openai:nova' })).rejects.toMatchObject(
      badOutput,
    );
    fake.setBehaviour('elevenlabs', 'wrong_media', { path: '/v1/text-to-speech' });
    await expect(elevenlabs().synthesize({ ...clip, voiceId: ELEVENLABS_VOICE_ID })).rejects.toMatchObject(
      badOutput,
    );
  });

  it('refuses picture bytes that are not a picture, inline or downloaded', async () => {
    fake.setBehaviour('openai', 'wrong_media', { path: '/images/generations' });
    await expect(openaiImages().generate(picture)).rejects.toMatchObject(badOutput);
    fake.setBehaviour('files', 'wrong_media');
    await expect(leonardo().generate(picture)).rejects.toMatchObject(badOutput);
    fake.setBehaviour('files', null);
    await expect(leonardo().generate(picture)).resolves.toMatchObject({ mimeType: 'image/jpeg' });
  });

  it('reports an answer cut short as unavailable after its retries', async () => {
    fake.setBehaviour('openai', 'truncated', { path: '/audio/speech' });
    await expect(openaiSpeech().synthesize({ ...clip, voiceId: 'openai:nova' })).rejects.toMatchObject({
      code: 'provider_unavailable',
      isRetryable: true,
    });
    expect(fake.requestsTo('openai', '/audio/speech')).toHaveLength(3);
    fake.setBehaviour('elevenlabs', 'truncated', { path: '/v1/text-to-speech' });
    await expect(elevenlabs().synthesize({ ...clip, voiceId: ELEVENLABS_VOICE_ID })).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
    fake.setBehaviour('openai', 'truncated', { path: '/chat/completions' });
    await expect(languageModel().completeJson(analysisRequest)).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });
});

describe('first-byte timeout (docs/product/providers.md#timeouts)', () => {
  const timedOut = { name: 'ProviderError', code: 'provider_unavailable', transport: 'timeout' };

  it('gives up on a call whose headers do not come within the first-byte limit, whatever its overall time', async () => {
    fake.setBehaviour('openai', 'hang');
    fake.setBehaviour('elevenlabs', 'hang');
    fake.setBehaviour('leonardo', 'hang');
    const connection = {
      apiKey: 'sk-test-valid',
      baseUrl: fake.openaiBaseUrl,
      ...quickRetries,
      firstByteTimeoutMs: 150,
    };
    await expect(
      createOpenAiLanguageModel({ ...connection, model: 'gpt-4o' }).completeJson(analysisRequest),
    ).rejects.toMatchObject(timedOut);
    await expect(
      createOpenAiLanguageModel({ ...connection, model: 'gpt-4o' }).listModels(),
    ).rejects.toMatchObject(timedOut);
    await expect(
      createOpenAiSpeech(connection).synthesize({
        text: 'Hola',
        language: 'es-MX',
        speed: 1,
        voiceId: 'openai:nova',
      }),
    ).rejects.toMatchObject(timedOut);
    await expect(
      createOpenAiImages(connection).generate({
        subject: { spanish: 'el perro' },
        prompt: 'A dog',
        style: resolveImageStyle(1),
        format: 'square',
      }),
    ).rejects.toMatchObject(timedOut);
    await expect(
      createElevenLabsSpeech({
        apiKey: 'el-test-valid',
        baseUrl: fake.elevenlabsBaseUrl,
        ...quickRetries,
        firstByteTimeoutMs: 150,
      }).listVoices(),
    ).rejects.toMatchObject(timedOut);
    await expect(
      createLeonardoImages({
        apiKey: 'leo-test-valid',
        baseUrl: fake.leonardoBaseUrl,
        ...quickRetries,
        firstByteTimeoutMs: 150,
      }).tokenInfo(),
    ).rejects.toMatchObject(timedOut);
    // A hang is not retried: one request each.
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(1);
    expect(fake.requestsTo('leonardo', '/me')).toHaveLength(1);
  });
});
