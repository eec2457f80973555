import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  UPLOAD_IMAGE_STYLES,
  UPLOAD_STYLE_TABLE,
  type UploadImageStyleKey,
} from '../../src/shared/catalogs/image-styles';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { sendMultipart } from '../support/multipart';
import { waitForUploadJob } from '../support/upload-jobs';

/*
 * docs/product/upload.md#picture-style: the picture style a learner sets changes what the picture provider is
 * asked, as the fake providers' request log shows.
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
