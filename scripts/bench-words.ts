/**
 * `npm run bench:words`: GET /api/words for a learner with 10,000 words (and ten other learners' words in
 * the same tables), on the embedded PostgreSQL server as `npm start` runs it, through app.inject. Reports the median
 * and p95 latency and the payload size of the whole list, of a search and of a filter.
 * Target (the dictionary issue): the whole list answers in under 50 ms median. BENCH_WORDS and
 * BENCH_RUNS vary it. Exits non-zero when the median of the whole list is 50 ms or more. Also reported,
 * without a target: the whole list right after a word changed (the cache cannot answer it), and each
 * request as a browser makes it (Accept-Encoding with brotli), with the bytes that then travel.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { registerInProcess, startInProcessApp } from './lib/in-process-app';
import { benchWordRow } from './lib/word-rows';
import { words } from '../src/server/db/schema';

const WORDS = Number(process.env.BENCH_WORDS ?? 10_000);
const OTHER_LEARNERS = 10;
const OTHER_WORDS = 1_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP = 10;
const TARGET_MEDIAN_MS = 50;

const { app, database, close } = await startInProcessApp('words');

const register = (email: string) => registerInProcess(app, database.db, email);

async function seed(userId: string, count: number) {
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) =>
      benchWordRow(userId, start + offset),
    );
    await database.db.insert(words).values(rows);
  }
}

const learner = await register('bench-words@example.com');
for (let other = 0; other < OTHER_LEARNERS; other += 1) {
  const { userId } = await register(`bench-other-${other}@example.com`);
  await seed(userId, OTHER_WORDS);
}
await seed(learner.userId, WORDS);
await database.pool?.query('ANALYZE');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

/**
 * One request, timed until its last byte. The payload is taken as a stream: light-my-request would
 * otherwise decode megabytes into a string for the test's convenience, which no real client makes the
 * server do.
 */
async function timedGet(url: string, acceptEncoding: string | undefined) {
  const started = performance.now();
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { cookie: learner.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    payloadAsStream: true,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
  const elapsed = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  const body = Buffer.concat(chunks);
  const encoding = response.headers['content-encoding'];
  const json = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return { elapsed, body, json, encoding: typeof encoding === 'string' ? encoding : 'identity' };
}

/** What a browser sends: the list then travels compressed. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * `beforeEach` runs untimed before every request (to change a word, so nothing cached can answer);
 * `acceptEncoding` is the client's Accept-Encoding (none: the list travels as built).
 */
async function measure(
  url: string,
  options: { beforeEach?: (run: number) => Promise<void>; acceptEncoding?: string } = {},
) {
  const { beforeEach, acceptEncoding } = options;
  const { body, json, encoding } = await timedGet(url, acceptEncoding);
  const items = (JSON.parse(json.toString('utf8')) as unknown[]).length;
  for (let run = 0; run < WARM_UP; run += 1) {
    await beforeEach?.(run);
    await timedGet(url, acceptEncoding);
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await beforeEach?.(run);
    times.push((await timedGet(url, acceptEncoding)).elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    url,
    items,
    medianMs: round(percentile(times, 0.5)),
    p95Ms: round(percentile(times, 0.95)),
    encoding,
    payloadKb: Math.round(body.length / 1024),
    jsonKb: Math.round(json.length / 1024),
  };
}

const [firstWord] = await database.db
  .select({ id: words.id })
  .from(words)
  .where(eq(words.userId, learner.userId))
  .limit(1);
const touchAWord = async (run: number) => {
  await database.db
    .update(words)
    .set({ attempts: run })
    .where(eq(words.id, firstWord?.id ?? 0));
};

const results = {
  words: WORDS,
  otherLearners: OTHER_LEARNERS,
  runs: RUNS,
  list: await measure('/api/words'),
  /** As a browser asks for it: brotli, compressed once per version of the list and kept. */
  listCompressed: await measure('/api/words', { acceptEncoding: BROWSER_ENCODINGS }),
  search: await measure(`/api/words?search=${encodeURIComponent('palabra12')}`, {
    acceptEncoding: BROWSER_ENCODINGS,
  }),
  filter: await measure('/api/words?cefrLevel=B1&partOfSpeech=noun', { acceptEncoding: BROWSER_ENCODINGS }),
  /** The whole list right after a change to one word: built anew by the database, not from the cache. */
  listAfterChange: await measure('/api/words', { beforeEach: touchAWord }),
  listAfterChangeCompressed: await measure('/api/words', {
    beforeEach: touchAWord,
    acceptEncoding: BROWSER_ENCODINGS,
  }),
};

await close();

const isWithinTarget = results.list.medianMs < TARGET_MEDIAN_MS;
process.stdout.write(
  `${JSON.stringify({ ...results, targetMedianMs: TARGET_MEDIAN_MS, isWithinTarget }, null, 2)}\n`,
);
process.exit(isWithinTarget ? 0 : 1);
