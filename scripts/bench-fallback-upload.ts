/**
 * `npm run bench:fallback`: a 100-word upload by a learner whose OpenAI key is set but whose provider
 * accepts connections and never answers (the fake providers' `hang`), with the real built-in pictures
 * and voices. Measures the time until every word is saved and studyable: saved with a picture, its clips
 * made on demand (docs/product/upload.md#built-in-clips-on-demand, docs/product/providers.md#fallback).
 * Also reports how long Learn's first audio call takes on a saved word, and when the background job has
 * made every clip (waited for at most BENCH_CLIPS_WAIT_S, default 600). Target: under 30 s.
 * BENCH_WORDS varies the list.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import type { UploadWordsJob } from '../src/shared/api/jobs';
import { startFakeProviders } from '../tests/support/fake-providers/fake-provider-server';

const WORDS = Number(process.env.BENCH_WORDS ?? 100);
const CLIPS_WAIT_S = Number(process.env.BENCH_CLIPS_WAIT_S ?? 600);
const TARGET_SECONDS = 30;

interface ListedWord {
  id: number;
  imageUrl: string | null;
  audioData: string | null;
  russianAudioData: string | null;
  secondVoiceAudioData: string | null;
}

const fake = await startFakeProviders();
// On disk, as `npm start` runs it.
const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-fallback-'));
const database = await openDatabase({ kind: 'embedded', dataDir });
// The real offline providers: eSpeak in its worker and the emoji pictures.
const app = await buildApp({
  database,
  appSecret: 'bench-secret-that-is-long-enough-for-the-schema-0123456789',
  clientDir: null,
  providerBaseUrls: fake.providerBaseUrls,
});
await app.ready();

const registered = await app.inject({
  method: 'POST',
  url: '/auth/register',
  payload: { email: 'bench@example.com', password: 'secreto123', firstName: 'Bench', lastName: 'Mark' },
});
const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie } });

const validated = await inject('POST', '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
if (!validated.json<{ valid: boolean }>().valid) throw new Error('the fake refused the OpenAI key');
// From now on OpenAI reads every request and never answers.
fake.setBehaviour('openai', 'hang');

const listWords = async () => (await inject('GET', '/api/words')).json<ListedWord[]>();
const elapsed = (since: number) => Number(((performance.now() - since) / 1000).toFixed(1));

const text = Array.from({ length: WORDS }, (_, index) => `palabra${index} / слово${index}`).join('\n');
const started = performance.now();
const response = await inject('POST', '/api/words/process-batch', {
  text,
  enhanceWithAI: true,
  generateImages: true,
  imageStyle: 'sketch',
});
const { jobId } = response.json<{ jobId: string }>();

let job: UploadWordsJob;
for (;;) {
  job = (await inject('GET', `/api/jobs/${jobId}`)).json<UploadWordsJob>();
  process.stderr.write(
    `\r${elapsed(started)} s: ${job.status} ${job.progress.processed}/${job.progress.total} ${job.progress.stage ?? ''}`.padEnd(
      60,
    ),
  );
  if (job.status !== 'pending' && job.status !== 'processing') break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
let words = await listWords();
const studyableSeconds = elapsed(started);
const pictured = words.filter((word) => word.imageUrl).length;
process.stderr.write('\n');

// Learn opens the first card: its clips are made on demand now if the background job has not yet.
const first = words[0];
let learnAudio: { seconds: number; clips: number } | null = null;
if (first) {
  const asked = performance.now();
  const clips = (await inject('GET', `/api/words/${first.id}/audio`)).json<Record<string, string | null>>();
  learnAudio = { seconds: elapsed(asked), clips: Object.values(clips).filter(Boolean).length };
}

const hasEveryClip = (word: ListedWord) =>
  Boolean(word.audioData && word.russianAudioData && word.secondVoiceAudioData);
let clipsSeconds: number | null = null;
const clipsDeadline = performance.now() + CLIPS_WAIT_S * 1000;
for (;;) {
  words = await listWords();
  const done = words.filter(hasEveryClip).length;
  process.stderr.write(`\r${elapsed(started)} s: clips of ${done}/${words.length} words`.padEnd(60));
  if (done === words.length) {
    clipsSeconds = elapsed(started);
    break;
  }
  if (performance.now() > clipsDeadline) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
process.stderr.write('\n');

const report = {
  words: WORDS,
  status: job.status,
  saved: job.results?.words.length ?? 0,
  savedWithPicture: pictured,
  fallbacks: job.results?.fallbacks.length ?? 0,
  stoppedProviders: job.results?.stoppedProviders.map((stopped) => stopped.provider) ?? [],
  errors: job.results?.errors.length ?? 0,
  secondsUntilStudyable: studyableSeconds,
  learnFirstAudioCall: learnAudio,
  secondsUntilEveryClip: clipsSeconds,
  openaiRequests: fake.requestsTo('openai').length,
};
await app.close();
await database.close();
await fake.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(JSON.stringify(report, null, 2));
const isWithinTarget =
  studyableSeconds < TARGET_SECONDS && report.saved === WORDS && report.savedWithPicture === WORDS;
console.log(isWithinTarget ? 'within target' : 'OUTSIDE TARGET');
process.exit(isWithinTarget ? 0 : 1);
