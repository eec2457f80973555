import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import { exportResultsSchema, exportStartedSchema, importPreviewSchema } from '../../src/shared/api/transfer';
import { transferFileChunks, transferFiles } from '../../src/server/db/schema';
import { MAX_CHUNK_BYTES, splitIntoChunks } from '../../src/server/modules/transfer/chunk-sink';
import { EXPORT_CSV_COLUMNS, restoreCell } from '../../src/server/modules/transfer/csv-cells';
import { createTransferRepository } from '../../src/server/modules/transfer/transfer.repository';
import { seedWords } from '../support/word-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { sendMultipart } from '../support/multipart';

// docs/product/transfer.md#exports: a CSV export through the routes and the job runtime, then its download.

let testApp: TestApp;
let clock = new Date();
/** A learner's transfer quota here: reached with a few small files instead of gigabytes. */
const QUOTA_BYTES = 8 * 1024 * 1024;

beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true, now: () => clock, transferQuotaBytes: QUOTA_BYTES });
});
afterAll(() => testApp.close());

const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function waitForJob(user: TestUser, jobId: string): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = jobSchema.parse((await send(user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

async function exportCsv(user: TestUser, wordIds?: number[]) {
  const started = await send(user, 'POST', '/api/exports', {
    format: 'csv',
    ...(wordIds ? { wordIds } : {}),
  });
  expect(started.statusCode, started.body).toBe(200);
  const job = await waitForJob(user, exportStartedSchema.parse(started.json()).jobId);
  expect(job.status).toBe('completed');
  return exportResultsSchema.parse(job.results);
}

const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('a CSV export', () => {
  it('writes every word, a column per field, UTF-8 with a BOM, and is downloaded by its learner alone', async () => {
    const learner = await registerUser(testApp.app);
    await seedWords(testApp.database.db, learner.id, [
      {
        spanish: 'el perro',
        russian: 'собака',
        example: 'El perro, "Toby", come.',
        exampleTranslation: 'Собака ест;\nс аппетитом',
        partOfSpeech: 'noun',
        cefrLevel: 'A1',
        themeCategory: 'животные',
        attempts: 7,
      },
      { spanish: 'cantar', russian: 'петь', isHidden: true },
      // Kept without a translation (docs/product/upload.md#spanish-only-lines): an empty cell.
      { spanish: 'nadar', russian: '', needsTranslation: true },
    ]);
    clock = new Date('2031-06-15T10:00:00.000Z');
    const results = await exportCsv(learner);
    expect(results).toMatchObject({ format: 'csv', words: 3, fileName: 'palabra-words-2031-06-15.csv' });
    expect(results.downloadUrl).toBe(`/api/exports/${results.fileId}/download`);
    expect(results.expiresAt).toBe('2031-06-16T10:00:00.000Z');

    const download = await send(learner, 'GET', results.downloadUrl!);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('palabra-words-2031-06-15.csv');
    expect(Number(download.headers['content-length'])).toBe(download.rawPayload.length);
    expect(download.rawPayload.length).toBe(results.byteSize);
    expect([...download.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(download.rawPayload.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    expect(rows.slice(1).map((row) => row.slice(0, 9))).toEqual([
      [
        'el perro',
        'собака',
        'El perro, "Toby", come.',
        'Собака ест;\nс аппетитом',
        'noun',
        'A1',
        'животные',
        '7',
        'false',
      ],
      ['cantar', 'петь', '', '', '', '', '', '0', 'true'],
      ['nadar', '', '', '', '', '', '', '0', 'false'],
    ]);

    const stranger = await registerUser(testApp.app);
    expect((await send(stranger, 'GET', results.downloadUrl!)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: results.downloadUrl! })).statusCode).toBe(401);
  });

  it('neutralises text cells a spreadsheet would run as formulas, and never a count', async () => {
    const learner = await registerUser(testApp.app);
    await seedWords(testApp.database.db, learner.id, [
      { spanish: '=A1', russian: 'формула', attempts: 3 },
      { spanish: '-ito', russian: '-ик', example: '\tcasita', exampleTranslation: '\rдомик' },
      { spanish: '+34', russian: 'код Испании', themeCategory: '@x' },
      { spanish: '@x', russian: '=1+1', example: "'=A1", exampleTranslation: 'a=b' },
      { spanish: "'hola", russian: ' =1', example: '' },
    ]);
    const results = await exportCsv(learner);
    const raw = (await send(learner, 'GET', results.downloadUrl!)).rawPayload.toString('utf8');
    const rows = parseCsv(raw.slice(1));
    expect(rows[0]).toEqual([...EXPORT_CSV_COLUMNS]);
    const cells = rows.slice(1).map((row) => row.slice(0, 8));
    expect(cells).toEqual([
      ["'=A1", 'формула', '', '', '', '', '', '3'],
      ["'-ito", "'-ик", "'\tcasita", "'\rдомик", '', '', '', '0'],
      ["'+34", 'код Испании', '', '', '', '', "'@x", '0'],
      ["'@x", "'=1+1", "''=A1", 'a=b', '', '', '', '0'],
      ["'hola", ' =1', '', '', '', '', '', '0'],
    ]);
    // The quotes come off exactly as they went on: what the learner wrote, cell for cell.
    expect(cells.map((row) => row.slice(0, 4).map(restoreCell))).toEqual([
      ['=A1', 'формула', '', ''],
      ['-ito', '-ик', '\tcasita', '\rдомик'],
      ['+34', 'код Испании', '', ''],
      ['@x', '=1+1', "'=A1", 'a=b'],
      ["'hola", ' =1', '', ''],
    ]);
  });

  it('writes only the words asked for, and of the learner’s own', async () => {
    const learner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const [first, , third] = await seedWords(testApp.database.db, learner.id, [
      { spanish: 'uno' },
      { spanish: 'dos' },
      { spanish: 'tres' },
    ]);
    const [foreign] = await seedWords(testApp.database.db, other.id, [{ spanish: 'ajeno' }]);
    const results = await exportCsv(learner, [third!, first!, foreign!]);
    expect(results.words).toBe(2);
    const rows = parseCsv(
      (await send(learner, 'GET', results.downloadUrl!)).rawPayload.toString('utf8').slice(1),
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual(['uno', 'tres']);
  });

  it('is followed through GET /api/jobs/:id, for its learner alone', async () => {
    const learner = await registerUser(testApp.app);
    const started = await send(learner, 'POST', '/api/exports', { format: 'csv' });
    const { jobId } = exportStartedSchema.parse(started.json());
    await waitForJob(learner, jobId);
    const answer = await send(learner, 'GET', `/api/jobs/${jobId}`);
    expect(answer.statusCode).toBe(200);
    const job = jobSchema.parse(answer.json());
    expect(job).toMatchObject({ kind: 'export-words', status: 'completed' });
    expect(exportResultsSchema.parse(job.results).downloadUrl).toMatch(/^\/api\/exports\/.+\/download$/);
    const stranger = await registerUser(testApp.app);
    expect((await send(stranger, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
  });

  it('of an empty dictionary still has its columns', async () => {
    const learner = await registerUser(testApp.app);
    const results = await exportCsv(learner);
    expect(results.words).toBe(0);
    const text = (await send(learner, 'GET', results.downloadUrl!)).rawPayload.toString('utf8');
    expect(text).toBe(`\uFEFF${EXPORT_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('is kept in chunks of at most 1 MB and deleted after 24 hours', async () => {
    const learner = await registerUser(testApp.app);
    const long = 'x'.repeat(4000);
    await seedWords(
      testApp.database.db,
      learner.id,
      Array.from({ length: 600 }, (_, index) => ({ spanish: `palabra${index}`, example: long })),
    );
    clock = new Date('2031-06-15T10:00:00.000Z');
    const results = await exportCsv(learner);
    expect(results.words).toBe(600);
    const chunks = await testApp.database.db
      .select({ data: transferFileChunks.data })
      .from(transferFileChunks)
      .where(eq(transferFileChunks.fileId, results.fileId!));
    expect(chunks.length).toBeGreaterThan(2);
    expect(Math.max(...chunks.map((chunk) => chunk.data.length))).toBeLessThanOrEqual(MAX_CHUNK_BYTES);
    const download = await send(learner, 'GET', results.downloadUrl!);
    expect(parseCsv(download.rawPayload.toString('utf8').slice(1))).toHaveLength(601);

    clock = new Date('2031-06-16T10:00:01.000Z');
    expect((await send(learner, 'GET', results.downloadUrl!)).statusCode).toBe(404);
    // The hourly purge deletes the file and its chunks.
    expect(await createTransferRepository(testApp.database.db).deleteExpired(clock)).toBeGreaterThanOrEqual(
      1,
    );
    const left = await testApp.database.db
      .select({ id: transferFiles.id })
      .from(transferFiles)
      .where(eq(transferFiles.id, results.fileId!));
    expect(left).toEqual([]);
    const leftChunks = await testApp.database.db
      .select({ index: transferFileChunks.chunkIndex })
      .from(transferFileChunks)
      .where(eq(transferFileChunks.fileId, results.fileId!));
    expect(leftChunks).toEqual([]);
  });

  it('splits bytes into pieces of at most 1 MB without losing one', () => {
    const bytes = Buffer.alloc(MAX_CHUNK_BYTES * 2 + 10, 7);
    const chunks = splitIntoChunks(bytes);
    expect(chunks.map((chunk) => chunk.length)).toEqual([MAX_CHUNK_BYTES, MAX_CHUNK_BYTES, 10]);
    expect(splitIntoChunks(Buffer.alloc(0))).toEqual([]);
  });

  it('refuses a format it does not write and an empty selection, naming the field', async () => {
    const learner = await registerUser(testApp.app);
    const unknown = await send(learner, 'POST', '/api/exports', { format: 'xlsx' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'validation_failed', params: { field: 'format' } });
    const empty = await send(learner, 'POST', '/api/exports', { format: 'csv', wordIds: [] });
    expect(empty.json()).toMatchObject({ code: 'validation_failed', params: { field: 'wordIds' } });
  });
});

describe('a learner’s stored import and export files', () => {
  /** A CSV that previews, exactly `megabytes` MB long: a thousand rows with long examples. */
  const csvOf = (megabytes: number) => {
    const header = 'spanish,russian,example\n';
    const rows = Array.from({ length: 1024 }, (_, index) => `palabra${index},слово${index},`);
    const body = megabytes * 1024 * 1024 - Buffer.byteLength(header + rows.join(''));
    const pad = Math.floor(body / rows.length);
    const csv = Buffer.from(header + rows.map((row) => `${row}${'x'.repeat(pad - 1)}\n`).join(''));
    return Buffer.concat([csv, Buffer.alloc(megabytes * 1024 * 1024 - csv.length, 'x')]);
  };
  const preview = (user: TestUser, bytes: Buffer) =>
    sendMultipart(testApp.app, user, '/api/imports/preview', { file: { name: 'words.csv', bytes } });
  const stored = (user: TestUser) =>
    testApp.database.db.select().from(transferFiles).where(eq(transferFiles.userId, user.id));

  it('wait an hour for their import, and together stay within the learner’s quota', async () => {
    const learner = await registerUser(testApp.app);
    clock = new Date('2031-07-01T10:00:00.000Z');
    const first = await preview(learner, csvOf(5));
    expect(first.statusCode, first.body).toBe(200);
    const { fileId } = importPreviewSchema.parse(first.json());

    // 5 MB kept and 5 MB more: refused while it arrives, and nothing of it kept.
    const second = await preview(learner, csvOf(5));
    expect(second.statusCode, second.body).toBe(413);
    expect(second.json()).toMatchObject({ code: 'transfer_quota_exceeded', params: { maxMb: 8 } });
    expect(await stored(learner)).toHaveLength(1);
    // Filled to the quota, no export starts either.
    expect((await preview(learner, csvOf(3))).statusCode).toBe(200);
    const exported = await send(learner, 'POST', '/api/exports', { format: 'csv' });
    expect(exported.statusCode, exported.body).toBe(413);
    expect(exported.json()).toMatchObject({ code: 'transfer_quota_exceeded' });
    // Another learner has a quota of their own.
    const other = await registerUser(testApp.app);
    expect((await preview(other, csvOf(5))).statusCode).toBe(200);

    // An hour later the first preview names no file any more, and the purge takes it.
    clock = new Date('2031-07-01T11:00:01.000Z');
    const late = await sendMultipart(testApp.app, learner, '/api/imports', { fields: { fileId } });
    expect(late.statusCode).toBe(404);
    await createTransferRepository(testApp.database.db).deleteExpired(clock);
    expect(await stored(learner)).toEqual([]);
  });
});
