/**
 * `npm run bench:export`: a CSV export of a learner's 10,000 words (docs/product/transfer.md#exports), on the
 * embedded PostgreSQL server as `npm start` runs it, through app.inject: the export job from its start to its
 * download link, then the download read as a stream. Reports both times, the file's size and chunks, and this
 * process's peak RSS above its level before the export (the file is written and read a chunk at a time, so
 * that should stay far below the file's size times a few). BENCH_WORDS varies it. No target is set yet; the
 * formats with media (Anki, backup) will be measured here too.
 */
import { eq } from 'drizzle-orm';
import { transferFileChunks, words } from '../src/server/db/schema';
import { jobSchema } from '../src/shared/api/jobs';
import { exportResultsSchema, exportStartedSchema } from '../src/shared/api/transfer';
import { registerInProcess, startInProcessApp } from './lib/in-process-app';
import { benchWordRow } from './lib/word-rows';

const WORDS = Number(process.env.BENCH_WORDS ?? 10_000);
const MB = 1024 * 1024;

const { app, database, close } = await startInProcessApp('export');

const learner = await registerInProcess(app, database.db, 'bench-export@example.com');
for (let start = 0; start < WORDS; start += 1000) {
  const rows = Array.from({ length: Math.min(1000, WORDS - start) }, (_, offset) =>
    benchWordRow(learner.userId, start + offset),
  );
  await database.db.insert(words).values(rows);
}

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: learner.cookie } });

global.gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 20);

const started = performance.now();
const { jobId } = exportStartedSchema.parse((await inject('POST', '/api/exports', { format: 'csv' })).json());
let job = jobSchema.parse((await inject('GET', `/api/jobs/${jobId}`)).json());
while (job.status === 'pending' || job.status === 'processing') {
  await new Promise((resolve) => setTimeout(resolve, 50));
  job = jobSchema.parse((await inject('GET', `/api/jobs/${jobId}`)).json());
}
const exportMs = performance.now() - started;
if (job.status !== 'completed') throw new Error(`the export ended ${job.status}`);
const results = exportResultsSchema.parse(job.results);
if (!results.downloadUrl || !results.fileId) throw new Error('no download');

const downloadStarted = performance.now();
const download = await app.inject({
  method: 'GET',
  url: results.downloadUrl,
  headers: { cookie: learner.cookie },
  payloadAsStream: true,
});
let downloaded = 0;
for await (const chunk of download.stream()) downloaded += (chunk as Buffer).length;
const downloadMs = performance.now() - downloadStarted;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const chunks = await database.db
  .select({ index: transferFileChunks.chunkIndex })
  .from(transferFileChunks)
  .where(eq(transferFileChunks.fileId, results.fileId));

await close();

const round = (value: number) => Math.round(value * 10) / 10;
process.stdout.write(
  `${JSON.stringify(
    {
      words: WORDS,
      format: 'csv',
      exportMs: Math.round(exportMs),
      downloadMs: Math.round(downloadMs),
      fileMb: round(results.byteSize / MB),
      downloadedMb: round(downloaded / MB),
      chunks: chunks.length,
      wordsPerSecond: Math.round(WORDS / (exportMs / 1000)),
      rssBeforeMb: round(baselineRss / MB),
      peakRssAboveBeforeMb: round((peakRss - baselineRss) / MB),
    },
    null,
    2,
  )}\n`,
);
