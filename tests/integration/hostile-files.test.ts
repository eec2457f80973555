import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobSchema, type UploadWordsJob } from '../../src/shared/api/jobs';
import {
  importPreviewSchema,
  importStartedSchema,
  MAX_IMPORT_ROWS,
  restoreResultsSchema,
} from '../../src/shared/api/transfer';
import { transferFiles, words } from '../../src/server/db/schema';
import { MAX_BACKUP_LINE_BYTES } from '../../src/server/modules/transfer/backup-tables';
import { BASIC_NOTE_TYPE, legacyPackage } from '../support/anki-packages';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import {
  collectionBombPackage,
  CSV_BOMBS,
  deflatedZip,
  generatedColumnPackage,
  longLineBackup,
  mediaFileBombPackage,
  mediaListBombPackage,
  recursiveViewPackage,
  triggerPackage,
} from '../support/hostile-files';
import { sendMultipart } from '../support/multipart';
import { waitForUploadJob } from '../support/upload-jobs';

/*
 * docs/product/transfer.md#limits: files a hostile learner would send, each made here. Each answers its
 * code or its per-row errors, and another learner's requests keep being answered while it is read: the
 * parsers run off the event loop, and every size is bounded while the bytes are made.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
});
afterAll(() => testApp.close());

/** What a busy server may take to answer a sign-in check; a file read on the event loop took 20–51 s. */
const MAX_STATUS_MS = 2_000;

/**
 * Sends `request` while another learner asks for their sign-in state again and again; answers the request's
 * answer and the slowest of those checks.
 */
async function whileOthersAsk<T>(request: () => Promise<T>) {
  const other = await registerUser(testApp.app);
  // An object: the request's end sets it while the loop awaits, which narrowing cannot see.
  const state = { isDone: false };
  let slowestMs = 0;
  let checks = 0;
  const asking = (async () => {
    while (!state.isDone) {
      const started = performance.now();
      const status = await testApp.app.inject({
        method: 'GET',
        url: '/api/auth/status',
        headers: { cookie: other.cookie },
      });
      expect(status.statusCode).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      checks += 1;
      // Paced, so the checks measure the event loop rather than fill it.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    return { answer: await request(), slowestMs };
  } finally {
    state.isDone = true;
    await asking;
    expect(checks).toBeGreaterThan(0);
  }
}

const preview = (user: TestUser, name: string, bytes: Buffer) =>
  sendMultipart(testApp.app, user, '/api/imports/preview', { file: { name, bytes } });

async function startImport(user: TestUser, name: string, bytes: Buffer) {
  const started = await sendMultipart(testApp.app, user, '/api/imports', { file: { name, bytes } });
  expect(started.statusCode, started.body).toBe(200);
  return importStartedSchema.parse(started.json()).jobId;
}

const storedFiles = (user: TestUser) =>
  testApp.database.db.select().from(transferFiles).where(eq(transferFiles.userId, user.id));

describe('a hostile Anki package', () => {
  it.each([
    ['whose notes are a recursive view', recursiveViewPackage],
    ['whose fields are a generated column of 50 MB a row', generatedColumnPackage],
    ['with a trigger', triggerPackage],
    ['whose collection is a zstd bomb of 1 GB', () => collectionBombPackage()],
  ])('%s is refused as unreadable, and nobody waits for it', async (_, make) => {
    const learner = await registerUser(testApp.app);
    const bytes = await make();
    expect(bytes.length).toBeLessThan(64 * 1024);
    const { answer, slowestMs } = await whileOthersAsk(() => preview(learner, 'deck.apkg', bytes));
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'import_unreadable' });
    expect(slowestMs).toBeLessThan(MAX_STATUS_MS);
    // Refused: not kept.
    expect(await storedFiles(learner)).toEqual([]);
  });

  it('with a media list that inflates to 512 MB previews, and its import reports the rows’ files missing', async () => {
    const learner = await registerUser(testApp.app);
    const bytes = await mediaListBombPackage();
    const shown = await preview(learner, 'deck.apkg', bytes);
    expect(shown.statusCode, shown.body).toBe(200);
    const { fileId, rowCount } = importPreviewSchema.parse(shown.json());
    expect(rowCount).toBe(1);
    const { answer: jobId, slowestMs } = await whileOthersAsk(async () => {
      const started = await sendMultipart(testApp.app, learner, '/api/imports', { fields: { fileId } });
      expect(started.statusCode, started.body).toBe(200);
      return importStartedSchema.parse(started.json()).jobId;
    });
    const job = await waitForUploadJob(testApp.app, learner, jobId);
    expect(slowestMs).toBeLessThan(MAX_STATUS_MS);
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => word.spanish)).toEqual(['perro']);
    expect(job.results?.errors).toEqual([
      expect.objectContaining({ lineNumber: 1, code: 'import_media_missing', params: { name: 'perro.mp3' } }),
    ]);
    // Its job is done with it: the package is deleted.
    expect(await storedFiles(learner)).toEqual([]);
  });

  it('with a media file that is a zstd bomb saves the word without it, an error of its row', async () => {
    const learner = await registerUser(testApp.app);
    const bytes = await mediaFileBombPackage();
    const job = await waitForUploadJob(testApp.app, learner, await startImport(learner, 'deck.apkg', bytes));
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => word.spanish)).toEqual(['perro']);
    expect(job.results?.errors).toEqual([
      expect.objectContaining({ code: 'import_media_unreadable', params: { name: 'perro.mp3' } }),
    ]);
  });

  it(`of ${MAX_IMPORT_ROWS + 1} notes answers import_too_many_rows`, async () => {
    const learner = await registerUser(testApp.app);
    const bytes = await legacyPackage({
      noteTypes: [BASIC_NOTE_TYPE],
      decks: [{ id: 1, name: 'Default' }],
      notes: Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, index) => ({
        guid: `n${index}`,
        noteTypeId: 1,
        deckId: 1,
        fields: [`palabra${index}`, `слово${index}`],
      })),
      media: {},
    });
    const answer = await sendMultipart(testApp.app, learner, '/api/imports', {
      file: { name: 'deck.apkg', bytes },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'import_too_many_rows', params: { max: MAX_IMPORT_ROWS } });
    expect(await storedFiles(learner)).toEqual([]);
  });
});

describe('a CSV of the size limit that costs most to read', () => {
  it.each(CSV_BOMBS)('(%s) answers its code or its rows, and nobody waits for it', async (name, make) => {
    const learner = await registerUser(testApp.app);
    const { answer, slowestMs } = await whileOthersAsk(() => preview(learner, `${name}.csv`, make()));
    expect(slowestMs).toBeLessThan(MAX_STATUS_MS);
    if (name === 'newlines') expect(answer.json()).toMatchObject({ code: 'import_no_words' });
    if (name === 'a-lines') {
      expect(answer.json()).toMatchObject({ code: 'import_too_many_rows', params: { max: MAX_IMPORT_ROWS } });
    }
    if (name === 'one-quoted-cell') {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(importPreviewSchema.parse(answer.json()).rowCount).toBe(1);
    }
  });
});

describe('a backup whose line is one byte over the longest a restore reads', () => {
  it('restores the other rows and reports that one as an error of its table', async () => {
    const learner = await registerUser(testApp.app);
    const bytes = await longLineBackup(MAX_BACKUP_LINE_BYTES + 1);
    const shown = await preview(learner, 'backup.zip', bytes);
    expect(shown.statusCode, shown.body).toBe(200);
    const started = await sendMultipart(testApp.app, learner, '/api/imports', {
      fields: { fileId: importPreviewSchema.parse(shown.json()).fileId },
    });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = importStartedSchema.parse(started.json()).jobId;
    const job = await vi.waitUntil(
      async () => {
        const read = jobSchema.parse(
          (
            await testApp.app.inject({
              method: 'GET',
              url: `/api/jobs/${jobId}`,
              headers: { cookie: learner.cookie },
            })
          ).json(),
        );
        return read.status === 'pending' || read.status === 'processing' ? null : read;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(job.status).toBe('completed');
    const results = restoreResultsSchema.parse(job.results);
    expect(results.words.map((word) => word.spanish)).toEqual(['perro']);
    expect(results.errors).toEqual([
      expect.objectContaining({
        code: 'backup_row_too_long',
        params: { table: 'words', maxKb: MAX_BACKUP_LINE_BYTES / 1024 },
      }),
    ]);
    const rows = await testApp.database.db.select().from(words).where(eq(words.userId, learner.id));
    expect(rows.map((row) => row.spanish)).toEqual(['perro']);
    expect(await storedFiles(learner)).toEqual([]);
  });
});

describe('a backup whose table does not read', () => {
  it('restores the rest and reports that table as an error of its own', async () => {
    const learner = await registerUser(testApp.app);
    const manifest = {
      app: 'palabra',
      version: 1,
      createdAt: '2030-01-01T00:00:00.000Z',
      rows: { words: 1 },
      media: [],
    };
    const word = { id: 1, spanish: 'perro', russian: 'собака', createdAt: '2030-01-01T00:00:00.000Z' };
    // The words table first: the archive's first bytes are its local header, broken here, while the
    // directory at the end and the manifest still read, so the preview and the start take the file.
    const bytes = await deflatedZip([
      ['tables/words.jsonl', Buffer.from(`${JSON.stringify(word)}\n`)],
      ['manifest.json', Buffer.from(JSON.stringify(manifest))],
    ]);
    bytes[0] = (bytes[0] ?? 0) ^ 0xff;
    const shown = await preview(learner, 'backup.zip', bytes);
    expect(shown.statusCode, shown.body).toBe(200);
    const started = await sendMultipart(testApp.app, learner, '/api/imports', {
      fields: { fileId: importPreviewSchema.parse(shown.json()).fileId },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await endedJob(learner, importStartedSchema.parse(started.json()).jobId);
    expect(job.error).toBeNull();
    expect(job.status).toBe('completed');
    expect(restoreResultsSchema.parse(job.results).errors).toEqual([
      expect.objectContaining({ code: 'backup_row_unreadable', params: { table: 'words' } }),
    ]);
    expect(await storedFiles(learner)).toEqual([]);
  });
});

/** Any job of the learner's once it has ended, as `GET /api/jobs/:id` reads it. */
async function endedJob(user: TestUser, jobId: string) {
  return vi.waitUntil(
    async () => {
      const read = jobSchema.parse(
        (
          await testApp.app.inject({
            method: 'GET',
            url: `/api/jobs/${jobId}`,
            headers: { cookie: user.cookie },
          })
        ).json(),
      );
      return read.status === 'pending' || read.status === 'processing' ? null : read;
    },
    { timeout: 60_000, interval: 50 },
  );
}

describe('a file that takes its reader past the budget', () => {
  let tightApp: TestApp;
  beforeAll(async () => {
    // A budget no reading of a 20 MB file meets: the thread is ended mid-task.
    tightApp = await buildTestApp({ fileReading: { budgetMs: 1 } });
  });
  afterAll(() => tightApp.close());

  it('is refused as too complex, and nothing of it is kept', async () => {
    const learner = await registerUser(tightApp.app);
    const [, aLines] = CSV_BOMBS.find(([name]) => name === 'a-lines')!;
    const answer = await sendMultipart(tightApp.app, learner, '/api/imports/preview', {
      file: { name: 'a.csv', bytes: aLines() },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'import_too_complex' });
    expect(await tightApp.database.db.select().from(transferFiles)).toEqual([]);
  });
});

describe('two imports started together by one learner', () => {
  it('each keep their own options and report every row', async () => {
    const learner = await registerUser(testApp.app);
    const csv = (from: number) =>
      Buffer.from(
        `spanish,russian\n${Array.from({ length: 200 }, (_, n) => `palabra${from + n},слово${from + n}`).join('\n')}\n`,
      );
    const start = (bytes: Buffer, generateImages: boolean) =>
      startImportWith(learner, bytes, { generateImages });
    // The second overlaps the first by half its rows: whichever saves a word first adds it.
    const [withPictures, without] = await Promise.all([start(csv(0), true), start(csv(100), false)]);
    const [first, second] = await Promise.all([
      waitForUploadJob(testApp.app, learner, withPictures),
      waitForUploadJob(testApp.app, learner, without),
    ]);
    for (const job of [first, second]) {
      expect(job.status).toBe('completed');
      const reported = (job.results?.words.length ?? 0) + (job.results?.duplicates.length ?? 0);
      expect(reported).toBe(200);
    }
    const pictured = (job: UploadWordsJob) => job.results?.words ?? [];
    const rows = await testApp.database.db.select().from(words).where(eq(words.userId, learner.id));
    expect(rows).toHaveLength(300);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(pictured(first).every((word) => byId.get(word.id)?.imageUrl)).toBe(true);
    expect(pictured(second).every((word) => !byId.get(word.id)?.imageUrl)).toBe(true);
  });
});

async function startImportWith(user: TestUser, bytes: Buffer, options: { generateImages: boolean }) {
  const started = await sendMultipart(testApp.app, user, '/api/imports', {
    file: { name: 'words.csv', bytes },
    fields: { options: JSON.stringify(options) },
  });
  expect(started.statusCode, started.body).toBe(200);
  return importStartedSchema.parse(started.json()).jobId;
}
