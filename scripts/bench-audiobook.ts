/**
 * `npm run bench:audiobook`: a 1,000-word audiobook written against the fake providers, with 1 s added
 * to every language-model call and 300 ms to every speech and image call (docs/product/audiobooks.md#creation).
 * Reports the time until the first sentence is playable (its clip call answers a clip while the book is
 * still being written), the time until the book is ready, and the language-model tokens it took; then
 * the same book for a learner whose endpoint serves only the language model (built-in voices, on demand,
 * and built-in pictures). Targets: first sentence within 15 s, whole book under 90 s.
 * BENCH_WORDS, BENCH_MODEL_LATENCY_MS and BENCH_MEDIA_LATENCY_MS vary it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import {
  createAudiobookResponseSchema,
  genreListSchema,
  sentenceAudioResponseSchema,
  sentenceListSchema,
} from '../src/shared/api/audiobooks';
import { jobSchema } from '../src/shared/api/jobs';
import { startFakeProviders } from '../tests/support/fake-providers/fake-provider-server';

const WORDS = Number(process.env.BENCH_WORDS ?? 1000);
const MODEL_LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 1000);
const MEDIA_LATENCY_MS = Number(process.env.BENCH_MEDIA_LATENCY_MS ?? 300);
const DICTIONARY_WORDS = 300;
const SYLLABLES = ['ka', 'lo', 'mi', 'nu', 'pe', 'ra', 'so', 'ti'];
/** Distinct letter-only words (the usage check reads letters: 'palabra1' and 'palabra2' would be one word). */
const pseudoWord = (n: number) =>
  [Math.floor(n / 64) % 8, Math.floor(n / 8) % 8, n % 8].map((index) => SYLLABLES[index]).join('') + 'n';

const fake = await startFakeProviders();
const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-audiobook-'));
const database = await openDatabase({ kind: 'embedded', dataDir });
const app = await buildApp({
  database,
  appSecret: 'bench-secret-that-is-long-enough-for-the-schema-0123456789',
  clientDir: null,
  providerBaseUrls: fake.providerBaseUrls,
  leonardoPollIntervalMs: 100,
});
await app.ready();

interface Variant {
  name: string;
  /** Speech from ElevenLabs and pictures from Leonardo, or neither (built-in voices and pictures). */
  hasMediaKeys: boolean;
}

async function writeBook(variant: Variant, index: number) {
  fake.reset();
  // One standing rule per provider: the model's calls slow, the media providers' calls slow.
  fake.setBehaviour('openai', 'latency', { delayMs: MODEL_LATENCY_MS, path: '/chat/completions' });
  fake.setBehaviour('elevenlabs', 'latency', { delayMs: MEDIA_LATENCY_MS, path: '/v1/text-to-speech' });
  fake.setBehaviour('leonardo', 'latency', {
    delayMs: MEDIA_LATENCY_MS,
    path: '/generations',
    method: 'POST',
  });
  fake.setLeonardoGenerationDelay(0);

  const registered = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: {
      email: `bench${index}@example.com`,
      password: 'secreto123',
      firstName: 'Bench',
      lastName: 'Mark',
    },
  });
  const cookie = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { cookie } });

  const text = Array.from({ length: DICTIONARY_WORDS }, (_, n) => `${pseudoWord(n)} / слово${n}`).join('\n');
  const upload = await call('POST', '/api/words/process-batch', {
    text,
    enhanceWithAI: false,
    generateImages: false,
  });
  const uploadJob = upload.json<{ jobId: string }>().jobId;
  for (;;) {
    const job = (await call('GET', `/api/jobs/${uploadJob}`)).json<{ status: string }>();
    if (job.status !== 'pending' && job.status !== 'processing') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await call('PUT', '/api/settings', {
    openaiApiKey: 'sk-test-valid',
    ...(variant.hasMediaKeys
      ? { elevenlabsApiKey: 'el-test-valid', leonardoApiKey: 'leo-test-valid' }
      : { spanishVoices: ['builtin:es-ES-m3'] }),
  });
  if (!variant.hasMediaKeys) {
    // An OpenAI-compatible endpoint that writes but neither speaks nor draws: pictures fall back to built-in ones.
    fake.failNext('openai', 'server_error', { path: '/images', times: 100_000 });
  }
  const genres = genreListSchema.parse((await call('GET', '/api/audiobook-genres')).json());

  const started = performance.now();
  const created = createAudiobookResponseSchema.parse(
    (await call('POST', '/api/audiobooks', { genreIds: [genres[0]!.id], targetWordCount: WORDS })).json(),
  );
  const bookId = created.audiobook.id;
  let firstPlayableSeconds: number | null = null;
  let status = 'processing';
  let lastLine = '';
  while (status === 'pending' || status === 'processing') {
    if (firstPlayableSeconds === null) {
      const sentences = sentenceListSchema.parse(
        (await call('GET', `/api/audiobooks/${bookId}/sentences`)).json(),
      );
      const first = sentences[0];
      if (first) {
        const clip = sentenceAudioResponseSchema.parse(
          (await call('GET', `/api/audiobooks/${bookId}/sentences/${first.id}/audio`)).json(),
        );
        if (clip.success && clip.audio) firstPlayableSeconds = (performance.now() - started) / 1000;
      }
    }
    const job = jobSchema.parse((await call('GET', `/api/jobs/${created.jobId}`)).json());
    status = job.status;
    const line = `${variant.name}: ${job.status} ${job.progress.stage ?? ''} ${job.progress.processed}/8`;
    if (line !== lastLine) process.stderr.write(`\r${line.padEnd(80)}`);
    lastLine = line;
    if (status === 'pending' || status === 'processing')
      await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readySeconds = (performance.now() - started) / 1000;
  process.stderr.write('\n');
  const job = jobSchema.parse((await call('GET', `/api/jobs/${created.jobId}`)).json());
  if (job.kind !== 'create-audiobook' || job.status !== 'completed' || !job.results) {
    throw new Error(`${variant.name}: the book did not finish: ${JSON.stringify(job.error)}`);
  }
  const book = (await call('GET', `/api/audiobooks/${bookId}`)).json<{
    sentenceCount: number;
    actualWordCountSpanish: number;
  }>();
  return {
    variant: variant.name,
    targetWords: WORDS,
    firstPlayableSeconds: firstPlayableSeconds === null ? null : Number(firstPlayableSeconds.toFixed(1)),
    readySeconds: Number(readySeconds.toFixed(1)),
    sentences: book.sentenceCount,
    spanishWords: book.actualWordCountSpanish,
    counters: job.results.counters,
    languageModelTokensPerThousandWords: Math.round(
      (job.results.counters.languageModelTokens / WORDS) * 1000,
    ),
  };
}

const reports = [
  await writeBook({ name: 'speech and image keys', hasMediaKeys: true }, 1),
  await writeBook({ name: 'language model only (built-in voices and pictures)', hasMediaKeys: false }, 2),
];
await app.close();
await database.close();
await fake.close();
rmSync(dataDir, { recursive: true, force: true });

console.log(
  JSON.stringify({ modelLatencyMs: MODEL_LATENCY_MS, mediaLatencyMs: MEDIA_LATENCY_MS, reports }, null, 2),
);
const [keyed] = reports;
const isWithinTarget =
  keyed !== undefined &&
  keyed.firstPlayableSeconds !== null &&
  keyed.firstPlayableSeconds < 15 &&
  keyed.readySeconds < 90;
console.log(isWithinTarget ? 'within target' : 'OUTSIDE TARGET');
process.exit(isWithinTarget ? 0 : 1);
