import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import {
  audiobookSentences,
  audiobookWordsUsed,
  reviewCards,
  jobsTable,
  words,
} from '../../src/server/db/schema';
import {
  audiobookSchema,
  createAudiobookResponseSchema,
  genreListSchema,
  sentenceAudioResponseSchema,
  sentenceListSchema,
} from '../../src/shared/api/audiobooks';
import { CREATION_STEPS } from '../../src/shared/api/audiobook-jobs';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import { emptyJobProgress } from '../../src/shared/realtime';
import { seedGenre } from '../support/audiobook-seeds';
import {
  buildTestApp,
  registerUser,
  TEST_APP_SECRET,
  type TestApp,
  type TestUser,
} from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { connectRealtime } from '../support/realtime-client';
import { seedWords } from '../support/word-seeds';

/*
 * Writing a book against the fake providers (docs/product/audiobooks.md#creation): the eight steps, the
 * counters, word choice, the settings that shape it, faults the model makes, and a restart mid-story.
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
const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const SPANISH = [
  'el perro',
  'el gato',
  'la casa',
  'el libro',
  'la mesa',
  'el agua',
  'la luna',
  'el sol',
  'la noche',
  'el bosque',
  'la ciudad',
  'el camino',
  'la puerta',
  'el tren',
  'la carta',
  'el barco',
  'la llave',
  'el río',
  'la montaña',
  'el viento',
  'la lluvia',
  'el fuego',
  'la flor',
  'el árbol',
  'la playa',
];

/** A learner with `count` words and an OpenAI key (the fake's), optionally with settings of their own. */
async function writer(options: { count?: number; settings?: object; key?: boolean } = {}) {
  const learner = await registerUser(testApp.app);
  const count = options.count ?? SPANISH.length;
  const ids =
    count === 0
      ? []
      : await seedWords(
          db(),
          learner.id,
          SPANISH.slice(0, count).map((spanish, index) => ({
            spanish,
            russian: `слово${index}`,
          })),
        );
  if (options.key !== false) {
    expect(
      (await call(learner, 'PUT', '/api/settings', { openaiApiKey: 'sk-test-valid', ...options.settings }))
        .statusCode,
    ).toBe(200);
  } else if (options.settings) {
    await call(learner, 'PUT', '/api/settings', options.settings);
  }
  const genres = genreListSchema.parse((await call(learner, 'GET', '/api/audiobook-genres')).json());
  return { learner, wordIds: ids, genreId: genres[0]!.id };
}

async function waitForJob(user: TestUser, jobId: string, app = testApp.app): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/jobs/${jobId}`,
        headers: { cookie: user.cookie },
      });
      const job = jobSchema.parse(answer.json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

const create = (user: TestUser, payload: object) => call(user, 'POST', '/api/audiobooks', payload);
const bookOf = async (user: TestUser, id: number) =>
  audiobookSchema.parse((await call(user, 'GET', `/api/audiobooks/${id}`)).json());
const sentencesOf = async (user: TestUser, id: number) =>
  sentenceListSchema.parse((await call(user, 'GET', `/api/audiobooks/${id}/sentences`)).json());
const countersOf = (job: Job) => {
  if (job.kind !== 'create-audiobook' || !job.results)
    throw new Error(`no creation results: ${JSON.stringify(job)}`);
  return job.results.counters;
};

describe('creating a book', () => {
  it('answers at once, runs the eight steps with their counters and ends with a ready book', async () => {
    const { learner, genreId } = await writer();
    const socket = await connectRealtime(testApp.app, learner.cookie);
    const answer = await create(learner, {
      genreIds: [genreId],
      grammarLevel: 'A2',
      targetWordCount: 400,
      jobId: 'mine',
    });
    expect(answer.statusCode).toBe(201);
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(answer.json());
    expect(jobId).not.toBe('mine');
    expect(audiobook).toMatchObject({
      status: 'processing',
      grammarLevel: 'A2',
      targetWordCount: 400,
      genreIds: [genreId],
      jobId,
    });

    const job = await waitForJob(learner, jobId);
    expect(job.status).toBe('completed');
    const counters = countersOf(job);
    const last = await socket.waitFor(
      (message): message is Extract<typeof message, { type: 'jobProgress' }> =>
        message.type === 'jobProgress' && message.jobId === jobId && message.status === 'completed',
    );
    socket.close();
    expect(last.progress.stages?.map((stage) => stage.name)).toEqual([...CREATION_STEPS]);
    expect(last.progress).toMatchObject({ total: 8, processed: 8 });
    expect(last.progress.counters).toEqual(counters);

    const book = await bookOf(learner, audiobook.id);
    const sentences = await sentencesOf(learner, audiobook.id);
    expect(book.status).toBe('ready');
    expect(book.title).toMatch(/^Historia: /);
    expect(sentences.map((sentence) => sentence.orderIndex)).toEqual(sentences.map((_, index) => index));
    expect(book.sentenceCount).toBe(sentences.length);
    // 400 words: two chapters, each one model call.
    expect(counters).toMatchObject({
      chaptersGenerated: 2,
      languageModelRequests: 2,
      sentencesSaved: sentences.length,
      translationsStored: sentences.length,
      clipsRequested: sentences.length,
    });
    expect(counters.languageModelTokens).toBe(
      fake.openaiTokenUsage.promptTokens + fake.openaiTokenUsage.completionTokens,
    );
    expect(counters.speechRequests).toBe(fake.requestsTo('openai', '/audio/speech').length);
    // The first voice of every sentence was made during creation; a picture on every third.
    expect(sentences.every((sentence) => sentence.audioData?.startsWith('/media/'))).toBe(true);
    // Each keeps the settings it was made with (docs/product/audiobooks.md#clips-and-the-learners-settings).
    const rows = await db()
      .select()
      .from(audiobookSentences)
      .where(eq(audiobookSentences.audiobookId, audiobook.id));
    for (const row of rows) {
      expect(row).toMatchObject({ speechSpeed: 1, intonationStyle: 'excited-female' });
      expect(row.mainVoiceId).toMatch(/^openai:/);
      expect(row.model).toMatch(/\S/);
    }
    const pictured = sentences.filter((sentence) => sentence.imageData !== null);
    expect(pictured.map((sentence) => sentence.orderIndex)).toEqual(
      sentences.filter((sentence) => sentence.orderIndex % 3 === 0).map((sentence) => sentence.orderIndex),
    );
    expect(counters.imagesStored).toBe(pictured.length);
    expect(book.imageCount).toBe(pictured.length);
    expect(book.coverImageData).toBe(sentences[0]!.imageData);

    // The words used are verified in the sentences and linked, so the dictionary's badge counts them.
    const used = await db()
      .select()
      .from(audiobookWordsUsed)
      .where(eq(audiobookWordsUsed.audiobookId, audiobook.id));
    expect(used.length).toBe(counters.wordsUsed);
    expect(book.activeWordsUsed).toBe(used.length);
    expect(book.totalActiveWords).toBe(SPANISH.length);
    const badged = await db()
      .select()
      .from(words)
      .where(and(eq(words.userId, learner.id), eq(words.audiobookUsageCount, 1)));
    expect(badged.map((word) => word.id).sort()).toEqual(used.map((row) => row.wordId).sort());
    expect(book.actualWordCountSpanish).toBeGreaterThan(0);
  });

  it('finishes despite a chapter that fails once and one answered with malformed JSON', async () => {
    const { learner, genreId } = await writer();
    fake.failNext('openai', 'server_error', { path: '/chat/completions', times: 3 });
    fake.setChatAnswer('{"title": "Roto", "summary": "x", "sentences": [{"spanish": ', { times: 1 });
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 600 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(job.status).toBe('completed');
    const counters = countersOf(job);
    expect(counters.chaptersGenerated).toBe(3);
    expect(counters.languageModelRequests).toBeGreaterThan(3);
    const sentences = await sentencesOf(learner, audiobook.id);
    expect(sentences.map((sentence) => sentence.orderIndex)).toEqual(sentences.map((_, index) => index));
    expect((await bookOf(learner, audiobook.id)).status).toBe('ready');
  });

  it('a story the model cannot write leaves the book failed with its error, never ready', async () => {
    const { learner, genreId } = await writer();
    fake.setBehaviour('openai', 'malformed_json', { path: '/chat/completions' });
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 200 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(job.status).toBe('failed');
    expect(job.error?.code).toBe('audiobook_story_failed');
    const book = await bookOf(learner, audiobook.id);
    expect(book.status).toBe('failed');
    expect(book.error?.code).toBe('audiobook_story_failed');
  });

  it('asks first for the words due for spaced repetition and counts those the story uses', async () => {
    const { learner, genreId, wordIds } = await writer();
    const due = wordIds.slice(-3);
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    for (const id of due) {
      await db()
        .update(words)
        .set({ disabledAt: longAgo, isSpacedRepetitionActive: true, spacedRepetitionDay: 0 })
        .where(eq(words.id, id));
    }
    // A short book asks for few words: the due ones must be among them although they are listed last.
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 100 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(countersOf(job).dueWordsUsed).toBe(3);
    const prompt = JSON.stringify(fake.requestsTo('openai', '/chat/completions')[0]!.body);
    for (const spanish of SPANISH.slice(-3)) expect(prompt).toContain(spanish);
    expect(prompt).not.toContain(SPANISH[20]);
    const book = await bookOf(learner, audiobook.id);
    expect(book.passiveWordsUsed).toBe(3);
    expect(book.totalPassiveWords).toBe(3);
  });

  it('never asks for a word still waiting for its translation (docs/product/upload.md#spanish-only-lines)', async () => {
    const { learner, genreId, wordIds } = await writer();
    const longAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
    // Due words are asked for first: the untranslated one among them is left out all the same.
    for (const id of wordIds.slice(-3)) {
      await db()
        .update(words)
        .set({ disabledAt: longAgo, isSpacedRepetitionActive: true, spacedRepetitionDay: 0 })
        .where(eq(words.id, id));
    }
    await db()
      .update(words)
      .set({ russian: '', needsTranslation: true })
      .where(eq(words.id, wordIds.at(-1)!));
    const { jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 100 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(job.status).toBe('completed');
    expect(countersOf(job).dueWordsUsed).toBe(2);
    const prompt = JSON.stringify(fake.requestsTo('openai', '/chat/completions')[0]!.body);
    for (const spanish of SPANISH.slice(-3, -1)) expect(prompt).toContain(spanish);
    expect(prompt).not.toContain(SPANISH.at(-1));
  });

  it('asks first for the words with a review card due today too (docs/product/review.md#learn-and-audiobooks)', async () => {
    const { learner, genreId, wordIds } = await writer();
    const dueInReview = wordIds.slice(-2);
    const day = 24 * 60 * 60 * 1000;
    await db()
      .insert(reviewCards)
      .values([
        ...dueInReview.map((wordId) => ({
          userId: learner.id,
          wordId,
          direction: 'es-ru' as const,
          state: 'review' as const,
          scheduledDays: 3,
          due: new Date(Date.now() - day),
        })),
        // Due next week: not among the first.
        {
          userId: learner.id,
          wordId: wordIds[20]!,
          direction: 'es-ru' as const,
          state: 'review' as const,
          scheduledDays: 9,
          due: new Date(Date.now() + 7 * day),
        },
      ]);
    const { jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 100 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(countersOf(job).dueWordsUsed).toBe(2);
    const prompt = JSON.stringify(fake.requestsTo('openai', '/chat/completions')[0]!.body);
    for (const spanish of SPANISH.slice(-2)) expect(prompt).toContain(spanish);
    expect(prompt).not.toContain(SPANISH[20]);
  });

  it('draws pictures in the learner’s audiobook style, and none when automatic pictures are off', async () => {
    const styled = await writer({ settings: { defaultAudiobookImageStyle: 'watercolor' } });
    const first = createAudiobookResponseSchema.parse(
      (await create(styled.learner, { genreIds: [styled.genreId], targetWordCount: 200 })).json(),
    );
    await waitForJob(styled.learner, first.jobId);
    const pictured = (await sentencesOf(styled.learner, first.audiobook.id)).filter((s) => s.imageData);
    expect(pictured.length).toBeGreaterThan(0);
    expect(new Set(pictured.map((sentence) => sentence.imageStyle))).toEqual(new Set(['watercolor']));

    fake.clearRequests();
    const plain = await writer({ settings: { autoGenerateImages: false } });
    const second = createAudiobookResponseSchema.parse(
      (await create(plain.learner, { genreIds: [plain.genreId], targetWordCount: 200 })).json(),
    );
    const job = await waitForJob(plain.learner, second.jobId);
    expect(countersOf(job).imagesStored).toBe(0);
    expect(fake.requestsTo('openai', '/images')).toEqual([]);
    const book = await bookOf(plain.learner, second.audiobook.id);
    expect(book).toMatchObject({ imageCount: 0, coverImageData: null, status: 'ready' });
    const view = jobSchema.parse((await call(plain.learner, 'GET', `/api/jobs/${second.jobId}`)).json());
    expect(view.progress.stages?.find((stage) => stage.name === 'generateImages')?.skipped).toBeDefined();
  });

  it('leaves clips to be made on demand when the first voice is a built-in one', async () => {
    const { learner, genreId } = await writer({ settings: { spanishVoices: ['builtin:es-ES-m3'] } });
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 200 })).json(),
    );
    const job = await waitForJob(learner, jobId);
    expect(countersOf(job)).toMatchObject({ clipsRequested: 0, speechRequests: 0 });
    expect(job.progress.stages?.find((stage) => stage.name === 'createAudio')?.skipped).toBeDefined();
    const [sentence] = await sentencesOf(learner, audiobook.id);
    expect(sentence!.audioData).toBeNull();

    // Asked for, the clip is made by the built-in voice and kept.
    const url = `/api/audiobooks/${audiobook.id}/sentences/${sentence!.id}/audio`;
    const made = sentenceAudioResponseSchema.parse((await call(learner, 'GET', url)).json());
    expect(made).toMatchObject({ success: true, cached: false, error: null });
    expect(made.audio).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
    const again = sentenceAudioResponseSchema.parse((await call(learner, 'GET', url)).json());
    expect(again).toMatchObject({ success: true, cached: true, audio: made.audio });
    const russian = sentenceAudioResponseSchema.parse(
      (await call(learner, 'GET', `${url}?voiceType=russian`)).json(),
    );
    expect(russian.success).toBe(true);
    expect(russian.audio).not.toBe(made.audio);
  });
});

describe('refusals', () => {
  it('refuses without a language model, without words, and with genres not the learner’s', async () => {
    const keyless = await writer({ key: false });
    const noModel = await create(keyless.learner, { genreIds: [keyless.genreId] });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json()).toMatchObject({ code: 'audiobook_language_model_missing' });

    const { learner, genreId } = await writer({ count: 0 });
    expect((await create(learner, { genreIds: [genreId] })).json()).toMatchObject({
      code: 'audiobook_no_words',
    });

    const other = await writer();
    const foreign = await create(other.learner, { genreIds: [genreId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'genre_not_found' });
    expect((await create(other.learner, { genreIds: [] })).statusCode).toBe(400);
    expect(
      (await create(other.learner, { genreIds: [other.genreId], targetWordCount: 120 })).statusCode,
    ).toBe(400);
  });

  it('answers another learner’s sentence clip with 404', async () => {
    const { learner, genreId } = await writer();
    const { audiobook, jobId } = createAudiobookResponseSchema.parse(
      (await create(learner, { genreIds: [genreId], targetWordCount: 200 })).json(),
    );
    await waitForJob(learner, jobId);
    const [sentence] = await sentencesOf(learner, audiobook.id);
    const stranger = await registerUser(testApp.app);
    const answer = await call(
      stranger,
      'GET',
      `/api/audiobooks/${audiobook.id}/sentences/${sentence!.id}/audio`,
    );
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'audiobook_not_found' });
  });
});

describe('a restart mid-story', () => {
  it('resumes after the last chapter stored, writing the interrupted one once', async () => {
    const { learner, genreId } = await writer();
    const own = await seedGenre(db(), learner.id, 'Романтика');
    // Created on an app that runs no jobs: the book and its job wait, as a stopped server leaves them.
    const idle = await buildApp({
      database: testApp.database,
      appSecret: TEST_APP_SECRET,
      clientDir: null,
      providerBaseUrls: fake.providerBaseUrls,
      runsJobs: false,
    });
    let created;
    try {
      created = createAudiobookResponseSchema.parse(
        (
          await idle.inject({
            method: 'POST',
            url: '/api/audiobooks',
            payload: { genreIds: [genreId, own], targetWordCount: 600 },
            headers: { cookie: learner.cookie },
          })
        ).json(),
      );
    } finally {
      await idle.close();
    }
    const { audiobook, jobId } = created;
    // The stopped run had stored chapter 1 (two sentences) and its checkpoint, then a sentence of chapter 2.
    await db()
      .insert(audiobookSentences)
      .values([
        {
          audiobookId: audiobook.id,
          userId: learner.id,
          orderIndex: 0,
          spanish: 'Había una vez un perro.',
          russian: 'Жила-была собака.',
        },
        {
          audiobookId: audiobook.id,
          userId: learner.id,
          orderIndex: 1,
          spanish: 'El perro vivía en la casa.',
          russian: 'Собака жила в доме.',
        },
        {
          audiobookId: audiobook.id,
          userId: learner.id,
          orderIndex: 2,
          spanish: 'Frase a medias.',
          russian: 'Недописанная фраза.',
        },
      ]);
    const stages = CREATION_STEPS.map((name) => ({ name, completed: 0, total: 0 }));
    await db()
      .update(jobsTable)
      .set({
        status: 'processing',
        progress: emptyJobProgress(8),
        results: {
          v: 1,
          audiobookId: audiobook.id,
          counters: {
            languageModelRequests: 1,
            speechRequests: 0,
            wordsUsed: 1,
            sentencesSaved: 2,
            imagesStored: 0,
            languageModelTokens: 100,
            chaptersGenerated: 1,
            translationsStored: 2,
            clipsRequested: 0,
            dueWordsUsed: 0,
          },
          chosenWordIds: [],
          dueWordIds: [],
          chaptersDone: 1,
          nextOrderIndex: 2,
          storySoFar: ['A dog lived in a house.'],
          workingTitle: audiobook.title,
          stages,
        },
      })
      .where(eq(jobsTable.id, jobId));

    const restarted = await buildApp({
      database: testApp.database,
      appSecret: TEST_APP_SECRET,
      clientDir: null,
      providerBaseUrls: fake.providerBaseUrls,
    });
    try {
      await restarted.ready();
      const job = await waitForJob(learner, jobId, restarted);
      expect(job.status).toBe('completed');
      expect(countersOf(job)).toMatchObject({ chaptersGenerated: 3 });
    } finally {
      await restarted.close();
    }
    // Two more chapters were asked for, not three; the half-stored chapter was written once.
    expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(2);
    const sentences = await sentencesOf(learner, audiobook.id);
    expect(sentences.slice(0, 2).map((sentence) => sentence.spanish)).toEqual([
      'Había una vez un perro.',
      'El perro vivía en la casa.',
    ]);
    expect(sentences.map((sentence) => sentence.spanish)).not.toContain('Frase a medias.');
    expect(sentences.map((sentence) => sentence.orderIndex)).toEqual(sentences.map((_, index) => index));
    const book = await bookOf(learner, audiobook.id);
    expect(book).toMatchObject({
      status: 'ready',
      sentenceCount: sentences.length,
      genreNames: [expect.any(String), 'Романтика'],
    });
  });
});
