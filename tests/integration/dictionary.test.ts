import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaGallerySchema, wordImageListSchema } from '../../src/shared/api/dictionary';
import { type DictionaryJob, dictionaryJobSchema } from '../../src/shared/api/jobs';
import { wordListItemSchema } from '../../src/shared/api/words';
import {
  audioFiles,
  audiobookSentences,
  audiobooks,
  generatedImages,
  themes,
  words,
  wordThemes,
} from '../../src/server/db/schema';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { exactWordListSchema } from '../support/exact-word-list';

let fake: FakeProviders;
let testApp: TestApp;
/** A learner with the OpenAI, ElevenLabs and Leonardo keys of the fake providers. */
let keyed: TestUser;
/** A learner who owns nothing the other tests touch; asks for everyone else's words. */
let stranger: TestUser;
let linkServer: Server;
let linkOrigin: string;

const MEDIA_PATH = /^\/media\/[0-9a-f]{64}\.(webp|png|jpg)$/;
const CLIP_PATH = /^\/media\/[0-9a-f]{64}\.mp3$/;
const missingMedia = (digit: string) => `/media/${digit.repeat(64)}.png`;

beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 20 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    leonardoPollIntervalMs: 20,
    runsJobs: true,
    // The picture links below live on a loopback server, which this operator allows.
    providerAddressPolicy: { allowPrivate: true },
  });
  keyed = await registerUser(testApp.app);
  stranger = await registerUser(testApp.app);
  for (const [url, apiKey] of [
    ['/api/validate-openai-key', 'sk-test-valid'],
    ['/api/validate-elevenlabs-key', 'el-test-valid'],
    ['/api/validate-leonardo-key', 'leo-test-valid'],
  ] as const) {
    expect((await send(keyed, 'POST', url, { apiKey })).json()).toEqual({ valid: true });
  }
  // External picture links: one alive, one that refuses HEAD but answers GET; anything else is gone.
  linkServer = createServer((request, response) => {
    const isAlive =
      request.url === '/alive.png' || (request.url === '/get-only.png' && request.method === 'GET');
    response.statusCode = isAlive ? 200 : request.url === '/get-only.png' ? 405 : 404;
    response.end(isAlive ? 'png' : '');
  });
  await new Promise<void>((resolve) => linkServer.listen(0, '127.0.0.1', resolve));
  linkOrigin = `http://127.0.0.1:${(linkServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
  await new Promise((resolve) => linkServer.close(resolve));
});
beforeEach(() => fake.reset());

function send(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return testApp.app.inject({
    method,
    url,
    payload,
    headers: user ? { cookie: user.cookie } : {},
  });
}

const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const wordsOf = (user: TestUser) =>
  testApp.database.db.select().from(words).where(eq(words.userId, user.id)).orderBy(words.id);
const wordById = async (id: number) =>
  (await testApp.database.db.select().from(words).where(eq(words.id, id)))[0];
const picturesOf = (wordId: number) =>
  testApp.database.db.select().from(generatedImages).where(eq(generatedImages.wordId, wordId));

async function waitForJob(user: TestUser, jobId: string, timeoutMs = 60_000): Promise<DictionaryJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await send(user, 'GET', `/api/jobs/${jobId}`);
    expect(response.statusCode).toBe(200);
    const job = dictionaryJobSchema.parse(response.json());
    if (job.status !== 'pending' && job.status !== 'processing') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.status}: ${JSON.stringify(job.progress)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('access', () => {
  const wordRoutes = [
    ['GET', '/api/words/1/images'],
    ['POST', '/api/words/1/set-primary-image'],
    ['GET', '/api/words/1/media-gallery'],
    ['GET', '/api/words/1/audiobook-sentences'],
    ['POST', '/api/words/1/regenerate-image'],
    ['POST', '/api/words/1/regenerate-phrase'],
  ] as const;
  const actionRoutes = [
    ['POST', '/api/words/regenerate-all-phrases'],
    ['DELETE', '/api/words/audio/all'],
    ['POST', '/api/words/clear-expired-images'],
    ['POST', '/api/words/regenerate-all-images'],
    ['POST', '/api/words/generate-missing-images'],
    ['POST', '/api/words/update-tags'],
    ['POST', '/api/words/reset-listen-count'],
    ['POST', '/api/words/delete-without-images'],
  ] as const;

  it('answers 401 to a signed-out visitor on every dictionary call', async () => {
    for (const [method, url] of [...wordRoutes, ...actionRoutes]) {
      const response = await send(null, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another learner's word and changes nothing of it", async () => {
    const owner = await registerUser(testApp.app);
    const [wordId] = await seedWords(owner, [{ spanish: 'el perro', imageUrl: missingMedia('a') }]);
    const [imageRow] = await testApp.database.db
      .insert(generatedImages)
      .values({ userId: owner.id, wordId: wordId!, imageUrl: missingMedia('b') })
      .returning({ id: generatedImages.id });
    for (const [method, path] of wordRoutes) {
      const url = path.replace('/1/', `/${wordId}/`);
      const payload = url.endsWith('set-primary-image') ? { imageId: imageRow!.id } : undefined;
      const response = await send(keyed, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'word_not_found' });
    }
    expect((await wordById(wordId!))?.imageUrl).toBe(missingMedia('a'));
    expect(await picturesOf(wordId!)).toHaveLength(1);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses bad input with 400', async () => {
    const [wordId] = await seedWords(keyed, [{ spanish: 'la mesa' }]);
    const cases: Array<['GET' | 'POST', string, object | undefined]> = [
      ['GET', '/api/words/abc/images', undefined],
      ['GET', '/api/words/-3/media-gallery', undefined],
      ['GET', '/api/words/0/audiobook-sentences', undefined],
      ['POST', `/api/words/${wordId}/set-primary-image`, {}],
      ['POST', `/api/words/${wordId}/set-primary-image`, { imageId: 'first' }],
      ['POST', `/api/words/${wordId}/set-primary-image`, { imageId: -1 }],
      ['POST', `/api/words/${wordId}/regenerate-image`, { imageStyle: { id: 1 } }],
      ['POST', `/api/words/${wordId}/regenerate-image`, { imageStyle: 'x'.repeat(51) }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(keyed, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect((await send(keyed, 'DELETE', '/api/words', { wordIds: [] })).statusCode).toBe(400);
  });
});

describe('a word card gallery', () => {
  it('lists the library newest first, marks the primary picture and includes one without a row', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId, otherWordId] = await seedWords(learner, [
      { spanish: 'el gato', imageUrl: missingMedia('1') },
      { spanish: 'la casa' },
    ]);
    const onlyCurrent = wordImageListSchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/images`)).json(),
    );
    expect(onlyCurrent).toEqual([
      expect.objectContaining({ id: 0, url: missingMedia('1'), isPrimary: true, styleId: null }),
    ]);

    const inserted = await testApp.database.db
      .insert(generatedImages)
      .values([
        {
          userId: learner.id,
          wordId: wordId!,
          imageUrl: missingMedia('2'),
          styleId: 3,
          styleName: 'watercolor',
          imageFormat: 'square',
          createdAt: new Date('2025-01-01T00:00:00Z'),
        },
        {
          userId: learner.id,
          wordId: wordId!,
          imageUrl: missingMedia('1'),
          styleId: 1,
          styleName: 'realistic',
          imageFormat: 'landscape',
          createdAt: new Date('2025-02-01T00:00:00Z'),
        },
        { userId: learner.id, wordId: otherWordId!, imageUrl: missingMedia('3') },
      ])
      .returning({ id: generatedImages.id });
    const [olderId, currentId, otherWordImageId] = inserted.map((row) => row.id);

    const gallery = wordImageListSchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/images`)).json(),
    );
    expect(gallery).toEqual([
      {
        id: currentId,
        url: missingMedia('1'),
        styleId: 1,
        imageFormat: 'landscape',
        createdAt: '2025-02-01T00:00:00.000Z',
        isPrimary: true,
      },
      {
        id: olderId,
        url: missingMedia('2'),
        styleId: 3,
        imageFormat: 'square',
        createdAt: '2025-01-01T00:00:00.000Z',
        isPrimary: false,
      },
    ]);

    const library = mediaGallerySchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/media-gallery`)).json(),
    );
    expect(library.map((item) => [item.id, item.imageUrl, item.styleName])).toEqual([
      [currentId, missingMedia('1'), 'realistic'],
      [olderId, missingMedia('2'), 'watercolor'],
    ]);
    expect((await send(learner, 'GET', `/api/words/${otherWordId}/images`)).json()).toEqual([
      expect.objectContaining({ id: otherWordImageId, isPrimary: false }),
    ]);

    const chosen = await send(learner, 'POST', `/api/words/${wordId}/set-primary-image`, {
      imageId: olderId,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ imageUrl: missingMedia('2') });
    expect((await wordById(wordId!))?.imageUrl).toBe(missingMedia('2'));
    expect((await wordById(wordId!))?.imageStyle).toBe('watercolor');

    // Another word's picture, even the learner's own, is not this word's.
    const wrongWord = await send(learner, 'POST', `/api/words/${wordId}/set-primary-image`, {
      imageId: otherWordImageId,
    });
    expect(wrongWord.statusCode).toBe(404);
    const unknown = await send(learner, 'POST', `/api/words/${wordId}/set-primary-image`, {
      imageId: 999_999,
    });
    expect(unknown.statusCode).toBe(404);
    expect((await wordById(wordId!))?.imageUrl).toBe(missingMedia('2'));
    expect((await send(learner, 'GET', `/api/words/${wordId}/media-gallery`)).json()).toHaveLength(2);
  });
});

describe('audiobook sentences of a word', () => {
  it("finds the word and a verb's forms in the learner's own books only", async () => {
    const learner = await registerUser(testApp.app);
    const [perro, hablar, gato] = await seedWords(learner, [
      { spanish: 'el perro' },
      { spanish: 'hablar' },
      { spanish: 'el gato' },
    ]);
    expect((await send(learner, 'GET', `/api/words/${perro}/audiobook-sentences`)).json()).toEqual([]);

    const book = async (user: TestUser, title: string, sentences: Array<[string, string]>) => {
      const [row] = await testApp.database.db
        .insert(audiobooks)
        .values({ userId: user.id, title, targetWordCount: 100 })
        .returning({ id: audiobooks.id });
      await testApp.database.db.insert(audiobookSentences).values(
        sentences.map(([spanish, russian], orderIndex) => ({
          audiobookId: row!.id,
          userId: user.id,
          orderIndex,
          spanish,
          russian,
        })),
      );
      return row!.id;
    };
    const bookId = await book(learner, 'Mi perro', [
      ['El perro corre en el parque.', 'Собака бегает в парке.'],
      ['Nosotros hablamos con los perros.', 'Мы говорим с собаками.'],
      ['La casa es grande.', 'Дом большой.'],
    ]);
    await book(stranger, 'Otro perro', [['Un perro ajeno.', 'Чужая собака.']]);

    const forPerro = (await send(learner, 'GET', `/api/words/${perro}/audiobook-sentences`)).json<
      Array<{ spanish: string; audiobookId: number; audiobookTitle: string; orderIndex: number }>
    >();
    expect(
      forPerro.map((sentence) => [sentence.spanish, sentence.audiobookTitle, sentence.orderIndex]),
    ).toEqual([
      ['El perro corre en el parque.', 'Mi perro', 0],
      ['Nosotros hablamos con los perros.', 'Mi perro', 1],
    ]);
    expect(forPerro.every((sentence) => sentence.audiobookId === bookId)).toBe(true);
    const forHablar = (await send(learner, 'GET', `/api/words/${hablar}/audiobook-sentences`)).json<
      Array<{ spanish: string }>
    >();
    expect(forHablar.map((sentence) => sentence.spanish)).toEqual(['Nosotros hablamos con los perros.']);
    expect((await send(learner, 'GET', `/api/words/${gato}/audiobook-sentences`)).json()).toEqual([]);
  });
});

describe('regenerating one word', () => {
  it('draws a built-in picture without keys, keeps it in the library and makes it the primary one', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el perro', russian: 'собака' }]);
    // No body at all: the settings' upload style, sketch (recorded with the nearest catalogue id, minimalist).
    const response = await send(learner, 'POST', `/api/words/${wordId}/regenerate-image`);
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(MEDIA_PATH);
    expect((await wordById(wordId!))?.imageUrl).toBe(imageUrl);
    expect(await picturesOf(wordId!)).toEqual([
      expect.objectContaining({ imageUrl, styleId: 5, styleName: 'sketch', imageFormat: 'square' }),
    ]);
    const media = await send(learner, 'GET', imageUrl);
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toMatch(/^image\//);
    expect(fake.requests).toHaveLength(0);

    const styled = await send(learner, 'POST', `/api/words/${wordId}/regenerate-image`, {
      imageStyle: 'anime',
    });
    expect(styled.statusCode).toBe(200);
    const gallery = wordImageListSchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/images`)).json(),
    );
    expect(gallery).toHaveLength(2);
    expect(gallery[0]).toMatchObject({
      url: styled.json<{ imageUrl: string }>().imageUrl,
      styleId: 13,
      isPrimary: true,
    });
  });

  it("draws through the learner's Leonardo key when there is one", async () => {
    const [wordId] = await seedWords(keyed, [{ spanish: 'la luna', russian: 'луна' }]);
    const response = await send(keyed, 'POST', `/api/words/${wordId}/regenerate-image`, { imageStyle: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ imageUrl: string }>().imageUrl).toMatch(MEDIA_PATH);
    expect(fake.requestsTo('leonardo', '/generations').length).toBeGreaterThan(0);
    expect(await picturesOf(wordId!)).toEqual([
      expect.objectContaining({ styleId: 3, styleName: 'watercolor' }),
    ]);
  });

  it('asks for a language-model key before regenerating a phrase', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el perro', example: 'Viejo **perro**.' }]);
    const response = await send(learner, 'POST', `/api/words/${wordId}/regenerate-phrase`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'language_model_missing' });
    expect((await wordById(wordId!))?.example).toBe('Viejo **perro**.');
  });

  it('writes a new example with its translation and audio from the language model', async () => {
    const [wordId] = await seedWords(keyed, [
      { spanish: 'el perro', russian: 'собака', example: 'Viejo **perro**.', audioData: missingMedia('c') },
    ]);
    const response = await send(keyed, 'POST', `/api/words/${wordId}/regenerate-phrase`);
    expect(response.statusCode).toBe(200);
    const word = wordListItemSchema.parse(response.json());
    expect(word).toMatchObject({
      id: wordId,
      spanish: 'el perro',
      example: expect.stringContaining('**'),
      exampleTranslation: expect.stringContaining('**'),
    });
    expect(word.example).not.toBe('Viejo **perro**.');
    const row = await wordById(wordId!);
    expect(row?.example).toBe(word.example);
    expect(row?.exampleTranslation).toBe(word.exampleTranslation);
    expect(row?.highlightedSpanishWord).toBeTruthy();
    expect(row?.audioData).toMatch(CLIP_PATH);
    expect(row?.russianAudioData).toMatch(CLIP_PATH);
    expect(row?.secondVoiceAudioData).toMatch(CLIP_PATH);
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(1);
    expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech').length).toBeGreaterThan(0);
  });

  it('reports a failing language model without touching the word', async () => {
    const [wordId] = await seedWords(keyed, [{ spanish: 'el sol', example: 'El **sol**.' }]);
    fake.setBehaviour('openai', 'quota');
    const response = await send(keyed, 'POST', `/api/words/${wordId}/regenerate-phrase`);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({
      code: 'phrase_failed',
      params: { reason: 'provider_quota_exhausted', provider: 'openai' },
    });
    expect((await wordById(wordId!))?.example).toBe('El **sol**.');
  });
});

describe('maintenance jobs', () => {
  it('regenerates the phrases of every active word and asks for a key first', async () => {
    const learner = await registerUser(testApp.app);
    const refused = await send(learner, 'POST', '/api/words/regenerate-all-phrases');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'language_model_missing' });

    const owner = await registerUser(testApp.app);
    for (const [url, apiKey] of [
      ['/api/validate-openai-key', 'sk-test-valid'],
      ['/api/validate-elevenlabs-key', 'el-test-valid'],
    ] as const) {
      expect((await send(owner, 'POST', url, { apiKey })).json()).toEqual({ valid: true });
    }
    const spanish = Array.from({ length: 23 }, (_, index) => `palabra${index}`);
    await seedWords(owner, [
      ...spanish.map((word) => ({ spanish: word })),
      { spanish: 'el gato', isActive: false, example: 'Oculto **gato**.' },
    ]);
    const started = await send(owner, 'POST', '/api/words/regenerate-all-phrases');
    expect(started.statusCode).toBe(200);
    const { jobId, totalWords } = started.json<{ jobId: string; totalWords: number }>();
    expect(totalWords).toBe(23);
    const job = await waitForJob(owner, jobId);
    expect(job).toMatchObject({ kind: 'regenerate-all-phrases', status: 'completed' });
    expect(job.results).toEqual({ processed: 23, changed: 23, failed: 0, errors: [] });
    expect(job.progress).toMatchObject({ total: 23, processed: 23, failed: 0 });

    const rows = await wordsOf(owner);
    for (const row of rows.filter((word) => word.isActive)) {
      expect(row.example).toContain(`**${row.spanish}**`);
      expect(row.exampleTranslation).toContain('**');
      expect(row.audioData).toMatch(CLIP_PATH);
    }
    expect(rows.find((row) => !row.isActive)?.example).toBe('Oculto **gato**.');
    // Two chunks of at most 20 words.
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(2);

    // The job is the owner's: another learner neither reads nor cancels it.
    expect((await send(stranger, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await send(stranger, 'POST', `/api/words/job/${jobId}/cancel`)).statusCode).toBe(404);
  });

  it('clears pictures whose media is gone or whose link is dead, and keeps the rest', async () => {
    const learner = await registerUser(testApp.app);
    const [kept] = await seedWords(learner, [{ spanish: 'el perro', russian: 'собака' }]);
    const stored = (await send(learner, 'POST', `/api/words/${kept}/regenerate-image`, {})).json<{
      imageUrl: string;
    }>().imageUrl;
    // Media another learner owns is not this learner's, even if it exists.
    const strangersWord = (await seedWords(stranger, [{ spanish: 'el árbol' }]))[0]!;
    const foreign = (await send(stranger, 'POST', `/api/words/${strangersWord}/regenerate-image`, {})).json<{
      imageUrl: string;
    }>().imageUrl;
    const dataUrl = 'data:image/png;base64,iVBORw0KGgo=';
    const ids = await seedWords(learner, [
      { spanish: 'missing', imageUrl: missingMedia('d') },
      { spanish: 'malformed', imageUrl: '/media/not-a-hash.png' },
      { spanish: 'foreign', imageUrl: foreign },
      { spanish: 'alive', imageUrl: `${linkOrigin}/alive.png` },
      { spanish: 'get-only', imageUrl: `${linkOrigin}/get-only.png` },
      { spanish: 'dead', imageUrl: `${linkOrigin}/gone.png` },
      { spanish: 'data', imageUrl: dataUrl },
      { spanish: 'none' },
    ]);
    await testApp.database.db.insert(generatedImages).values([
      { userId: learner.id, wordId: kept!, imageUrl: missingMedia('e') },
      { userId: learner.id, wordId: kept!, imageUrl: `${linkOrigin}/gone-too.png` },
    ]);

    const started = await send(learner, 'POST', '/api/words/clear-expired-images');
    expect(started.statusCode).toBe(200);
    const { jobId, totalWords } = started.json<{ jobId: string; totalWords: number }>();
    expect(totalWords).toBe(8);
    const job = await waitForJob(learner, jobId);
    expect(job.status).toBe('completed');
    // Ten references checked; five words and two library rows lost theirs.
    expect(job.results).toEqual({ processed: 10, changed: 6, failed: 0, errors: [] });

    const byName = new Map((await wordsOf(learner)).map((row) => [row.spanish, row.imageUrl]));
    expect(Object.fromEntries(byName)).toEqual({
      'el perro': stored,
      missing: null,
      malformed: null,
      foreign: null,
      alive: `${linkOrigin}/alive.png`,
      'get-only': `${linkOrigin}/get-only.png`,
      dead: null,
      data: dataUrl,
      none: null,
    });
    expect((await picturesOf(kept!)).map((row) => row.imageUrl)).toEqual([stored]);
    expect(ids).toHaveLength(8);
    // The other learner's word and picture are untouched.
    expect((await wordById(strangersWord))?.imageUrl).toBe(foreign);
  });

  it('regenerates every picture with the built-in provider when there is no key', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedWords(learner, [
      { spanish: 'el perro', imageUrl: missingMedia('f') },
      { spanish: 'la casa' },
      { spanish: 'el gato', isActive: false },
    ]);
    const started = await send(learner, 'POST', '/api/words/regenerate-all-images');
    expect(started.json()).toEqual({ jobId: expect.any(String), totalWords: 3, regeneratedCount: 3 });
    const job = await waitForJob(learner, started.json<{ jobId: string }>().jobId);
    expect(job).toMatchObject({
      kind: 'regenerate-all-images',
      status: 'completed',
      results: { processed: 3, changed: 3, failed: 0, errors: [] },
    });
    for (const id of ids) {
      const row = await wordById(id);
      expect(row?.imageUrl).toMatch(MEDIA_PATH);
      expect((await picturesOf(id)).map((picture) => picture.imageUrl)).toEqual([row?.imageUrl]);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('draws only the missing pictures, through Leonardo with a key', async () => {
    const owner = await registerUser(testApp.app);
    expect(
      (await send(owner, 'POST', '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' })).json(),
    ).toEqual({ valid: true });
    const [withPicture, withoutPicture, emptyPicture] = await seedWords(owner, [
      { spanish: 'el perro', imageUrl: missingMedia('7') },
      { spanish: 'la casa' },
      { spanish: 'el sol', imageUrl: '' },
    ]);
    const started = await send(owner, 'POST', '/api/words/generate-missing-images');
    expect(started.json()).toEqual({ jobId: expect.any(String), totalWords: 2, generated: 2 });
    const job = await waitForJob(owner, started.json<{ jobId: string }>().jobId);
    expect(job.results).toEqual({ processed: 2, changed: 2, failed: 0, errors: [] });
    expect((await wordById(withPicture!))?.imageUrl).toBe(missingMedia('7'));
    expect((await wordById(withoutPicture!))?.imageUrl).toMatch(MEDIA_PATH);
    expect((await wordById(emptyPicture!))?.imageUrl).toMatch(MEDIA_PATH);
    expect(fake.requestsTo('leonardo', '/generations').length).toBeGreaterThanOrEqual(2);
  });

  // docs/product/providers.md#fallback: a refused key leaves no word blank; the reason is still reported.
  it('draws built-in pictures and reports the reason when the image key is refused', async () => {
    const owner = await registerUser(testApp.app);
    expect(
      (await send(owner, 'POST', '/api/validate-leonardo-key', { apiKey: 'leo-test-valid' })).json(),
    ).toEqual({ valid: true });
    await seedWords(owner, [{ spanish: 'la casa' }, { spanish: 'la mesa' }]);
    fake.removeKey('leonardo', 'leo-test-valid');
    const started = await send(owner, 'POST', '/api/words/generate-missing-images');
    const job = await waitForJob(owner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    expect(job.error).toBeNull();
    expect(job.results).toMatchObject({ processed: 2, changed: 2, failed: 0 });
    expect(job.results?.errors).toContainEqual(
      expect.objectContaining({ code: 'provider_invalid_key', params: { provider: 'leonardo' } }),
    );
    expect(
      (await wordsOf(owner)).every((row) => /^\/media\/[0-9a-f]{64}\.\w+$/.test(row.imageUrl ?? '')),
    ).toBe(true);
  });

  it('fills missing tags with local rules without a language model', async () => {
    const learner = await registerUser(testApp.app);
    const [caminar, rapidamente, tagged] = await seedWords(learner, [
      { spanish: 'caminar' },
      { spanish: 'rápidamente', partOfSpeech: 'adverb' },
      { spanish: 'el perro', cefrLevel: 'A1', partOfSpeech: 'noun', themeCategory: 'animales' },
    ]);
    const started = await send(learner, 'POST', '/api/words/update-tags');
    expect(started.json()).toEqual({ jobId: expect.any(String), totalWords: 2, updated: 2, total: 3 });
    const job = await waitForJob(learner, started.json<{ jobId: string }>().jobId);
    expect(job.results).toEqual({ processed: 2, changed: 1, failed: 0, errors: [] });
    expect(await wordById(caminar!)).toMatchObject({
      partOfSpeech: 'verb',
      cefrLevel: null,
      themeCategory: null,
    });
    expect(await wordById(rapidamente!)).toMatchObject({ partOfSpeech: 'adverb', cefrLevel: null });
    expect(await wordById(tagged!)).toMatchObject({ cefrLevel: 'A1', themeCategory: 'animales' });
    expect(fake.requests).toHaveLength(0);
  });

  it('fills missing tags from the language model and links the theme', async () => {
    const owner = await registerUser(testApp.app);
    expect(
      (await send(owner, 'POST', '/api/validate-openai-key', { apiKey: 'sk-test-valid' })).json(),
    ).toEqual({
      valid: true,
    });
    const [perro, comer] = await seedWords(owner, [
      { spanish: 'el perro' },
      { spanish: 'comer', partOfSpeech: 'verb', cefrLevel: 'B2' },
    ]);
    const started = await send(owner, 'POST', '/api/words/update-tags');
    const job = await waitForJob(owner, started.json<{ jobId: string }>().jobId);
    expect(job.results).toEqual({ processed: 2, changed: 2, failed: 0, errors: [] });
    expect(await wordById(perro!)).toMatchObject({
      cefrLevel: 'A1',
      partOfSpeech: 'noun',
      themeCategory: 'animals',
    });
    // Tags the word had are kept; only the missing theme is added.
    expect(await wordById(comer!)).toMatchObject({
      cefrLevel: 'B2',
      partOfSpeech: 'verb',
      themeCategory: 'food',
    });
    const links = await testApp.database.db
      .select({ wordId: wordThemes.wordId, name: themes.name })
      .from(wordThemes)
      .innerJoin(themes, eq(themes.id, wordThemes.themeId))
      .where(inArray(wordThemes.wordId, [perro!, comer!]));
    expect(links.map((link) => [link.wordId, link.name]).sort()).toEqual(
      [
        [perro, 'animals'],
        [comer, 'food'],
      ].sort(),
    );
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(1);
  });
});

describe('instant maintenance actions', () => {
  it("deletes the learner's audio references and cached clips, and nobody else's", async () => {
    const learner = await registerUser(testApp.app);
    // Its own other learner: the count of their cached clips below is this test's alone.
    const stranger = await registerUser(testApp.app);
    const clip = (digit: string) => `/media/${digit.repeat(64)}.mp3`;
    const [first, second] = await seedWords(learner, [
      { spanish: 'uno', audioData: clip('1'), russianAudioData: clip('2'), secondVoiceAudioData: clip('3') },
      { spanish: 'dos', audioData: clip('1') },
      { spanish: 'tres' },
    ]);
    const [strangersWord] = await seedWords(stranger, [{ spanish: 'cuatro', audioData: clip('1') }]);
    const cacheRow = (user: TestUser, text: string, audioData: string) => ({
      userId: user.id,
      text,
      language: 'es-MX',
      voiceId: 'voice',
      audioData,
    });
    await testApp.database.db
      .insert(audioFiles)
      .values([
        cacheRow(learner, 'uno', clip('1')),
        cacheRow(learner, 'cinco', clip('4')),
        cacheRow(stranger, 'x', clip('5')),
      ]);

    const response = await send(learner, 'DELETE', '/api/words/audio/all');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 4, message: 'Удалено аудиофайлов: 4' });
    for (const id of [first!, second!]) {
      expect(await wordById(id)).toMatchObject({
        audioData: null,
        russianAudioData: null,
        secondVoiceAudioData: null,
      });
    }
    expect(
      await testApp.database.db.select().from(audioFiles).where(eq(audioFiles.userId, learner.id)),
    ).toHaveLength(0);
    expect(
      await testApp.database.db.select().from(audioFiles).where(eq(audioFiles.userId, stranger.id)),
    ).toHaveLength(1);
    expect((await wordById(strangersWord!))?.audioData).toBe(clip('1'));

    expect((await send(learner, 'DELETE', '/api/words/audio/all')).json()).toMatchObject({ deletedCount: 0 });
  });

  it("resets the learner's listen counts only", async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedWords(learner, [
      { spanish: 'uno', attempts: 5, listenCount: 7 },
      { spanish: 'dos', attempts: 0, listenCount: 3 },
      { spanish: 'tres' },
    ]);
    const [strangersWord] = await seedWords(stranger, [{ spanish: 'cuatro', attempts: 9, listenCount: 9 }]);
    const response = await send(learner, 'POST', '/api/words/reset-listen-count');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reset: 2, message: expect.any(String), undoToken: expect.any(String) });
    for (const id of ids) expect(await wordById(id)).toMatchObject({ attempts: 0, listenCount: 0 });
    expect(await wordById(strangersWord!)).toMatchObject({ attempts: 9, listenCount: 9 });
  });

  it('deletes the words without a picture, of this learner only', async () => {
    const learner = await registerUser(testApp.app);
    await seedWords(learner, [
      { spanish: 'uno', imageUrl: missingMedia('1') },
      { spanish: 'dos' },
      { spanish: 'tres', imageUrl: '' },
    ]);
    const [strangersWord] = await seedWords(stranger, [{ spanish: 'cuatro' }]);
    const response = await send(learner, 'POST', '/api/words/delete-without-images');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deletedCount: 2 });
    expect((await wordsOf(learner)).map((row) => row.spanish)).toEqual(['uno']);
    expect(await wordById(strangersWord!)).toBeDefined();
  });

  it('answers a message with a bulk delete', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedWords(learner, [{ spanish: 'uno' }, { spanish: 'dos' }]);
    const [strangersWord] = await seedWords(stranger, [{ spanish: 'tres' }]);
    const response = await send(learner, 'DELETE', '/api/words', { wordIds: [...ids, strangersWord!] });
    expect(response.json()).toEqual({ deleted: 2, message: 'Удалено слов: 2' });
    expect(await wordsOf(learner)).toHaveLength(0);
    expect(await wordById(strangersWord!)).toBeDefined();
  });
});

describe('the word list', () => {
  it('answers every word exactly as a single word is answered, newest first, filtered by its owner', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedWords(learner, [
      {
        spanish: 'el perro',
        russian: 'собака "верная"',
        example: 'Mi **perro** dice "guau"\\n.',
        exampleTranslation: 'Моя **собака**',
        cefrLevel: 'A1',
        partOfSpeech: 'noun',
        themeCategory: 'animales',
        imageUrl: missingMedia('9'),
        attempts: 3,
        createdAt: new Date('2025-03-01T10:00:00.123Z'),
      },
      {
        spanish: 'caminar',
        isActive: false,
        disabledAt: new Date('2025-03-02T00:00:00Z'),
        createdAt: new Date('2025-03-02T10:00:00Z'),
      },
    ]);
    await seedWords(stranger, [{ spanish: 'ajeno' }]);
    const listed = exactWordListSchema.parse((await send(learner, 'GET', '/api/words')).json());
    expect(listed.map((word) => word.id)).toEqual([ids[1], ids[0]]);
    for (const word of listed) {
      const single = (
        await send(learner, 'PUT', `/api/words/${word.id}`, { attempts: word.attempts })
      ).json();
      expect(word).toEqual(single);
    }
    const filtered = (await send(learner, 'GET', '/api/words?cefrLevel=A1&search=PERR')).json<
      Array<{ id: number }>
    >();
    expect(filtered.map((word) => word.id)).toEqual([ids[0]]);
    const matches = await testApp.database.db
      .select({ id: words.id })
      .from(words)
      .where(and(eq(words.userId, learner.id), eq(words.isActive, false)));
    expect(matches.map((row) => row.id)).toEqual([ids[1]]);
  });

  it('answers every change to the words at once, whichever way it was made', async () => {
    const learner = await registerUser(testApp.app);
    const list = async () =>
      exactWordListSchema
        .parse((await send(learner, 'GET', '/api/words')).json())
        .map((word) => word.spanish);
    expect(await list()).toEqual([]);
    const [first] = await seedWords(learner, [{ spanish: 'uno' }]);
    expect(await list()).toEqual(['uno']);
    expect(await list()).toEqual(['uno']);
    // A write outside the words module (a job, another server instance) is seen too.
    await testApp.database.db.update(words).set({ spanish: 'otro' }).where(eq(words.id, first!));
    expect(await list()).toEqual(['otro']);
    await send(learner, 'PUT', `/api/words/${first}`, { spanish: 'uno' });
    expect(await list()).toEqual(['uno']);
    await seedWords(stranger, [{ spanish: 'ajeno' }]);
    expect(await list()).toEqual(['uno']);
    await testApp.database.db.delete(words).where(eq(words.id, first!));
    expect(await list()).toEqual([]);
    const recent = await send(learner, 'GET', '/api/words?limit=1');
    expect(recent.headers['content-type']).toMatch(/^application\/json/);
    expect(recent.json()).toEqual([]);
  });
});
