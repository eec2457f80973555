import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  UPLOAD_IMAGE_STYLES,
  UPLOAD_STYLE_TABLE,
  type UploadImageStyleKey,
} from '../../src/shared/catalogs/image-styles';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { ELEVENLABS_VOICES } from '../support/fake-providers/elevenlabs.fake';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { sendMultipart } from '../support/multipart';
import { waitForUploadJob } from '../support/upload-jobs';
import { seedWords } from '../support/word-seeds';

/*
 * docs/product/upload.md#picture-style and docs/product/providers.md#voice-style: the two styles a learner
 * sets change what the providers are asked, as the fake providers' request log shows.
 */

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 10 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 10,
    runsJobs: true,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function learnerWithKeys(keys: ReadonlyArray<readonly [string, string]>): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  for (const [url, apiKey] of keys) {
    expect((await send(learner, 'POST', url, { apiKey })).json()).toEqual({ valid: true });
  }
  fake.clearRequests();
  return learner;
}

const saveSettings = async (learner: TestUser, update: object) =>
  expect((await send(learner, 'PUT', '/api/settings', update)).statusCode).toBe(200);

/** The text each upload style's prompt begins with, before the word. */
const promptStart = (style: UploadImageStyleKey) =>
  UPLOAD_STYLE_TABLE[style].promptTemplate.split('{object}')[0] ?? '';

describe('the upload’s picture style', () => {
  /** Uploads one word and answers the prompt the picture was asked with. */
  async function promptOfUpload(learner: TestUser, spanish: string, imageStyle?: string) {
    fake.clearRequests();
    const started = await send(learner, 'POST', '/api/words/process-batch', {
      text: `${spanish} / слово`,
      generateImages: true,
      ...(imageStyle === undefined ? {} : { imageStyle }),
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await waitForUploadJob(testApp.app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    const generations = fake.requestsTo('leonardo', '/generations').filter((r) => r.method === 'POST');
    expect(generations).toHaveLength(1);
    return (generations[0]?.body as { prompt: string }).prompt;
  }

  it('draws in the settings’ style when the upload names none, and in the upload’s own when it does', async () => {
    const learner = await learnerWithKeys([['/api/validate-leonardo-key', 'leo-test-valid']]);
    await saveSettings(learner, { defaultImageStyle: 'dramatic' });
    expect(await promptOfUpload(learner, 'la tormenta')).toMatch(new RegExp(`^${promptStart('dramatic')}`));
    expect(await promptOfUpload(learner, 'el castillo', 'horror')).toMatch(
      new RegExp(`^${promptStart('horror')}`),
    );
    // The upload's own style is for that upload only: the setting stays.
    expect(
      (await send(learner, 'GET', '/api/settings')).json<{ defaultImageStyle: string }>().defaultImageStyle,
    ).toBe('dramatic');
  });

  it('gives each of the five styles a picture of its own', async () => {
    const learner = await learnerWithKeys([['/api/validate-leonardo-key', 'leo-test-valid']]);
    const prompts = new Set<string>();
    for (const style of UPLOAD_IMAGE_STYLES) {
      await saveSettings(learner, { defaultImageStyle: style });
      const prompt = await promptOfUpload(learner, `la flor ${style}`);
      expect(prompt).toMatch(new RegExp(`^${promptStart(style)}`));
      prompts.add(prompt.replace(/la flor \w+/, ''));
    }
    expect(prompts.size).toBe(UPLOAD_IMAGE_STYLES.length);
  });

  it('sends a file upload’s style too', async () => {
    const learner = await learnerWithKeys([['/api/validate-leonardo-key', 'leo-test-valid']]);
    const started = await sendMultipart(testApp.app, learner, '/api/words/upload', {
      fields: { generateImages: 'true', imageStyle: 'disney' },
      file: { name: 'words.txt', bytes: Buffer.from('el dragón / дракон\n') },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await waitForUploadJob(testApp.app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    const [generation] = fake.requestsTo('leonardo', '/generations').filter((r) => r.method === 'POST');
    expect((generation?.body as { prompt: string }).prompt).toMatch(new RegExp(`^${promptStart('disney')}`));
  });
});

describe('the voice style', () => {
  const spanishVoice = ELEVENLABS_VOICES.find((voice) => voice.name.startsWith('Luc'))?.voice_id ?? '';

  /** A learner whose Spanish voices are ElevenLabs' and whose Russian voice is OpenAI's, and one card. */
  async function learnerWithCard() {
    const learner = await learnerWithKeys([
      ['/api/validate-elevenlabs-key', 'el-test-valid'],
      ['/api/validate-openai-key', 'sk-test-valid'],
    ]);
    await saveSettings(learner, { spanishVoices: [spanishVoice], russianVoice: 'openai:nova' });
    const [wordId] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'el río', russian: 'река' },
    ]);
    return { learner, wordId: wordId! };
  }

  /** Regenerates the card's clips and answers what ElevenLabs and OpenAI were asked. */
  async function askedWhenRegenerated(learner: TestUser, wordId: number) {
    fake.clearRequests();
    const answer = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: true,
    });
    expect(answer.json()).toMatchObject({ audioGenerated: true });
    const elevenlabs = fake.requestsTo('elevenlabs', '/v1/text-to-speech');
    const openai = fake.requestsTo('openai', '/audio/speech');
    expect(elevenlabs).toHaveLength(2);
    expect(openai).toHaveLength(1);
    return {
      dials: elevenlabs.map(
        (request) => (request.body as { voice_settings: Record<string, number> }).voice_settings,
      ),
      instructions: (openai[0]?.body as { instructions: string }).instructions,
    };
  }

  it('changes the dials ElevenLabs is asked for and the instructions OpenAI gets', async () => {
    const { learner, wordId } = await learnerWithCard();
    const neutral = await askedWhenRegenerated(learner, wordId);
    await saveSettings(learner, { defaultVoiceStyle: 'calm' });
    const calm = await askedWhenRegenerated(learner, wordId);
    await saveSettings(learner, { defaultVoiceStyle: 'dramatic' });
    const dramatic = await askedWhenRegenerated(learner, wordId);

    // From the default intonation (excited): calm is steadier and plainer, dramatic more exaggerated.
    const [base] = neutral.dials;
    for (const dials of calm.dials) {
      expect(dials.stability).toBeGreaterThan(base!.stability!);
      expect(dials.style).toBeLessThan(base!.style!);
    }
    for (const dials of dramatic.dials) expect(dials.style).toBeGreaterThan(base!.style!);
    expect(calm.instructions).toMatch(/calmly/);
    expect(dramatic.instructions).toMatch(/dramatically/);
    expect(neutral.instructions).not.toMatch(/calmly|dramatically/);
  });

  it('never answers a clip of another style from the cache, and leaves built-in clips alone', async () => {
    const { learner } = await learnerWithCard();
    const clip = (voiceId: string, voiceStyle: string) =>
      send(learner, 'POST', '/api/generate-audio', {
        text: 'Buenos días',
        voiceId,
        language: 'es-MX',
        voiceStyle,
      }).then((answer) => answer.json<{ cached: boolean; audio: string }>());

    expect((await clip(spanishVoice, 'neutral')).cached).toBe(false);
    expect((await clip(spanishVoice, 'excited')).cached).toBe(false);
    expect((await clip(spanishVoice, 'excited')).cached).toBe(true);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')).toHaveLength(2);

    // A built-in voice reads every style alike: one clip serves them all.
    const builtinVoice = 'builtin:es-ES-m3';
    expect((await clip(builtinVoice, 'neutral')).cached).toBe(false);
    expect((await clip(builtinVoice, 'professional')).cached).toBe(true);
  });
});
