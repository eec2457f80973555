import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  audiobookImageSeries,
  audiobookImageSeriesItems,
  imageGenerationJobs,
  styleIcons,
} from '../../src/server/db/schema';
import {
  imageJobListSchema,
  seriesListSchema,
  seriesSchema,
  startImageJobResponseSchema,
  stylePreviewListSchema,
} from '../../src/shared/api/audiobook-player';
import { audiobookSchema, sentenceListSchema } from '../../src/shared/api/audiobooks';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import { IMAGE_STYLES } from '../../src/shared/catalogs/image-styles';
import { seedAudiobook } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import {
  type ChatAnswerContext,
  type FakeProviders,
  startFakeProviders,
} from '../support/fake-providers/fake-provider-server';

/*
 * The pictures of illustration series beyond drawing them (docs/product/audiobooks.md#illustration-series):
 * the style previews of the AI dialog, style names kept as ids, and the character and atmosphere analysis
 * that keeps a series' pictures consistent; on the real database, against the fake providers.
 */

let fake: FakeProviders;
let testApp: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders({ leonardoGenerationDelayMs: 0 });
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    runsJobs: true,
    leonardoPollIntervalMs: 20,
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setLeonardoGenerationDelay(0);
});

const db = () => testApp.database.db;
type Method = 'GET' | 'POST' | 'PUT';
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const SENTENCES = [
  { spanish: 'Lucía camina por el bosque oscuro.', russian: 'Лусия идёт по тёмному лесу.' },
  { spanish: 'Su perro Tomás corre detrás de ella.', russian: 'Её пёс Томас бежит за ней.' },
  { spanish: 'Encuentran una casa vieja.', russian: 'Они находят старый дом.' },
  { spanish: 'Lucía abre la puerta.', russian: 'Лусия открывает дверь.' },
  { spanish: 'Dentro hay un gato negro.', russian: 'Внутри чёрный кот.' },
  { spanish: 'El gato habla con Tomás.', russian: 'Кот говорит с Томасом.' },
  { spanish: 'Todos salen al jardín.', russian: 'Все выходят в сад.' },
];

async function learnerWithBook(keys?: object, sentenceCount = SENTENCES.length) {
  const learner = await registerUser(testApp.app);
  if (keys) expect((await call(learner, 'PUT', '/api/settings', keys)).statusCode).toBe(200);
  const bookId = await seedAudiobook(db(), learner.id, {
    title: 'El bosque',
    genreNames: ['adventure'],
    imageStep: 1,
    sentences: SENTENCES.slice(0, sentenceCount),
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

async function drawSeries(
  user: TestUser,
  bookId: number,
  request: { serviceProvider: string; imageStyle: number; existingSeriesId?: number },
) {
  const started = await call(user, 'POST', `/api/audiobooks/${bookId}/image-generation-jobs`, request);
  expect(started.statusCode, started.body).toBe(201);
  const { jobId, seriesId } = startImageJobResponseSchema.parse(started.json());
  return { seriesId, job: await waitForJob(user, jobId) };
}

// ---- Style previews ------------------------------------------------------------------------------------

describe('style previews', () => {
  it('draws every catalogue style once with the built-in pictures, for every learner, paying no provider', async () => {
    const ana = await registerUser(testApp.app);
    expect((await call(ana, 'PUT', '/api/settings', { leonardoApiKey: 'leo-test-valid' })).statusCode).toBe(
      200,
    );
    const first = stylePreviewListSchema.parse((await call(ana, 'GET', '/api/image-styles/previews')).json());
    expect(first.map((preview) => preview.styleId)).toEqual(IMAGE_STYLES.map((style) => style.id));
    expect(new Set(first.map((preview) => preview.imageData)).size).toBe(IMAGE_STYLES.length);
    // Drawn here, not by the learner's Leonardo: a preview costs nothing.
    expect(fake.requests).toEqual([]);
    for (const preview of first) {
      const picture = await call(ana, 'GET', preview.imageData);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }
    const rows = await db().select().from(styleIcons);
    expect(rows).toHaveLength(IMAGE_STYLES.length);

    // Another learner gets the same pictures, kept, and may read them.
    const boris = await registerUser(testApp.app);
    const again = stylePreviewListSchema.parse(
      (await call(boris, 'GET', '/api/image-styles/previews')).json(),
    );
    expect(again).toEqual(first);
    expect((await call(boris, 'GET', `${first[5]!.imageData}?w=256`)).statusCode).toBe(200);
    expect(await db().select().from(styleIcons)).toHaveLength(IMAGE_STYLES.length);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/image-styles/previews' })).statusCode).toBe(
      401,
    );
  });
});

// ---- Style names ---------------------------------------------------------------------------------------

describe('a series’ style name', () => {
  it('is kept as the style id, whatever language the learner made it in, and existing names map back', async () => {
    const { learner, bookId } = await learnerWithBook();
    const create = async (imageStyle: number, styleName?: string) =>
      seriesSchema.parse(
        (
          await call(learner, 'POST', `/api/audiobooks/${bookId}/image-series`, {
            serviceProvider: 'builtin',
            imageStyle,
            ...(styleName === undefined ? {} : { styleName }),
          })
        ).json(),
      );
    // As a Russian and an English interface sent them: the catalogue labels them, not the row.
    expect(await create(3, 'Акварель')).toMatchObject({ imageStyle: '3', styleName: null });
    expect(await create(4, 'Cartoon')).toMatchObject({ imageStyle: '4', styleName: null });
    // A name of the learner's own is theirs, kept as written.
    const own = await create(6, 'Мой мрачный стиль');
    expect(own.styleName).toBe('Мой мрачный стиль');
    const stored = await db()
      .select({ styleName: audiobookImageSeries.styleName })
      .from(audiobookImageSeries)
      .where(eq(audiobookImageSeries.audiobookId, bookId));
    expect(stored).toHaveLength(3);
    expect(stored.flatMap((row) => (row.styleName === null ? [] : [row.styleName]))).toEqual([
      'Мой мрачный стиль',
    ]);

    // Rows written before: a catalogue label in either language reads as the id's.
    const [legacy] = await db()
      .insert(audiobookImageSeries)
      .values({
        audiobookId: bookId,
        userId: learner.id,
        serviceProvider: 'builtin',
        imageStyle: '8',
        styleName: 'нуар',
        status: 'completed',
      })
      .returning();
    await db().insert(imageGenerationJobs).values({
      audiobookId: bookId,
      userId: learner.id,
      seriesId: legacy!.id,
      serviceProvider: 'builtin',
      imageStyle: '8',
      styleName: 'Film Noir',
      status: 'completed',
    });
    const list = seriesListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json(),
    );
    expect(list.find((series) => series.id === legacy!.id)).toMatchObject({
      imageStyle: '8',
      styleName: null,
    });
    const jobs = imageJobListSchema.parse(
      (await call(learner, 'GET', `/api/audiobooks/${bookId}/image-generation-jobs`)).json(),
    );
    expect(jobs.find((job) => job.seriesId === legacy!.id)).toMatchObject({ styleName: null });
    await call(learner, 'PUT', `/api/audiobooks/${bookId}/selected-image-series`, {
      selectedImageSeriesId: legacy!.id,
    });
    const book = audiobookSchema.parse((await call(learner, 'GET', `/api/audiobooks/${bookId}`)).json());
    expect(book.selectedSeries).toMatchObject({ imageStyle: '8', styleName: null });

    // A series drawn at once keeps the id alone too, on its job row as well.
    const started = startImageJobResponseSchema.parse(
      (
        await call(learner, 'POST', `/api/audiobooks/${bookId}/image-generation-jobs`, {
          serviceProvider: 'builtin',
          imageStyle: 13,
          styleName: 'Аниме',
        })
      ).json(),
    );
    expect(started.job.styleName).toBeNull();
    await waitForJob(learner, started.jobId);
    const [row] = await db()
      .select({ styleName: imageGenerationJobs.styleName })
      .from(imageGenerationJobs)
      .where(eq(imageGenerationJobs.seriesId, started.seriesId));
    expect(row?.styleName).toBeNull();
  });
});

// ---- Character and atmosphere analysis ------------------------------------------------------------------

const ANALYSIS = {
  characters: [
    { name: 'Lucía', appearance: 'a girl of ten with short black hair and a bright green scarf' },
    { name: 'Tomás', appearance: 'a small brown dog with one white ear' },
  ],
  setting: 'a misty pine forest in autumn, an old stone house with a red door',
  mood: 'soft golden evening light',
};
const SCHEMA_NAME = 'series_analysis';

const schemaNameOf = (body: unknown) =>
  (body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name;
const analysisCalls = () =>
  fake
    .requestsTo('openai', '/chat/completions')
    .filter((request) => schemaNameOf(request.body) === SCHEMA_NAME);
const leonardoPrompts = () =>
  fake
    .requestsTo('leonardo', '/generations')
    .filter((request) => request.method === 'POST')
    .map((request) => (request.body as { prompt: string }).prompt);
/** The analysis call answered by `answer`; every other chat as the fake would. */
const answerAnalysisWith = (answer: unknown) =>
  fake.setChatAnswer((context: ChatAnswerContext) =>
    schemaNameOf(context.body) === SCHEMA_NAME ? answer : context.generated,
  );
const storedAnalysisOf = async (seriesId: number) => {
  const [row] = await db()
    .select({
      characterAnalysis: audiobookImageSeries.characterAnalysis,
      atmosphereAnalysis: audiobookImageSeries.atmosphereAnalysis,
    })
    .from(audiobookImageSeries)
    .where(eq(audiobookImageSeries.id, seriesId));
  return row;
};

describe('a series’ character and atmosphere analysis', () => {
  it('is asked of the language model once per series, and every picture prompt of the series carries it', async () => {
    const { learner, bookId, sentences } = await learnerWithBook({
      openaiApiKey: 'sk-test-valid',
      leonardoApiKey: 'leo-test-valid',
    });
    answerAnalysisWith(ANALYSIS);
    const { seriesId, job } = await drawSeries(learner, bookId, {
      serviceProvider: 'leonardo',
      imageStyle: 4,
    });
    expect(job).toMatchObject({
      status: 'completed',
      results: { processedImages: SENTENCES.length, failedImages: 0 },
    });

    // One call, reading the book.
    expect(analysisCalls()).toHaveLength(1);
    const asked = JSON.stringify(analysisCalls()[0]!.body);
    for (const sentence of SENTENCES) expect(asked).toContain(sentence.spanish);
    expect(await storedAnalysisOf(seriesId)).toEqual({
      characterAnalysis: { characters: ANALYSIS.characters },
      atmosphereAnalysis: { setting: ANALYSIS.setting, mood: ANALYSIS.mood },
    });

    // Every picture the provider was asked for describes the same heroes and place.
    const prompts = leonardoPrompts();
    expect(prompts).toHaveLength(SENTENCES.length);
    for (const prompt of prompts) {
      expect(prompt).toContain(ANALYSIS.characters[0]!.appearance);
      expect(prompt).toContain(ANALYSIS.characters[1]!.appearance);
      expect(prompt).toContain(ANALYSIS.setting);
      expect(prompt).toContain(ANALYSIS.mood);
    }
    for (const sentence of SENTENCES)
      expect(prompts.some((prompt) => prompt.includes(sentence.spanish))).toBe(true);
    const items = await db()
      .select({ generationPrompt: audiobookImageSeriesItems.generationPrompt })
      .from(audiobookImageSeriesItems)
      .where(eq(audiobookImageSeriesItems.seriesId, seriesId));
    expect(items).toHaveLength(SENTENCES.length);
    for (const item of items) expect(item.generationPrompt).toContain(ANALYSIS.setting);

    // Filling in a picture the series lost, and redrawing one in it, read the kept analysis: no new call.
    fake.clearRequests();
    await db()
      .delete(audiobookImageSeriesItems)
      .where(
        and(
          eq(audiobookImageSeriesItems.seriesId, seriesId),
          eq(audiobookImageSeriesItems.sentenceId, sentences[2]!.id),
        ),
      );
    const filled = await drawSeries(learner, bookId, {
      serviceProvider: 'leonardo',
      imageStyle: 4,
      existingSeriesId: seriesId,
    });
    expect(filled.job.results).toMatchObject({ processedImages: 1, totalImages: 1 });
    await call(learner, 'PUT', `/api/audiobooks/${bookId}/selected-image-series`, {
      selectedImageSeriesId: seriesId,
    });
    const redrawn = await call(
      learner,
      'POST',
      `/api/audiobooks/${bookId}/sentences/${sentences[4]!.id}/regenerate-image`,
    );
    expect(redrawn.json()).toMatchObject({ seriesId, serviceProvider: 'leonardo' });
    expect(analysisCalls()).toHaveLength(0);
    const later = leonardoPrompts();
    expect(later).toHaveLength(2);
    for (const prompt of later) expect(prompt).toContain(ANALYSIS.characters[0]!.appearance);

    // Another series of the same book is a series of its own: analysed once more.
    await drawSeries(learner, bookId, { serviceProvider: 'leonardo', imageStyle: 3 });
    expect(analysisCalls()).toHaveLength(1);
  });

  it('is not asked for without a language model, nor for the built-in pictures: the series is drawn as before', async () => {
    const leonardoOnly = await learnerWithBook({ leonardoApiKey: 'leo-test-valid' });
    const keyless = await drawSeries(leonardoOnly.learner, leonardoOnly.bookId, {
      serviceProvider: 'leonardo',
      imageStyle: 2,
    });
    expect(keyless.job.status).toBe('completed');
    expect(fake.requestsTo('openai')).toEqual([]);
    const prompts = leonardoPrompts();
    expect(prompts).toHaveLength(SENTENCES.length);
    for (const prompt of prompts) expect(prompt).not.toContain('Setting:');
    expect(await storedAnalysisOf(keyless.seriesId)).toEqual({
      characterAnalysis: null,
      atmosphereAnalysis: null,
    });

    // An emoji reads no prompt: a model call would change nothing the learner sees.
    const withModel = await learnerWithBook({ openaiApiKey: 'sk-test-valid' });
    answerAnalysisWith(ANALYSIS);
    const builtin = await drawSeries(withModel.learner, withModel.bookId, {
      serviceProvider: 'builtin',
      imageStyle: 5,
    });
    expect(builtin.job.status).toBe('completed');
    expect(analysisCalls()).toHaveLength(0);
  });

  it('takes a bad answer as no analysis: the series is drawn as before and its job never fails', async () => {
    const pictures = 2;
    const { learner, bookId } = await learnerWithBook(
      { openaiApiKey: 'sk-test-valid', leonardoApiKey: 'leo-test-valid' },
      pictures,
    );
    const longText = 'x'.repeat(500);
    const hostile: Array<[string, () => void]> = [
      [
        'too many characters',
        () => answerAnalysisWith({ ...ANALYSIS, characters: Array(5).fill(ANALYSIS.characters[0]) }),
      ],
      ['a description beyond its bound', () => answerAnalysisWith({ ...ANALYSIS, setting: longText })],
      [
        'a name beyond its bound',
        () => answerAnalysisWith({ ...ANALYSIS, characters: [{ name: longText, appearance: 'x' }] }),
      ],
      [
        'a field missing',
        () => answerAnalysisWith({ characters: ANALYSIS.characters, setting: ANALYSIS.setting }),
      ],
      ['an empty text', () => answerAnalysisWith({ ...ANALYSIS, mood: ' \n\t ' })],
      ['not JSON', () => answerAnalysisWith('Lucía is a girl with a green scarf')],
      ['a refused key', () => fake.setBehaviour('openai', 'unauthorized', { path: '/chat/completions' })],
    ];
    for (const [what, answer] of hostile) {
      fake.reset();
      fake.setLeonardoGenerationDelay(0);
      answer();
      const { seriesId, job } = await drawSeries(learner, bookId, {
        serviceProvider: 'leonardo',
        imageStyle: 7,
      });
      expect({ what, status: job.status, results: job.results }).toMatchObject({
        what,
        status: 'completed',
        results: { processedImages: pictures, failedImages: 0 },
      });
      expect({ what, calls: analysisCalls().length }).toEqual({ what, calls: 1 });
      expect({ what, stored: await storedAnalysisOf(seriesId) }).toEqual({
        what,
        stored: { characterAnalysis: null, atmosphereAnalysis: null },
      });
      const prompts = leonardoPrompts();
      expect(prompts).toHaveLength(pictures);
      for (const prompt of prompts) {
        expect({ what, prompt }).toEqual({ what, prompt: expect.not.stringContaining('Setting:') });
        expect({ what, prompt }).toEqual({ what, prompt: expect.not.stringContaining('green scarf') });
      }
      const [series] = seriesListSchema
        .parse((await call(learner, 'GET', `/api/audiobooks/${bookId}/image-series`)).json())
        .filter((entry) => entry.id === seriesId);
      expect({ what, status: series?.status }).toEqual({ what, status: 'completed' });
    }
  });

  it('keeps line breaks and control characters of the answer out of the prompts', async () => {
    const { learner, bookId } = await learnerWithBook({
      openaiApiKey: 'sk-test-valid',
      leonardoApiKey: 'leo-test-valid',
    });
    answerAnalysisWith({ ...ANALYSIS, mood: 'soft\n\n golden\u0007 light' });
    const { seriesId } = await drawSeries(learner, bookId, { serviceProvider: 'leonardo', imageStyle: 1 });
    expect((await storedAnalysisOf(seriesId))?.atmosphereAnalysis).toEqual({
      setting: ANALYSIS.setting,
      mood: 'soft golden light',
    });
    for (const prompt of leonardoPrompts()) {
      expect(prompt).toContain('Mood: soft golden light.');
      expect(prompt).not.toContain('\n');
      expect(prompt).not.toContain('\u0007');
    }
  });
});
