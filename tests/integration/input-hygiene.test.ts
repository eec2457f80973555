import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { words } from '../../src/server/db/schema';
import { registerErrorHandler } from '../../src/server/http/error-handler';
import type { UploadWordsJob } from '../../src/shared/api/jobs';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { registeredRoutes } from '../support/registered-routes';
import { seedWords } from '../support/word-seeds';

/**
 * Characters PostgreSQL cannot store (NUL in text and jsonb, a lone surrogate in jsonb) and numbers its
 * 32-bit id columns cannot hold: each is a learner's or a client's mistake, answered as such (4xx), and a
 * pasted list loses only those characters (docs/product/upload.md#invisible-characters).
 */

let testApp: TestApp;
let app: FastifyInstance;
let learner: TestUser;

beforeAll(async () => {
  // The pasted list must be saved, not only queued: the job runs (no keys, no pictures, so it is quick).
  testApp = await buildTestApp({
    runsJobs: true,
    // Nothing here may reach a provider: any call that slipped through is answered here, as a refused key.
    providerFetch: () => Promise.resolve(new Response('{}', { status: 401 })),
  });
  app = testApp.app;
  learner = await registerUser(app);
});
afterAll(() => testApp.close());

function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { cookie: learner.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function waitForJob(jobId: string): Promise<UploadWordsJob> {
  let job: UploadWordsJob | undefined;
  await vi.waitUntil(
    async () => {
      job = (await send('GET', `/api/jobs/${jobId}`)).json<UploadWordsJob>();
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: 60_000, interval: 50 },
  );
  return job!;
}

describe('a pasted list with NUL bytes and broken characters', () => {
  it('is accepted: the characters go, every other line is saved, the report keeps the line numbers', async () => {
    const text = [
      'el gato / кот',
      'la ca\u0000sa / дом',
      'el perro\uD800 / собака',
      '\u0000\u0001\uDC00',
      'el \u0007libro - \u0085книга',
      '\u0000 / \uD83Dтолько перевод',
      'el sol / солнце',
    ].join('\n');
    const started = await send('POST', '/api/words/process-batch', {
      text,
      enhanceWithAI: false,
      generateImages: false,
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await waitForJob(started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');

    const saved = await testApp.database.db
      .select({ spanish: words.spanish, russian: words.russian })
      .from(words)
      .where(eq(words.userId, learner.id));
    expect(saved).toEqual(
      expect.arrayContaining([
        { spanish: 'el gato', russian: 'кот' },
        { spanish: 'la casa', russian: 'дом' },
        { spanish: 'el perro', russian: 'собака' },
        { spanish: 'el libro', russian: 'книга' },
        { spanish: 'el sol', russian: 'солнце' },
      ]),
    );
    expect(saved).toHaveLength(5);
    // Line 4 held nothing but such characters (a blank line); line 6 had no Spanish left: reported by
    // its own number, the learner's count of lines unchanged.
    expect(job.results?.errors.map(({ lineNumber, code }) => ({ lineNumber, code }))).toEqual([
      { lineNumber: 6, code: 'upload_line_no_spanish' },
    ]);
    expect(job.results?.words.map((word) => word.spanish).sort()).toEqual(
      ['el gato', 'la casa', 'el perro', 'el libro', 'el sol'].sort(),
    );
  });

  it('is read the same from a .txt file', async () => {
    // One stray NUL byte: not taken for the zero bytes of a UTF-16 file either.
    for (const text of [
      'la me\u0000sa / стол\nla silla\u0085 / стул\n',
      'la me\u0000sa / стол\nla silla / стул\n\n',
    ]) {
      const response = await multipart(Buffer.from(text, 'utf8'));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ words: unknown[] }>().words).toEqual([
        { spanish: 'la mesa', russian: 'стол' },
        { spanish: 'la silla', russian: 'стул' },
      ]);
    }
  });
});

describe('text fields of JSON requests', () => {
  it('refuse a NUL byte or a lone surrogate in a word edit with a 400 naming the field; the word stays', async () => {
    const [wordId] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'la mesa', russian: 'стол' },
    ]);
    for (const [field, value] of [
      ['spanish', 'la me\u0000sa'],
      ['russian', 'сто\uD800л'],
      ['example', 'Una mesa\u0000.'],
      ['exampleTranslation', '\uDFFF'],
    ] as const) {
      const response = await send('PUT', `/api/words/${wordId}`, { [field]: value });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', params: { field } });
    }
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, wordId!));
    expect(row).toMatchObject({ spanish: 'la mesa', russian: 'стол', example: null });
  });

  it('answer a search for a NUL byte or a broken character without a server error', async () => {
    for (const search of ['%00', 'ca%00sa', '%ED%A0%80', encodeURIComponent('\uFFFD')]) {
      const response = await send('GET', `/api/words?search=${search}`);
      expect([200, 400], `${search}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it('refuse them in settings, tags and names too', async () => {
    const cases: Array<[string, 'POST' | 'PUT', string, object, string]> = [
      ['settings', 'PUT', '/api/settings', { audiobookRequirements: 'x\u0000' }, 'audiobookRequirements'],
      ['settings', 'PUT', '/api/settings', { openaiModel: 'gpt\uD800' }, 'openaiModel'],
      [
        'upload',
        'POST',
        '/api/words/process-batch',
        { text: 'casa / дом', imageStyle: '\u0000' },
        'imageStyle',
      ],
    ];
    for (const [name, method, url, payload, field] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', params: { field } });
    }
  });
});

describe('provider keys', () => {
  it('refuse characters an HTTP header cannot carry with a 400 naming the key, when checked or saved', async () => {
    const cases: Array<['POST' | 'PUT', string, object, string]> = [
      ['POST', '/api/validate-openai-key', { apiKey: 'sk-ключ' }, 'apiKey'],
      ['POST', '/api/validate-openai-key', { apiKey: 'sk-\u{1F511}' }, 'apiKey'],
      ['POST', '/api/validate-elevenlabs-key', { apiKey: 'el key' }, 'apiKey'],
      ['POST', '/api/validate-leonardo-key', { apiKey: 'le\u0000' }, 'apiKey'],
      ['PUT', '/api/settings', { openaiApiKey: 'sk-ключ' }, 'openaiApiKey'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', params: { field } });
    }
    expect((await send('GET', '/api/settings')).json()).toMatchObject({ hasOpenaiApiKey: false });
  });
});

describe('word ids beyond the 32-bit id column', () => {
  it('answer 404 on every word route, as for a word that does not exist', async () => {
    const wordRoutes = registeredRoutes(app).filter((route) => route.includes('/api/words/:id'));
    expect(wordRoutes.length).toBeGreaterThan(10);
    for (const route of wordRoutes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const id of ['2147483648', '9007199254740991', '99999999999999999999']) {
        const response = await send(method, path.replace(':id', id), method === 'GET' ? undefined : {});
        expect({ route, id, status: response.statusCode }).toEqual({ route, id, status: 404 });
        expect(response.json()).toMatchObject({ code: 'word_not_found' });
      }
    }
  });

  it('are refused with 400 where a body names them', async () => {
    const [wordId] = await seedWords(testApp.database.db, learner.id, [{ spanish: 'el vaso' }]);
    const cases: Array<['POST' | 'PUT' | 'DELETE', string, object]> = [
      ['DELETE', '/api/words', { wordIds: [2 ** 31] }],
      ['POST', `/api/words/${wordId}/set-primary-image`, { imageId: 2 ** 31 }],
      ['PUT', `/api/words/${wordId}`, { attempts: 2 ** 31 }],
      ['POST', '/api/generate-audio', { text: 'Hola', voiceId: 'builtin:es-ES-m1', wordId: 2 ** 53 - 1 }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(method, url, payload);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });
});

describe('a value the database refuses that no schema caught', () => {
  it('answers 400 invalid_value, never 500', async () => {
    // The database's own refusals (driver errors wrapped by Drizzle), behind the app's error handler.
    const probe = Fastify();
    registerErrorHandler(probe);
    const { db } = testApp.database;
    const queries: Record<string, () => Promise<unknown>> = {
      nul: () => db.execute(sql`select ${'la ca\u0000sa'}::text`),
      'json-nul': () => db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`),
      'json-surrogate': () => db.execute(sql`select ${JSON.stringify({ a: '\uD800' })}::jsonb`),
      int32: () => db.execute(sql`select ${String(2 ** 31)}::integer`),
    };
    for (const [name, query] of Object.entries(queries)) {
      probe.get(`/${name}`, async () => {
        await query();
        return { stored: true };
      });
    }
    for (const name of Object.keys(queries)) {
      const response = await probe.inject({ method: 'GET', url: `/${name}` });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(response.json()).toMatchObject({ code: 'invalid_value' });
    }
    await probe.close();
  });
});

describe('a truncated multipart upload', () => {
  it('answers 400 with a code, not a server error', async () => {
    const boundary = '----palabra-truncated';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.txt"\r\nContent-Type: text/plain\r\n\r\n`;
    for (const body of [
      // The file part never ends.
      Buffer.from(`${head}la casa / дом\nel perro / собака`),
      // The headers of the part never end.
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filen`),
      // A field part cut short before the file.
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="enhanceWithAI"\r\n\r\ntru`),
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/words/upload',
        payload: body,
        headers: { cookie: learner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'upload_incomplete' });
    }
    expect((await send('GET', '/api/auth/status')).statusCode).toBe(200);
  });
});

function multipart(content: Buffer) {
  const boundary = '----palabra-hygiene';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/words/upload',
    payload: body,
    headers: { cookie: learner.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
