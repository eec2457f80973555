/**
 * `npm run bench:upload`: 1,000 new words through the whole upload pipeline (every stage on) against the
 * fake providers, in their own process as real providers would be, with 300 ms added to every call.
 * Reports wall time, language-model requests and tokens per word, and this server process's peak memory.
 * Target (the upload issue): under 60 s, at most one language-model request per 10 words.
 * BENCH_WORDS, BENCH_LATENCY_MS and BENCH_IMAGES=0 vary it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import type { UploadWordsJob } from '../src/shared/api/jobs';

const WORDS = Number(process.env.BENCH_WORDS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 300);
const FAKE_PORT = 5187;
const origin = `http://127.0.0.1:${FAKE_PORT}`;

// Node itself (not npx) so that SIGTERM reaches the fake and it prints its request counts.
const fakeProcess = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    'tests/support/fake-providers/main.ts',
    '--port',
    String(FAKE_PORT),
    '--latency',
    String(LATENCY_MS),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
let fakeOutput = '';
fakeProcess.stdout.on('data', (chunk: Buffer) => {
  fakeOutput += chunk.toString('utf8');
});
fakeProcess.once('exit', (code) => {
  if (!fakeOutput.includes('requests: '))
    throw new Error(`the fake providers stopped (exit ${String(code)})`);
});
while (!fakeOutput.includes('Keys:')) await new Promise((resolve) => setTimeout(resolve, 100));

// On disk, as `npm start` runs it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-'));
const database = await openDatabase({ kind: 'embedded', dataDir });
const app = await buildApp({
  database,
  appSecret: 'bench-secret-that-is-long-enough-for-the-schema-0123456789',
  clientDir: null,
  providerBaseUrls: {
    openai: `${origin}/openai/v1`,
    elevenlabs: `${origin}/elevenlabs`,
    leonardo: `${origin}/leonardo/api/rest/v1`,
  },
});
await app.ready();

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const registered = await app.inject({
  method: 'POST',
  url: '/auth/register',
  payload: { email: 'bench@example.com', password: 'secreto123', firstName: 'Bench', lastName: 'Mark' },
});
const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
// Pictures from OpenAI; speech from ElevenLabs; analysis from the language model.
for (const [url, apiKey] of [
  ['/api/validate-openai-key', 'sk-test-valid'],
  ['/api/validate-elevenlabs-key', 'el-test-valid'],
] as const) {
  const answer = await app.inject({ method: 'POST', url, payload: { apiKey }, headers: { cookie } });
  if (!answer.json<{ valid: boolean }>().valid) throw new Error(`${url} refused the key`);
}

const text = Array.from({ length: WORDS }, (_, index) => `palabra${index} / слово${index}`).join('\n');
const started = performance.now();
const response = await app.inject({
  method: 'POST',
  url: '/api/words/process-batch',
  payload: {
    text,
    enhanceWithAI: true,
    generateImages: process.env.BENCH_IMAGES !== '0',
    imageStyle: 'sketch',
  },
  headers: { cookie },
});
const { jobId } = response.json<{ jobId: string }>();

let job: UploadWordsJob;
for (;;) {
  job = (
    await app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: { cookie } })
  ).json<UploadWordsJob>();
  process.stderr.write(
    `\r${job.status} ${job.progress.processed}/${job.progress.total} ${job.progress.stage ?? ''}`.padEnd(50),
  );
  if (job.status !== 'pending' && job.status !== 'processing') break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
process.stderr.write('\n');
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

fakeProcess.kill('SIGTERM');
await once(fakeProcess, 'exit');
const countsLine = fakeOutput.split('\n').find((line) => line.startsWith('requests: ')) ?? 'requests: {}';
const counts = JSON.parse(countsLine.slice('requests: '.length)) as Record<string, number>;
const chatRequests = counts['openai /chat/completions'] ?? 0;
const tokensLine = fakeOutput.split('\n').find((line) => line.startsWith('tokens: ')) ?? 'tokens: {}';
const tokens = JSON.parse(tokensLine.slice('tokens: '.length)) as {
  promptTokens?: number;
  completionTokens?: number;
};
const totalTokens = (tokens.promptTokens ?? 0) + (tokens.completionTokens ?? 0);

const report = {
  words: WORDS,
  status: job.status,
  saved: job.results?.words.length ?? 0,
  errors: job.results?.errors.length ?? 0,
  wallSeconds: Number(seconds.toFixed(1)),
  secondsPerWord: Number((seconds / WORDS).toFixed(3)),
  languageModelRequests: chatRequests,
  languageModelRequestsPerWord: Number((chatRequests / WORDS).toFixed(3)),
  languageModelTokens: { prompt: tokens.promptTokens ?? 0, completion: tokens.completionTokens ?? 0 },
  languageModelTokensPerWord: Math.round(totalTokens / WORDS),
  providerRequests: counts,
  peakServerMemoryMb: Math.round(peakRss / 1024 / 1024),
  addedLatencyPerCallMs: LATENCY_MS,
};
console.log(JSON.stringify(report, null, 2));
const isWithinTarget = seconds < 60 && chatRequests <= WORDS / 10 && report.saved === WORDS;
console.log(isWithinTarget ? 'within target' : 'OUTSIDE TARGET');
process.exit(isWithinTarget ? 0 : 1);
