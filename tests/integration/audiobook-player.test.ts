import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { audiobookImageSeries, audiobookSentences, audiobooks, jobsTable } from '../../src/server/db/schema';
import {
  audioStatusSchema,
  imageJobListSchema,
  imageStatsSchema,
  positionSchema,
  sentenceAllAudioResponseSchema,
  sentenceChangeResponseSchema,
  sentenceImageResponseSchema,
  sentenceListensResponseSchema,
  seriesItemListSchema,
  seriesListSchema,
  seriesSchema,
  startImageJobResponseSchema,
} from '../../src/shared/api/audiobook-player';
import { audiobookSchema, sentenceListSchema } from '../../src/shared/api/audiobooks';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import { seedAudiobook } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';

/*
 * The player's calls (docs/product/audiobooks.md#player, #illustration-series, #audio-status) on the real
 * database, against the fake providers: listens, position, clips, rewrites, pictures, cover, series and
 * their jobs; every call answers 404 for another learner's book.
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
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const SENTENCES = [
  { spanish: 'El perro corre por el parque.', russian: 'Собака бежит по парку.' },
  { spanish: 'La niña lee un libro.', russian: 'Девочка читает книгу.' },
  { spanish: 'El sol brilla sobre la casa.', russian: 'Солнце светит над домом.' },
  { spanish: 'Mi madre cocina la cena.', russian: 'Моя мама готовит ужин.' },
  { spanish: 'El tren llega a la ciudad.', russian: 'Поезд прибывает в город.' },
  { spanish: 'Los niños juegan en la playa.', russian: 'Дети играют на пляже.' },
  { spanish: 'La luna sale por la noche.', russian: 'Луна восходит ночью.' },
];

async function learnerWithBook(options: { keys?: object; imageStep?: number } = {}) {
  const learner = await registerUser(testApp.app);
  if (options.keys) expect((await call(learner, 'PUT', '/api/settings', options.keys)).statusCode).toBe(200);
  const bookId = await seedAudiobook(db(), learner.id, {
    title: 'Un día',
    genreNames: ['adventure'],
    imageStep: options.imageStep ?? 1,
    sentences: SENTENCES,
  });
  const sentences = sentenceListSchema.parse(
    (await call(learner, 'GET', `/api/audiobooks/${bookId}/sentences`)).json(),
  );
  return { learner, bookId, sentences };
}

async function waitForJob(user: TestUser, jobId: string): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = jobSchema.parse((await call(user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

const bookOf = async (user: TestUser, id: number) =>
  audiobookSchema.parse((await call(user, 'GET', `/api/audiobooks/${id}`)).json());

describe('listens and position', () => {
  it('raises a sentence’s listen count, never lowers it, and sums the book’s', async () => {
    const { learner, bookId } = await learnerWithBook();
    const first = await call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/2`, { listenCount: 3 });
    expect(sentenceListensResponseSchema.parse(first.json())).toEqual({
      orderIndex: 2,
      listenCount: 3,
      bookListenCount: 3,
    });
    await call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/0`, { listenCount: 1 });
    // A slower tab's older count is kept out.
    const older = await call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/2`, { listenCount: 2 });
    expect(older.json()).toMatchObject({ listenCount: 3, bookListenCount: 4 });
    expect((await bookOf(learner, bookId)).listenCount).toBe(4);
    expect(
      (await call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/99`, { listenCount: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/1`, { listenCount: -1 })).statusCode,
    ).toBe(400);
  });

  it('keeps counting listens once a sentence holds the largest count its column stores', async () => {
    const { learner, bookId } = await learnerWithBook();
    const top = 2 ** 31 - 1;
    const listen = (orderIndex: number, listenCount: number) =>
      call(learner, 'PATCH', `/api/audiobooks/${bookId}/sentences/${orderIndex}`, { listenCount });
    expect(sentenceListensResponseSchema.parse((await listen(0, top)).json())).toEqual({
      orderIndex: 0,
      listenCount: top,
      bookListenCount: top,
    });
    // From here the book's sum is past its column's range: every later listen is still kept, the book's
    // count held at the top, two sentences at the top included.
    for (const [orderIndex, listenCount] of [
      [1, 1],
      [2, 5],
      [1, 2],
      [3, top],
      [0, top],
    ] as const) {
      const response = await listen(orderIndex, listenCount);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ orderIndex, listenCount, bookListenCount: top });
    }
    expect((await bookOf(learner, bookId)).listenCount).toBe(top);
    const sentences = sentenceListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/sentences`)).json(),
    );
    expect(sentences.slice(0, 4).map((sentence) => sentence.listenCount)).toEqual([top, 2, 5, top]);
  });

  it('restores the saved position clamped into the book; PUT and the keepalive POST both save', async () => {
    const { learner, bookId } = await learnerWithBook();
    const url = `/api/audiobooks/${bookId}/position`;
    expect(positionSchema.parse((await call(learner, 'GET', url)).json())).toEqual({ position: 0 });
    expect((await call(learner, 'PUT', url, { position: 4 })).json()).toEqual({ position: 4 });
    expect((await call(learner, 'GET', url)).json()).toEqual({ position: 4 });
    expect((await call(learner, 'POST', url, { position: 500 })).json()).toEqual({
      position: SENTENCES.length - 1,
    });
    // A book that lost sentences since: the stored position is clamped on reading.
    await db().update(audiobooks).set({ lastPlayedPosition: 40 }).where(eq(audiobooks.id, bookId));
    expect((await call(learner, 'GET', url)).json()).toEqual({ position: SENTENCES.length - 1 });
    expect((await call(learner, 'PUT', url, { position: 'x' })).statusCode).toBe(400);
  });
});

describe('a sentence’s clips', () => {
  it('makes all three with the built-in voices when the learner has no key, then answers them as cached', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const sentence = sentences[1]!;
    const url = `/api/audiobooks/${bookId}/sentences/${sentence.id}/audio`;
    const made = sentenceAllAudioResponseSchema.parse((await call(learner, 'POST', url, {})).json());
    for (const clip of [made.audio, made.secondVoiceAudio, made.russianAudio])
      expect(clip).toMatch(/^\/media\//);
    expect(made.shouldRefreshCache).toBe(true);
    const again = sentenceAllAudioResponseSchema.parse((await call(learner, 'POST', url, {})).json());
    expect(again.shouldRefreshCache).toBe(false);
    expect(again.audio).toBe(made.audio);

    const status = audioStatusSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/audio-status`)).json(),
    );
    expect(status).toEqual({
      percentReady: Math.floor((3 * 100) / (SENTENCES.length * 3)),
      mainAudioReady: 1,
      secondVoiceReady: 1,
      russianAudioReady: 1,
      readyForPlayback: 1,
      totalSentences: SENTENCES.length,
    });
    const book = await db().select().from(audiobooks).where(eq(audiobooks.id, bookId));
    expect(book[0]).toMatchObject({ mainAudioCount: 1, secondVoiceCount: 1, russianAudioCount: 1 });
  });

  it('regenerate-audio forgets every clip and makes the first voice again; generate-missing-audio fills the book', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const sentence = sentences[0]!;
    await call(learner, 'POST', `/api/audiobooks/${bookId}/sentences/${sentence.id}/audio`, {});
    const answer = await call(
      learner,
      'POST',
      `/api/audiobooks/${bookId}/sentences/${sentence.id}/regenerate-audio`,
    );
    expect(answer.statusCode).toBe(200);
    const { sentence: after } = sentenceChangeResponseSchema.parse(answer.json());
    expect(after.audioData).toMatch(/^\/media\//);
    expect(after.secondVoiceAudioData).toBeNull();
    expect(after.russianAudioData).toBeNull();

    const started = await call(learner, 'POST', `/api/audiobooks/${bookId}/generate-missing-audio`);
    expect(started.statusCode).toBe(200);
    const job = await waitForJob(learner, started.json<{ jobId: string }>().jobId);
    expect(job).toMatchObject({
      kind: 'generate-audiobook-audio',
      status: 'completed',
      results: { audiobookId: bookId, generatedCount: SENTENCES.length * 3 - 1, failedCount: 0 },
    });
    const status = audioStatusSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/audio-status`)).json(),
    );
    expect(status).toMatchObject({ percentReady: 100, readyForPlayback: SENTENCES.length });
  });
});

describe('sentences without audio (the Settings audio diagnostics)', () => {
  it('counts the learner’s sentences of finished books that lack their first Spanish clip', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const url = '/api/audiobooks/sentences-without-audio';
    expect((await call(learner, 'GET', url)).json()).toEqual({ count: SENTENCES.length });
    await call(learner, 'POST', `/api/audiobooks/${bookId}/sentences/${sentences[0]!.id}/audio`, {});
    expect((await call(learner, 'GET', url)).json()).toEqual({ count: SENTENCES.length - 1 });
    // A book still being written, and another learner's, do not count.
    await seedAudiobook(db(), learner.id, {
      title: 'En curso',
      status: 'processing',
      sentences: [{ spanish: 'Hola.', russian: 'Привет.' }],
    });
    expect((await call(learner, 'GET', url)).json()).toEqual({ count: SENTENCES.length - 1 });
    const stranger = await registerUser(testApp.app);
    expect((await call(stranger, 'GET', url)).json()).toEqual({ count: 0 });
  });
});

describe('rewriting a sentence', () => {
  it('needs a language model', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const answer = await call(
      learner,
      'POST',
      `/api/audiobooks/${bookId}/sentences/${sentences[0]!.id}/regenerate-spanish`,
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'sentence_language_model_missing' });
  });

  it('replaces the Spanish or the Russian text and the clips that spoke the old one', async () => {
    const { learner, bookId, sentences } = await learnerWithBook({ keys: { openaiApiKey: 'sk-test-valid' } });
    const sentence = sentences[2]!;
    const base = `/api/audiobooks/${bookId}/sentences/${sentence.id}`;
    await call(learner, 'POST', `${base}/audio`, {});

    const russian = sentenceChangeResponseSchema.parse(
      (await call(learner, 'POST', `${base}/regenerate-russian`)).json(),
    );
    expect(russian.sentence.russian).not.toBe(sentence.russian);
    expect(russian.sentence.russian).not.toBe('');
    expect(russian.sentence.spanish).toBe(sentence.spanish);
    expect(russian.sentence.russianAudioData).toBeNull();
    expect(russian.sentence.audioData).toMatch(/^\/media\//);

    const spanish = sentenceChangeResponseSchema.parse(
      (await call(learner, 'POST', `${base}/regenerate-spanish`)).json(),
    );
    expect(spanish.sentence.spanish).not.toBe(sentence.spanish);
    expect(spanish.sentence.audioData).toBeNull();
    expect(spanish.sentence.secondVoiceAudioData).toBeNull();
    const chats = fake.requestsTo('openai', '/chat/completions');
    expect(chats).toHaveLength(2);
    // The book's words used and counts were checked again against the new text.
    const book = await bookOf(learner, bookId);
    expect(book.verificationCompleted).toBe(true);
    expect(book.actualWordCountSpanish).toBeGreaterThan(0);
  });
});

describe('pictures and the cover', () => {
  it('redraws with the learner’s provider when there is no Leonardo key, and refuses a named provider without its key', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const sentence = sentences[3]!;
    const base = `/api/audiobooks/${bookId}/sentences/${sentence.id}`;
    const redrawn = sentenceImageResponseSchema.parse(
      (await call(learner, 'POST', `${base}/regenerate-image`)).json(),
    );
    expect(redrawn).toMatchObject({ imageStyle: '7', serviceProvider: 'builtin', seriesId: null });
    const stored = await db().select().from(audiobookSentences).where(eq(audiobookSentences.id, sentence.id));
    expect(stored[0]?.imageData).toBe(redrawn.imageData);
    expect((await bookOf(learner, bookId)).imageCount).toBe(1);

    const leonardo = await call(learner, 'POST', `${base}/image`, { style: 3, serviceProvider: 'leonardo' });
    expect(leonardo.statusCode).toBe(400);
    expect(leonardo.json()).toMatchObject({ code: 'leonardo_key_missing' });
    const styled = sentenceImageResponseSchema.parse(
      (
        await call(learner, 'POST', `${base}/image`, { style: 'watercolor', serviceProvider: 'builtin' })
      ).json(),
    );
    expect(styled.imageStyle).toBe('3');
  });

  it('draws with Leonardo when the learner has its key', async () => {
    const { learner, bookId, sentences } = await learnerWithBook({
      keys: { leonardoApiKey: 'leo-test-valid' },
    });
    const answer = sentenceImageResponseSchema.parse(
      (
        await call(
          learner,
          'POST',
          `/api/audiobooks/${bookId}/sentences/${sentences[0]!.id}/regenerate-image`,
        )
      ).json(),
    );
    expect(answer.serviceProvider).toBe('leonardo');
    expect(fake.requestsTo('leonardo', '/generations').length).toBeGreaterThan(0);
  });

  it('makes the sentence’s picture the cover, and refuses a sentence without one', async () => {
    const { learner, bookId, sentences } = await learnerWithBook();
    const bare = await call(learner, 'PUT', `/api/audiobooks/${bookId}/cover`, {
      sentenceId: sentences[0]!.id,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'sentence_image_missing' });
    const drawn = sentenceImageResponseSchema.parse(
      (
        await call(
          learner,
          'POST',
          `/api/audiobooks/${bookId}/sentences/${sentences[0]!.id}/regenerate-image`,
        )
      ).json(),
    );
    const cover = await call(learner, 'PUT', `/api/audiobooks/${bookId}/cover`, {
      sentenceId: sentences[0]!.id,
    });
    expect(cover.json()).toEqual({ coverImageData: drawn.imageData });
    expect((await bookOf(learner, bookId)).coverImageData).toBe(drawn.imageData);
  });
});

describe('illustration series', () => {
  it('draws a series in batches as a job, lists it, shows it, redraws into it, and falls back when deleted', async () => {
    const { learner, bookId, sentences } = await learnerWithBook({ imageStep: 1 });
    const started = await call(learner, 'POST', `/api/audiobooks/${bookId}/image-generation-jobs`, {
      serviceProvider: 'builtin',
      imageStyle: 4,
      styleName: 'Мультфильм',
    });
    expect(started.statusCode).toBe(201);
    const { jobId, seriesId } = startImageJobResponseSchema.parse(started.json());
    const job = await waitForJob(learner, jobId);
    expect(job).toMatchObject({
      kind: 'generate-image-series',
      status: 'completed',
      results: {
        seriesId,
        processedImages: SENTENCES.length,
        failedImages: 0,
        totalImages: SENTENCES.length,
      },
    });
    expect(job.progress).toMatchObject({ total: SENTENCES.length, processed: SENTENCES.length });

    const jobs = imageJobListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-generation-jobs`)).json(),
    );
    expect(jobs).toEqual([
      expect.objectContaining({
        jobId,
        seriesId,
        status: 'completed',
        processedImages: 7,
        totalImages: 7,
        batchSize: 5,
      }),
    ]);
    const list = seriesListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json(),
    );
    expect(list).toEqual([
      expect.objectContaining({
        id: seriesId,
        serviceProvider: 'builtin',
        imageStyle: '4',
        status: 'completed',
        completedSentences: 7,
        totalSentences: 7,
        jobId: null,
      }),
    ]);
    // The series' progress is its runtime job's (docs/product/decisions.md#series-progress-is-the-jobs): while
    // that job runs, the series names it and the book's job list answers the job's own counts.
    const seriesJobRow = eq(jobsTable.id, jobId);
    const [finished] = await db().select().from(jobsTable).where(seriesJobRow);
    await db()
      .update(jobsTable)
      .set({
        status: 'processing',
        progress: { ...finished!.progress!, processed: 3, failed: 1 },
        completedAt: null,
      })
      .where(seriesJobRow);
    const running = seriesListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json(),
    );
    expect(running).toEqual([expect.objectContaining({ id: seriesId, jobId })]);
    expect(
      imageJobListSchema.parse(
        (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-generation-jobs`)).json(),
      ),
    ).toEqual([
      expect.objectContaining({
        jobId,
        status: 'generating',
        processedImages: 3,
        failedImages: 1,
        totalImages: 7,
        completedAt: null,
      }),
    ]);
    await db()
      .update(jobsTable)
      .set({
        status: finished!.status,
        progress: finished!.progress,
        completedAt: finished!.completedAt,
      })
      .where(seriesJobRow);
    const items = seriesItemListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series/${seriesId}/items`)).json(),
    );
    expect(items.map((item) => item.sentenceId)).toEqual(sentences.map((sentence) => sentence.id));
    const one = await call(
      learner,
      'GET',
      `/api/audiobooks/${bookId}/image-series/${seriesId}/image/${sentences[0]!.id}`,
    );
    expect(one.json()).toEqual({ imageData: items[0]!.imageData });

    expect(
      (
        await call(learner, 'PUT', `/api/audiobooks/${bookId}/selected-image-series`, {
          selectedImageSeriesId: seriesId,
        })
      ).statusCode,
    ).toBe(200);
    const shown = await bookOf(learner, bookId);
    expect(shown.selectedImageSeriesId).toBe(seriesId);
    expect(shown.selectedSeries).toMatchObject({ id: seriesId, imageStyle: '4' });
    // With a series shown, redrawing and the cover use it.
    const redrawn = sentenceImageResponseSchema.parse(
      (
        await call(
          learner,
          'POST',
          `/api/audiobooks/${bookId}/sentences/${sentences[1]!.id}/regenerate-image`,
        )
      ).json(),
    );
    expect(redrawn).toMatchObject({ seriesId, imageStyle: '4' });
    const cover = await call(learner, 'PUT', `/api/audiobooks/${bookId}/cover`, {
      sentenceId: sentences[0]!.id,
    });
    expect(cover.json()).toEqual({ coverImageData: items[0]!.imageData });

    const stats = imageStatsSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-stats`)).json(),
    );
    expect(stats).toContainEqual({
      serviceProvider: 'builtin',
      imageStyle: '4',
      styleName: 'Мультфильм',
      count: 7,
    });

    expect(
      (await call(learner, 'POST', `/api/audiobooks/${bookId}/image-series/${seriesId}/delete`)).statusCode,
    ).toBe(200);
    const after = await bookOf(learner, bookId);
    expect(after.selectedImageSeriesId).toBeNull();
    expect(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series/${seriesId}/items`)).statusCode,
    ).toBe(404);
  });

  it('fills in only what a series lacks, and auto-complete starts every incomplete series once', async () => {
    const { learner, bookId, sentences } = await learnerWithBook({ imageStep: 2 });
    const created = seriesSchema.parse(
      (
        await call(learner, 'POST', `/api/audiobooks/${bookId}/image-series`, {
          serviceProvider: 'builtin',
          imageStyle: 'anime',
        })
      ).json(),
    );
    // Sentences 0, 2, 4 and 6.
    expect(created).toMatchObject({ totalSentences: 4, completedSentences: 0, status: 'pending' });
    const auto = await call(learner, 'POST', `/api/audiobooks/${bookId}/auto-complete-series`);
    const { started } = auto.json<{ started: { seriesId: number; jobId: string }[] }>();
    expect(started.map((entry) => entry.seriesId)).toEqual([created.id]);
    await waitForJob(learner, started[0]!.jobId);
    const items = seriesItemListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series/${created.id}/items`)).json(),
    );
    expect(items.map((item) => item.sentenceId)).toEqual([0, 2, 4, 6].map((index) => sentences[index]!.id));
    // Complete now: nothing to start.
    expect((await call(learner, 'POST', `/api/audiobooks/${bookId}/auto-complete-series`)).json()).toEqual({
      started: [],
    });

    const fill = await call(learner, 'POST', `/api/audiobooks/${bookId}/image-generation-jobs`, {
      serviceProvider: 'builtin',
      imageStyle: 'anime',
      existingSeriesId: created.id,
    });
    const filled = await waitForJob(learner, startImageJobResponseSchema.parse(fill.json()).jobId);
    expect(filled.results).toMatchObject({ processedImages: 0, totalImages: 0 });
  });

  it('shows a series its job left unfinished as failed, and offers it to auto-complete', async () => {
    const { learner, bookId } = await learnerWithBook();
    const created = seriesSchema.parse(
      (
        await call(learner, 'POST', `/api/audiobooks/${bookId}/image-series`, {
          serviceProvider: 'builtin',
          imageStyle: 2,
        })
      ).json(),
    );
    // As a job that failed mid-run leaves it: 'generating', with no job drawing it.
    await db()
      .update(audiobookImageSeries)
      .set({ status: 'generating' })
      .where(eq(audiobookImageSeries.id, created.id));
    const list = seriesListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json(),
    );
    expect(list).toEqual([expect.objectContaining({ id: created.id, status: 'failed' })]);
    const auto = await call(learner, 'POST', `/api/audiobooks/${bookId}/auto-complete-series`);
    expect(auto.json<{ started: { seriesId: number }[] }>().started.map((entry) => entry.seriesId)).toEqual([
      created.id,
    ]);
  });

  it('asks Leonardo for nothing without its key and says why', async () => {
    const { learner, bookId } = await learnerWithBook();
    const answer = await call(learner, 'POST', `/api/audiobooks/${bookId}/image-generation-jobs`, {
      serviceProvider: 'leonardo',
      imageStyle: 1,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'leonardo_key_missing' });
    expect(
      seriesListSchema.parse((await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json()),
    ).toEqual([]);
  });
});

describe('another learner’s book', () => {
  it('answers 404 to every player call', async () => {
    const { bookId, sentences } = await learnerWithBook();
    const stranger = await registerUser(testApp.app);
    const sentenceId = sentences[0]!.id;
    const base = `/api/audiobooks/${bookId}`;
    const calls: Array<[Method, string, object?]> = [
      ['PATCH', `${base}/sentences/0`, { listenCount: 1 }],
      ['GET', `${base}/position`],
      ['PUT', `${base}/position`, { position: 1 }],
      ['POST', `${base}/position`, { position: 1 }],
      ['POST', `${base}/sentences/${sentenceId}/audio`, {}],
      ['POST', `${base}/sentences/${sentenceId}/regenerate-audio`],
      ['POST', `${base}/sentences/${sentenceId}/regenerate-spanish`],
      ['POST', `${base}/sentences/${sentenceId}/regenerate-russian`],
      ['POST', `${base}/sentences/${sentenceId}/regenerate-image`],
      ['POST', `${base}/sentences/${sentenceId}/image`, { style: 1, serviceProvider: 'builtin' }],
      ['PUT', `${base}/cover`, { sentenceId }],
      ['GET', `${base}/audio-status`],
      ['POST', `${base}/generate-missing-audio`],
      ['GET', `${base}/revoice`],
      ['POST', `${base}/revoice`],
      ['GET', `${base}/image-stats`],
      ['GET', `${base}/image-generation-jobs`],
      ['POST', `${base}/image-generation-jobs`, { serviceProvider: 'builtin', imageStyle: 1 }],
      ['GET', `${base}/image-series`],
      ['POST', `${base}/image-series`, { serviceProvider: 'builtin', imageStyle: 1 }],
      ['PUT', `${base}/selected-image-series`, { selectedImageSeriesId: null }],
      ['POST', `${base}/auto-complete-series`],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await call(stranger, method, url, payload);
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 404 });
    }
  });

  it('answers 404 for another learner’s series, even through the learner’s own book', async () => {
    const owner = await learnerWithBook();
    const created = seriesSchema.parse(
      (
        await call(owner.learner, 'POST', `/api/audiobooks/${owner.bookId}/image-series`, {
          serviceProvider: 'builtin',
          imageStyle: 1,
        })
      ).json(),
    );
    const other = await learnerWithBook();
    const base = `/api/audiobooks/${other.bookId}`;
    for (const [method, url, payload] of [
      ['GET', `${base}/image-series/${created.id}/items`],
      ['GET', `${base}/image-series/${created.id}/image/${other.sentences[0]!.id}`],
      ['POST', `${base}/image-series/${created.id}/delete`],
      ['PUT', `${base}/selected-image-series`, { selectedImageSeriesId: created.id }],
      [
        'POST',
        `${base}/image-generation-jobs`,
        { serviceProvider: 'builtin', imageStyle: 1, existingSeriesId: created.id },
      ],
    ] as Array<[Method, string, object?]>) {
      const answer = await call(other.learner, method, url, payload);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
    }
  });
});
