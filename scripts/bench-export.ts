/**
 * `npm run bench:export`: a learner's 10,000 words with media, out and back in (docs/product/transfer.md), on
 * the embedded PostgreSQL server as `npm start` runs it, through app.inject:
 * - exports: CSV, Anki package, backup — each job from its start to its download link, then the download
 *   read as a stream;
 * - imports into fresh learners: the Anki package, the CSV with 'fill what is missing' asked (every row is
 *   complete), the backup restored — each job to its end;
 * - the language-model requests each import made (the learners have an OpenAI key, served by the fake
 *   provider server), and, for comparison, a CSV of 1,000 rows that lack their example, filled on request.
 * Each phase reports its time, this process's RSS before it and its peak (files are written and read a
 * chunk at a time, so the peaks should stay far below the files' sizes); it runs with the memory settings
 * of `npm start`. Every word has its own picture (a small PNG) and three clips (MP3 frames); BENCH_WORDS
 * varies the count.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { transferFileChunks, words } from '../src/server/db/schema';
import { jobSchema } from '../src/shared/api/jobs';
import { exportResultsSchema, exportStartedSchema, importStartedSchema } from '../src/shared/api/transfer';
import { createMediaRepository } from '../src/server/media/media.repository';
import { mediaPathOf } from '../src/server/media/media-store';
import { startFakeProviders } from '../tests/support/fake-providers/fake-provider-server';
import { registerInProcess, startInProcessApp } from './lib/in-process-app';
import { benchWordRow } from './lib/word-rows';

const WORDS = Number(process.env.BENCH_WORDS ?? 10_000);
const workDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-files-'));
const MB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

const fake = await startFakeProviders();
const { app, database, close } = await startInProcessApp('export', {
  providerBaseUrls: fake.providerBaseUrls,
});
const db = database.db;

async function learnerWithKey(email: string) {
  const learner = await registerInProcess(app, db, email);
  const answer = await app.inject({
    method: 'POST',
    url: '/api/validate-openai-key',
    payload: { apiKey: 'sk-test-valid' },
    headers: { cookie: learner.cookie },
  });
  if (!answer.body.includes('true')) throw new Error(`the key was refused: ${answer.body}`);
  return learner;
}

// ---- Seed: every word with its own picture and three clips ----

const seedStarted = performance.now();
const owner = await registerInProcess(app, db, 'bench-export@example.com');
const media = createMediaRepository(db);
const clip = () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(6 * 1024)]);
const picture = () =>
  sharp(randomBytes(40 * 40 * 3), { raw: { width: 40, height: 40, channels: 3 } })
    .png()
    .toBuffer();
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let mediaBytes = 0;
for (let start = 0; start < WORDS; start += 250) {
  const count = Math.min(250, WORDS - start);
  const blobs: Array<{ sha256: string; mimeType: string; data: Buffer; userId: string }> = [];
  const rows = [];
  for (let offset = 0; offset < count; offset += 1) {
    const png = await picture();
    const clips = [clip(), clip(), clip()];
    blobs.push({ sha256: sha(png), mimeType: 'image/png', data: png, userId: owner.userId });
    for (const bytes of clips)
      blobs.push({ sha256: sha(bytes), mimeType: 'audio/mpeg', data: bytes, userId: owner.userId });
    mediaBytes += png.length + clips.reduce((sum, bytes) => sum + bytes.length, 0);
    rows.push({
      ...benchWordRow(owner.userId, start + offset),
      imageUrl: mediaPathOf(sha(png), 'image/png'),
      audioData: mediaPathOf(sha(clips[0]!), 'audio/mpeg'),
      secondVoiceAudioData: mediaPathOf(sha(clips[1]!), 'audio/mpeg'),
      russianAudioData: mediaPathOf(sha(clips[2]!), 'audio/mpeg'),
    });
  }
  await media.saveOwned(blobs);
  await db.insert(words).values(rows);
}
const seedMs = performance.now() - seedStarted;

// ---- Phases ----

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie } });

async function untilDone(cookie: string, jobId: string) {
  let job = jobSchema.parse((await call(cookie, 'GET', `/api/jobs/${jobId}`)).json());
  while (job.status === 'pending' || job.status === 'processing') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = jobSchema.parse((await call(cookie, 'GET', `/api/jobs/${jobId}`)).json());
  }
  if (job.status !== 'completed')
    throw new Error(`${job.kind} ended ${job.status}: ${JSON.stringify(job.error)}`);
  return job;
}

/**
 * Runs a phase, sampling this process's RSS: its time, the RSS before it and its peak (RSS rarely shrinks
 * between phases, so each peak is read against the level after seeding).
 */
async function measure<T>(run: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      value,
      ms: Math.round(performance.now() - started),
      rssBeforeMb: round(before / MB),
      peakRssMb: round(peak / MB),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function exportAs(format: 'csv' | 'apkg' | 'backup') {
  const exported = await measure(async () => {
    const { jobId } = exportStartedSchema.parse(
      (await call(owner.cookie, 'POST', '/api/exports', { format })).json(),
    );
    return exportResultsSchema.parse((await untilDone(owner.cookie, jobId)).results);
  });
  const results = exported.value;
  if (!results.downloadUrl || !results.fileId) throw new Error('no download');
  // Saved to disk, as a browser does: this process holds no whole file, so its RSS is the server's.
  const filePath = path.join(workDir, results.fileName);
  const downloaded = await measure(async () => {
    const download = await app.inject({
      method: 'GET',
      url: results.downloadUrl!,
      headers: { cookie: owner.cookie },
      payloadAsStream: true,
    });
    await pipeline(download.stream(), createWriteStream(filePath));
  });
  const chunks = await db
    .select({ index: transferFileChunks.chunkIndex })
    .from(transferFileChunks)
    .where(eq(transferFileChunks.fileId, results.fileId));
  return {
    filePath,
    report: {
      exportMs: exported.ms,
      rssBeforeMb: exported.rssBeforeMb,
      exportPeakRssMb: exported.peakRssMb,
      downloadMs: downloaded.ms,
      downloadPeakRssMb: downloaded.peakRssMb,
      fileMb: round(results.byteSize / MB),
      chunks: chunks.length,
    },
  };
}

/** Sends the file as a multipart body streamed from disk, as a browser's upload arrives. */
async function importFile(cookie: string, fileName: string, filePath: string, options: object = {}) {
  const boundary = '----palabra-bench';
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n\r\n`,
    );
    yield* createReadStream(filePath);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const callsBefore = fake.requestsTo('openai', '/chat/completions').length;
  const imported = await measure(async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: Readable.from(body(), { objectMode: false }),
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (answer.statusCode !== 200) throw new Error(`the import was refused: ${answer.body}`);
    return untilDone(cookie, importStartedSchema.parse(answer.json()).jobId);
  });
  const results = imported.value.results as { words: unknown[]; errors: unknown[] };
  return {
    importMs: imported.ms,
    rssBeforeMb: imported.rssBeforeMb,
    importPeakRssMb: imported.peakRssMb,
    wordsAdded: results.words.length,
    errors: results.errors.length,
    languageModelRequests: fake.requestsTo('openai', '/chat/completions').length - callsBefore,
  };
}

const learnerCookie = async (email: string) => (await learnerWithKey(email)).cookie;
global.gc?.();
const rssAfterSeedMb = round(process.memoryUsage().rss / MB);

const csv = await exportAs('csv');
const apkg = await exportAs('apkg');
const backup = await exportAs('backup');

// The restore before the CSV imports: words without clips leave the built-in clips job running behind them,
// whose synthesiser would be counted in every later phase.
const apkgImport = await importFile(
  await learnerCookie('bench-apkg@example.com'),
  'deck.apkg',
  apkg.filePath,
);
const restore = await importFile(
  await learnerCookie('bench-restore@example.com'),
  'backup.zip',
  backup.filePath,
);
const lackingPath = path.join(workDir, 'lacking.csv');
writeFileSync(
  lackingPath,
  ['spanish,russian', ...Array.from({ length: 1000 }, (_, index) => `falta${index},нет ${index}`)].join('\n'),
);
const lackingImport = await importFile(
  await learnerCookie('bench-lacking@example.com'),
  'lacking.csv',
  lackingPath,
  { enrichMissing: true },
);
const csvImport = await importFile(await learnerCookie('bench-csv@example.com'), 'words.csv', csv.filePath, {
  enrichMissing: true,
});

await close();
await fake.close();
rmSync(workDir, { recursive: true, force: true });

process.stdout.write(
  `${JSON.stringify(
    {
      words: WORDS,
      mediaFiles: WORDS * 4,
      mediaMb: round(mediaBytes / MB),
      seedMs: Math.round(seedMs),
      rssAfterSeedMb,
      export: { csv: csv.report, apkg: apkg.report, backup: backup.report },
      import: {
        apkg: apkgImport,
        csvWithFillMissing: csvImport,
        csv1000RowsLackingExamples: lackingImport,
        backupRestore: restore,
      },
    },
    null,
    2,
  )}\n`,
);
