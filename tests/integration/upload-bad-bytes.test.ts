import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type UploadWordsJob, uploadWordsJobSchema } from '../../src/shared/api/jobs';
import { words } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { sendMultipart } from '../support/multipart';

/*
 * docs/product/upload.md#file-encodings: a UTF-8 .txt file with a few bytes that do not read stays UTF-8;
 * each line holding such bytes is reported with its text and code, every other line is saved.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
});
afterAll(() => testApp.close());

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** The upload's file form: its option first, as the route reads fields with the file. */
const sendFile = (user: TestUser, content: Buffer) =>
  sendMultipart(testApp.app, user, '/api/words/upload', {
    fields: { generateImages: 'false' },
    file: { name: 'слова.txt', bytes: content },
  });

async function finished(user: TestUser, jobId: string): Promise<UploadWordsJob> {
  return vi.waitUntil(
    async () => {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: `/api/jobs/${jobId}`,
        headers: { cookie: user.cookie },
      });
      const job = uploadWordsJobSchema.parse(answer.json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

describe('a .txt file with bytes that do not read', () => {
  it('keeps the file Russian, reports each damaged line with its text, and saves every other line', async () => {
    const learner = await registerUser(testApp.app);
    const file = Buffer.concat([
      utf8('el perro / собака\r\nel gato / кошка\r\nla ni'),
      // A Latin-1 'ñ' typed into the UTF-8 list: one byte that is no UTF-8.
      Buffer.from([0xf1]),
      utf8('a / девочка\r\nla casa / дом\r\nel árbol / дерево\r\nдом\r\nel libro'),
      // A character cut short: the first two bytes of a three-byte sequence.
      Buffer.from([0xe2, 0x82]),
      utf8('\r\nla ventana / окно\r\nel caballo / лошадь\r\nla manzana / яблоко\r\n'),
    ]);
    const response = await sendFile(learner, file);
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json<{ jobId: string; processed: number; words: unknown[] }>();
    expect(started.words).toEqual([
      { spanish: 'el perro', russian: 'собака' },
      { spanish: 'el gato', russian: 'кошка' },
      { spanish: 'la casa', russian: 'дом' },
      { spanish: 'el árbol', russian: 'дерево' },
      { spanish: 'la ventana', russian: 'окно' },
      { spanish: 'el caballo', russian: 'лошадь' },
      { spanish: 'la manzana', russian: 'яблоко' },
    ]);
    expect(started.processed).toBe(7);

    const job = await finished(learner, started.jobId);
    expect(job.status).toBe('completed');
    expect(job.results?.errors).toEqual([
      {
        lineNumber: 3,
        spanish: null,
        stage: 'duplicates',
        code: 'import_row_bad_bytes',
        params: { line: 'la ni\uFFFDa / девочка' },
      },
      { lineNumber: 6, spanish: null, stage: 'duplicates', code: 'upload_line_no_spanish' },
      {
        lineNumber: 7,
        spanish: null,
        stage: 'duplicates',
        code: 'import_row_bad_bytes',
        params: { line: 'el libro\uFFFD' },
      },
    ]);
    const saved = await testApp.database.db
      .select({ spanish: words.spanish, russian: words.russian })
      .from(words)
      .where(eq(words.userId, learner.id))
      .orderBy(words.id);
    expect(saved).toEqual(started.words);
  });
});
