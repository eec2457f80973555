import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { audiobookSentences } from '../../src/server/db/schema';
import { revoiceResponseSchema, revoiceSummarySchema } from '../../src/shared/api/audiobook-player';
import { sentenceAudioResponseSchema, sentenceListSchema } from '../../src/shared/api/audiobooks';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import { cardAudioSchema } from '../../src/shared/api/learn';
import { generateAudioResponseSchema } from '../../src/shared/api/providers';
import { seedAudiobook } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { seedWords } from '../support/word-seeds';

/*
 * Clips and the learner's settings (docs/product/audiobooks.md#clips-and-the-learners-settings): a
 * sentence's clip keeps the voice, speed, intonation and model it was made with; after the learner changes
 * them, a built-in clip is made again when played, a paid provider's clip only by the re-voicing job the
 * learner confirms (the fake provider's request log shows every paid call); the learner's other books and
 * other learners keep theirs. Learn's word clips go through the audio cache keyed by voice and speed (D9).
 */

let fake: FakeProviders;
let testApp: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({ providerBaseUrls: fake.providerBaseUrls, runsJobs: true });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const db = () => testApp.database.db;
type Method = 'GET' | 'POST' | 'PUT';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function putSettings(user: TestUser, settings: object) {
  expect((await call(user, 'PUT', '/api/settings', settings)).statusCode).toBe(200);
}

const BOOK = [
  { spanish: 'El perro corre por el parque.', russian: 'Собака бежит по парку.' },
  { spanish: 'La niña lee un libro.', russian: 'Девочка читает книгу.' },
  { spanish: 'El sol brilla sobre la casa.', russian: 'Солнце светит над домом.' },
];
const OTHER_BOOK = [
  { spanish: 'Mi madre cocina la cena.', russian: 'Моя мама готовит ужин.' },
  { spanish: 'El tren llega a la ciudad.', russian: 'Поезд прибывает в город.' },
];

async function bookOf(learner: TestUser, sentences: typeof BOOK) {
  const bookId = await seedAudiobook(db(), learner.id, { title: 'Un día', sentences });
  return { bookId, sentences: await listed(learner, bookId) };
}

const listed = async (learner: TestUser, bookId: number) =>
  sentenceListSchema.parse((await call(learner, 'GET', `/api/audiobooks/${bookId}/sentences`)).json());

async function clipOf(learner: TestUser, bookId: number, sentenceId: number, voiceType: string) {
  const answer = await call(
    learner,
    'GET',
    `/api/audiobooks/${bookId}/sentences/${sentenceId}/audio?voiceType=${voiceType}`,
  );
  expect(answer.statusCode).toBe(200);
  return sentenceAudioResponseSchema.parse(answer.json());
}

/** Each of the book's sentences with all three clips, as playing it through bilingually leaves it. */
async function playThrough(learner: TestUser, bookId: number) {
  for (const sentence of await listed(learner, bookId)) {
    const answer = await call(
      learner,
      'POST',
      `/api/audiobooks/${bookId}/sentences/${sentence.id}/audio`,
      {},
    );
    expect(answer.statusCode).toBe(200);
  }
}

const rowsOf = (learner: TestUser, bookId: number) =>
  db()
    .select()
    .from(audiobookSentences)
    .where(and(eq(audiobookSentences.userId, learner.id), eq(audiobookSentences.audiobookId, bookId)))
    .orderBy(audiobookSentences.orderIndex);

const summaryOf = async (learner: TestUser, bookId: number) =>
  revoiceSummarySchema.parse((await call(learner, 'GET', `/api/audiobooks/${bookId}/revoice`)).json());

async function waitForJob(user: TestUser, jobId: string): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = jobSchema.parse((await call(user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

/** The paid speech calls the fake ElevenLabs received, with the text and speed of each. */
const paidSpeech = () =>
  fake.requestsTo('elevenlabs', '/v1/text-to-speech').map((request) => {
    const body = request.body as { text: string; voice_settings: { speed: number } };
    return { text: body.text, speed: body.voice_settings.speed };
  });

describe('a sentence’s built-in clips', () => {
  it('keep the settings they were made with and are made again when played after the learner changes them', async () => {
    const learner = await registerUser(testApp.app);
    const { bookId, sentences } = await bookOf(learner, BOOK);
    const other = await bookOf(learner, OTHER_BOOK);
    const stranger = await registerUser(testApp.app);
    const strangers = await bookOf(stranger, BOOK);
    for (const [user, id] of [
      [learner, bookId],
      [learner, other.bookId],
      [stranger, strangers.bookId],
    ] as const)
      await playThrough(user, id);

    const before = await rowsOf(learner, bookId);
    for (const row of before) {
      expect(row).toMatchObject({
        speechSpeed: 1,
        secondVoiceSpeechSpeed: 1,
        russianSpeechSpeed: 1,
        intonationStyle: 'excited-female',
        secondVoiceIntonationStyle: 'excited-female',
        russianIntonationStyle: 'excited-female',
      });
      for (const value of [
        row.mainVoiceId,
        row.secondVoiceId,
        row.russianVoiceId,
        row.model,
        row.secondVoiceModel,
        row.russianModel,
      ])
        expect(value).toMatch(/\S/);
    }
    const otherBefore = await rowsOf(learner, other.bookId);
    const strangerBefore = await rowsOf(stranger, strangers.bookId);
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: 0, freeClips: 0 });

    await putSettings(learner, { speechSpeed: 1.2 });
    // Made with the old speed and free to make again: the player is told to ask for them.
    expect(
      (await listed(learner, bookId)).map((s) => [s.audioData, s.secondVoiceAudioData, s.russianAudioData]),
    ).toEqual(BOOK.map(() => [null, null, null]));
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: 0, freeClips: BOOK.length * 3 });

    const first = sentences[0]!;
    const remade = await clipOf(learner, bookId, first.id, 'main');
    expect(remade).toMatchObject({ success: true, cached: false });
    expect(remade.audio).toMatch(/^\/media\//);
    expect(remade.audio).not.toBe(before[0]!.audioData);
    const [firstAfter] = await rowsOf(learner, bookId);
    expect(firstAfter).toMatchObject({
      audioData: remade.audio,
      speechSpeed: expect.closeTo(1.2, 5) as number,
      // Only the clip asked for: the others are made again when they are asked for.
      secondVoiceAudioData: before[0]!.secondVoiceAudioData,
      secondVoiceSpeechSpeed: 1,
    });
    expect((await listed(learner, bookId))[0]!.audioData).toBe(remade.audio);
    expect(await clipOf(learner, bookId, first.id, 'main')).toMatchObject({
      audio: remade.audio,
      cached: true,
    });

    // The learner's other book is not touched until it is played; another learner's never.
    expect(await rowsOf(learner, other.bookId)).toEqual(otherBefore);
    expect(await rowsOf(stranger, strangers.bookId)).toEqual(strangerBefore);
    expect((await listed(stranger, strangers.bookId)).map((s) => s.audioData)).toEqual(
      strangerBefore.map((row) => row.audioData),
    );

    // Back to the first speed: the audio cache still holds those clips (D9), so nothing is synthesised.
    await putSettings(learner, { speechSpeed: 1 });
    expect((await listed(learner, bookId))[0]!.audioData).toBeNull();
    expect((await listed(learner, bookId))[1]!.audioData).toBe(before[1]!.audioData);
    expect(await clipOf(learner, bookId, first.id, 'main')).toMatchObject({
      audio: before[0]!.audioData,
      cached: true,
    });

    // A voice change is a change too: the first Spanish clips are made again in the new voice.
    expect(before[1]!.mainVoiceId).not.toBe('builtin:es-419-f1');
    await putSettings(learner, { spanishVoices: ['builtin:es-419-f1'] });
    const inNewVoice = await clipOf(learner, bookId, sentences[1]!.id, 'main');
    expect(inNewVoice.audio).not.toBe(before[1]!.audioData);
    expect((await rowsOf(learner, bookId))[1]!.mainVoiceId).toBe('builtin:es-419-f1');
  });
});

describe('a sentence’s clips by a paid provider', () => {
  it('are made again only after the learner confirms re-voicing the book, one call per clip', async () => {
    const learner = await registerUser(testApp.app);
    await putSettings(learner, { elevenlabsApiKey: 'el-test-valid' });
    const { bookId, sentences } = await bookOf(learner, BOOK);
    const other = await bookOf(learner, OTHER_BOOK);
    // The first Spanish voice of every sentence, as creation makes it with a speech key.
    for (const [id, list] of [
      [bookId, sentences],
      [other.bookId, other.sentences],
    ] as const)
      for (const sentence of list)
        expect((await clipOf(learner, id, sentence.id, 'main')).success).toBe(true);
    expect(paidSpeech()).toHaveLength(BOOK.length + OTHER_BOOK.length);
    expect(paidSpeech().every((request) => request.speed === 1)).toBe(true);
    const before = await rowsOf(learner, bookId);
    const otherBefore = await rowsOf(learner, other.bookId);
    fake.clearRequests();

    await putSettings(learner, { speechSpeed: 1.2 });
    // Listed and played as they are: making them again would be a paid call nobody confirmed.
    expect((await listed(learner, bookId)).map((s) => s.audioData)).toEqual(before.map((r) => r.audioData));
    for (const sentence of sentences)
      expect(await clipOf(learner, bookId, sentence.id, 'main')).toMatchObject({
        audio: before[sentence.orderIndex]!.audioData,
        cached: true,
      });
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: BOOK.length, freeClips: 0 });
    expect(paidSpeech()).toEqual([]);

    // Another learner can neither count nor re-voice the book.
    const stranger = await registerUser(testApp.app);
    expect((await call(stranger, 'GET', `/api/audiobooks/${bookId}/revoice`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/audiobooks/${bookId}/revoice`)).statusCode).toBe(404);
    expect(paidSpeech()).toEqual([]);

    const started = await call(learner, 'POST', `/api/audiobooks/${bookId}/revoice`);
    expect(started.statusCode).toBe(200);
    const job = await waitForJob(learner, revoiceResponseSchema.parse(started.json()).jobId);
    expect(job).toMatchObject({
      kind: 'revoice-audiobook',
      status: 'completed',
      results: { audiobookId: bookId, revoicedCount: BOOK.length, failedCount: 0 },
    });
    // One paid call per sentence, in the new speed.
    const calls = paidSpeech();
    expect(calls).toHaveLength(BOOK.length);
    expect(calls.every((request) => request.speed === 1.2)).toBe(true);
    expect(new Set(calls.map((request) => request.text)).size).toBe(BOOK.length);
    for (const row of await rowsOf(learner, bookId)) {
      expect(row.speechSpeed).toBeCloseTo(1.2, 5);
      expect(row.mainVoiceId).toBe(before[row.orderIndex]!.mainVoiceId);
    }
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: 0, freeClips: 0 });

    // Re-voicing again finds nothing to pay for; the learner's other book kept its clips and still counts.
    fake.clearRequests();
    const again = await call(learner, 'POST', `/api/audiobooks/${bookId}/revoice`);
    expect(await waitForJob(learner, revoiceResponseSchema.parse(again.json()).jobId)).toMatchObject({
      status: 'completed',
      results: { revoicedCount: 0, failedCount: 0 },
    });
    expect(paidSpeech()).toEqual([]);
    expect(await rowsOf(learner, other.bookId)).toEqual(otherBefore);
    expect(await summaryOf(learner, other.bookId)).toEqual({ paidClips: OTHER_BOOK.length, freeClips: 0 });

    // A voice style the provider acts out makes other clips too (docs/product/providers.md#voice-style).
    await putSettings(learner, { defaultVoiceStyle: 'calm' });
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: BOOK.length, freeClips: 0 });
    const styled = await call(learner, 'POST', `/api/audiobooks/${bookId}/revoice`);
    expect(await waitForJob(learner, revoiceResponseSchema.parse(styled.json()).jobId)).toMatchObject({
      status: 'completed',
      results: { revoicedCount: BOOK.length, failedCount: 0 },
    });
    expect(paidSpeech()).toHaveLength(BOOK.length);
    expect(await summaryOf(learner, bookId)).toEqual({ paidClips: 0, freeClips: 0 });
  });
});

describe('Learn’s word clips', () => {
  it('go through the audio cache keyed by voice and speed', async () => {
    const learner = await registerUser(testApp.app);
    await putSettings(learner, { spanishVoices: ['builtin:es-419-m1'] });
    const [wordId] = await seedWords(db(), learner.id, [{ spanish: 'el perro', russian: 'собака' }]);
    const card = cardAudioSchema.parse((await call(learner, 'GET', `/api/words/${wordId}/audio`)).json());
    expect(card.audioData).toMatch(/^\/media\//);

    const generate = async (user: TestUser, voiceId: string, speed: number) => {
      const answer = await call(user, 'POST', '/api/generate-audio', {
        text: 'el perro',
        voiceId,
        language: 'es-MX',
        speed,
        // As Learn sends it: the learner's intonation is part of the key too.
        intonationStyle: 'excited-female',
        wordId: user === learner ? wordId : undefined,
        voiceType: user === learner ? 'spanish1' : undefined,
      });
      expect(answer.statusCode).toBe(200);
      return generateAudioResponseSchema.parse(answer.json());
    };
    // Learn's own request for the first voice at the speed it was made in: the cached clip.
    expect(await generate(learner, 'builtin:es-419-m1', 1)).toMatchObject({
      audio: card.audioData,
      cached: true,
    });
    // Another speed is another clip, kept on the word for the next play…
    await putSettings(learner, { speechSpeed: 0.8 });
    const slower = await generate(learner, 'builtin:es-419-m1', 0.8);
    expect(slower.cached).toBe(false);
    expect(slower.audio).not.toBe(card.audioData);
    const word = cardAudioSchema.parse((await call(learner, 'GET', `/api/words/${wordId}/audio`)).json());
    expect(word.audioData).toBe(slower.audio);
    // …and so is another voice; each is cached on its own.
    const otherVoice = await generate(learner, 'builtin:es-ES-m3', 0.8);
    expect(otherVoice.cached).toBe(false);
    expect(otherVoice.audio).not.toBe(slower.audio);
    expect(await generate(learner, 'builtin:es-419-m1', 0.8)).toMatchObject({
      audio: slower.audio,
      cached: true,
    });
    expect(await generate(learner, 'builtin:es-419-m1', 1)).toMatchObject({
      audio: card.audioData,
      cached: true,
    });
    // The cache is the learner's: another learner's same request is synthesised for them.
    const stranger = await registerUser(testApp.app);
    expect((await generate(stranger, 'builtin:es-419-m1', 1)).cached).toBe(false);
  });
});
