/**
 * `npm run bench:import`: learners' import files against the built server, as `npm start` runs it
 * (docs/product/transfer.md#limits): every hostile file of tests/support/hostile-files.ts, the backup whose
 * one line is 600 MB, a 10,000-note Anki package in each layout (a tenth of the notes with a picture and a
 * clip) and a legitimate 20 MB CSV of 20,000 rows with long examples. Each file is previewed; a file the
 * preview takes is then imported by its `fileId` with the suggested mapping, and its job followed to its end.
 *
 * Each file gets a fresh server (and data folder), so a job it leaves behind (the built-in clips an import
 * queues) never runs under the next file's figures. Per step it reports the wall time until the answer and,
 * for an import, until its job ended; the server process's peak RSS above its level before the step (its
 * threads included; sampled from /proc every 20 ms); and the latency of another signed-in learner asking
 * `GET /api/auth/status` every 10 ms meanwhile, sent on schedule whether or not earlier ones were answered,
 * so a stalled event loop shows in every request it held up. Bars: peak RSS ≤ +300 MB, learner p99 ≤ 100 ms
 * (on an idle machine), and the answer or job each file should get. Exits 1 when a row misses a bar.
 * BENCH_FILES runs only the files whose name holds it; BENCH_SERVER_OPTIONS adds Node options to the server
 * (`--cpu-prof --cpu-prof-dir=<dir>` profiles each thread of it, written when it stops).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { JOB_POLL_INTERVAL_MS } from '../src/client/lib/jobs/job-state';
import { jobSchema } from '../src/shared/api/jobs';
import {
  type ImportPreview,
  importPreviewSchema,
  importStartedSchema,
  MAX_IMPORT_CSV_BYTES,
  MAX_IMPORT_ROWS,
} from '../src/shared/api/transfer';
import { MAX_BACKUP_LINE_BYTES } from '../src/server/modules/transfer/backup-tables';
import { type AnkiNoteTypeSpec } from '../src/server/modules/transfer/anki-package.writer';
import { latestPackage, legacyPackage, type PackageSpec } from '../tests/support/anki-packages';
import {
  collectionBombPackage,
  CSV_BOMBS,
  generatedColumnPackage,
  longLineBackup,
  mediaFileBombPackage,
  mediaListBombPackage,
  recursiveViewPackage,
  triggerPackage,
} from '../tests/support/hostile-files';
import { type BuiltServer, registerLearner, sleep, startBuiltServer } from './lib/bench-server';
import { residentKbOf } from './lib/process-tree';

const MB = 1024 * 1024;
const RSS_BAR_MB = 300;
const P99_BAR_MS = 100;
const LEARNER_PERIOD_MS = 10;
/** Requests of the other learner waiting at once; past it the server has stalled for seconds. */
const MAX_LEARNER_REQUESTS_IN_FLIGHT = 500;
const RSS_SAMPLE_MS = 20;
const NOTES = 10_000;
const LONG_LINE_BYTES = 600 * MB;

// ---- The files ----

type Expected = { status: 200 } | { status: 400; code: string };
interface JobExpected {
  /** Words the job adds. */
  words: number;
  /** A code its report must hold (a row's error). */
  errorCode?: string;
}
interface BenchFile {
  name: string;
  fileName: string;
  bytes: Buffer;
  preview: Expected;
  /** After a 200 preview: the import, and what its job must end with. */
  job?: JobExpected;
}

/** Small distinct media, as checked on import: a PNG that decodes and an MP3 frame header. */
async function mediaOf(index: number) {
  const picture = await sharp(randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
    .png()
    .toBuffer();
  const clip = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), randomBytes(4 * 1024)]);
  return { picture: [`p${index}.png`, picture] as const, clip: [`a${index}.mp3`, clip] as const };
}

/** 10,000 notes of a note type whose field names the import maps by itself; every tenth names a picture and a clip. */
async function ankiContents(): Promise<PackageSpec> {
  const noteType: AnkiNoteTypeSpec = {
    id: 1,
    name: 'Palabra',
    fields: ['Spanish', 'Russian', 'Example', 'Picture', 'Audio'],
    templates: [{ name: 'es → ru', front: '{{Spanish}}', back: '{{Russian}}' }],
    css: '',
  };
  const media: Record<string, Buffer> = {};
  const notes = [];
  for (let index = 0; index < NOTES; index += 1) {
    let picture = '';
    let sound = '';
    if (index % 10 === 0) {
      const files = await mediaOf(index);
      media[files.picture[0]] = files.picture[1];
      media[files.clip[0]] = files.clip[1];
      picture = `<img src="${files.picture[0]}">`;
      sound = `[sound:${files.clip[0]}]`;
    }
    notes.push({
      guid: `bench${index}`,
      noteTypeId: 1,
      deckId: 1,
      fields: [
        `palabra${index}`,
        `слово${index}`,
        `Esta es la <b>palabra${index}</b> en una frase de ejemplo.`,
        picture,
        sound,
      ],
    });
  }
  return { noteTypes: [noteType], decks: [{ id: 1, name: 'Bench' }], notes, media };
}

/** 20,000 rows (the import's row cap) with long examples and their translations, just under 20 MB. */
function legitimateCsv(): Buffer {
  const example = (index: number) =>
    `"La palabra${index}, que aparece en esta frase, se usa a menudo en la conversación diaria: ` +
    `cuando hablamos con amigos, cuando leemos el periódico por la mañana, cuando escribimos una carta ` +
    `o un mensaje, y también cuando escuchamos la radio en el coche de camino al trabajo; por eso ` +
    `conviene aprenderla bien y repetirla en voz alta varias veces al día, sobre todo antes de dormir y ` +
    `al despertar por la mañana, o mientras se prepara el café en la cocina."`;
  const translation = (index: number) =>
    `"Слово${index}, которое встречается в этой фразе, часто используется в повседневном разговоре: ` +
    `когда мы говорим с друзьями, читаем утреннюю газету, пишем письмо или сообщение, слушаем радио ` +
    `в машине по дороге на работу; поэтому его стоит хорошо выучить и повторять вслух несколько раз ` +
    `в день."`;
  const lines = ['spanish,russian,example,example_translation'];
  for (let index = 0; index < MAX_IMPORT_ROWS; index += 1) {
    lines.push(`palabra${index},слово${index},${example(index)},${translation(index)}`);
  }
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n`);
  if (bytes.length > MAX_IMPORT_CSV_BYTES)
    throw new Error(`the CSV is ${bytes.length} bytes, over its limit`);
  return bytes;
}

async function makeFiles(): Promise<BenchFile[]> {
  const unreadable = { status: 400, code: 'import_unreadable' } as const;
  const csvBomb = (name: string) => {
    const [, make] = CSV_BOMBS.find(([bomb]) => bomb === name) ?? [];
    if (!make) throw new Error(`no CSV bomb ${name}`);
    return make();
  };
  const longLine = await longLineBackup(LONG_LINE_BYTES);
  // A 600 MB line of one byte deflates about 1,000 to 1: anything far larger is not the file meant.
  if (longLine.length > 2 * MB) throw new Error(`the long-line backup is ${longLine.length} bytes`);
  const anki = await ankiContents();
  return [
    {
      name: 'recursive view',
      fileName: 'deck.apkg',
      bytes: await recursiveViewPackage(),
      preview: unreadable,
    },
    {
      name: 'generated column',
      fileName: 'deck.apkg',
      bytes: await generatedColumnPackage(),
      preview: unreadable,
    },
    { name: 'trigger', fileName: 'deck.apkg', bytes: await triggerPackage(), preview: unreadable },
    {
      name: 'collection zstd bomb 1 GB',
      fileName: 'deck.apkg',
      bytes: await collectionBombPackage(),
      preview: unreadable,
    },
    {
      name: 'media list bomb 512 MB',
      fileName: 'deck.apkg',
      bytes: await mediaListBombPackage(),
      preview: { status: 200 },
      job: { words: 1, errorCode: 'import_media_missing' },
    },
    {
      name: 'media file bomb 1 GB',
      fileName: 'deck.apkg',
      bytes: await mediaFileBombPackage(),
      preview: { status: 200 },
      job: { words: 1, errorCode: 'import_media_unreadable' },
    },
    {
      name: 'CSV 20 MB of newlines',
      fileName: 'newlines.csv',
      bytes: csvBomb('newlines'),
      preview: { status: 400, code: 'import_no_words' },
    },
    {
      name: 'CSV 20 MB of a\\n',
      fileName: 'a-lines.csv',
      bytes: csvBomb('a-lines'),
      preview: { status: 400, code: 'import_too_many_rows' },
    },
    {
      name: 'CSV one 20 MB quoted cell',
      fileName: 'cell.csv',
      bytes: csvBomb('one-quoted-cell'),
      preview: { status: 200 },
      // Its one row has Spanish alone, and no language model gives it a translation: an error of its row.
      job: { words: 0, errorCode: 'upload_translation_missing' },
    },
    {
      name: `backup, one ${LONG_LINE_BYTES / MB} MB line`,
      fileName: 'backup.zip',
      bytes: longLine,
      preview: { status: 200 },
      job: { words: 1, errorCode: 'backup_row_too_long' },
    },
    {
      name: `Anki legacy ${NOTES} notes`,
      fileName: 'deck.apkg',
      bytes: await legacyPackage(anki),
      preview: { status: 200 },
      job: { words: NOTES },
    },
    {
      name: `Anki latest ${NOTES} notes`,
      fileName: 'deck.apkg',
      bytes: await latestPackage(anki),
      preview: { status: 200 },
      job: { words: NOTES },
    },
    {
      name: `CSV ${MAX_IMPORT_ROWS} rows`,
      fileName: 'words.csv',
      bytes: legitimateCsv(),
      preview: { status: 200 },
      job: { words: MAX_IMPORT_ROWS },
    },
  ];
}

// ---- Measuring ----

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

/** The other learner: `GET /api/auth/status` every 10 ms, each sent on time whatever the earlier ones do. */
function startOtherLearner(base: string, cookie: string) {
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  let failures = 0;
  let missed = 0;
  const timer = setInterval(() => {
    if (pending.size >= MAX_LEARNER_REQUESTS_IN_FLIGHT) {
      missed += 1;
      return;
    }
    const sent = performance.now();
    const request = fetch(`${base}/api/auth/status`, { headers: { cookie } })
      .then(async (answer) => {
        await answer.arrayBuffer();
        if (answer.ok) latencies.push(performance.now() - sent);
        else failures += 1;
      })
      .catch(() => {
        failures += 1;
      })
      .finally(() => pending.delete(request));
    pending.add(request);
  }, LEARNER_PERIOD_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      const sorted = latencies.sort((a, b) => a - b);
      return {
        requests: sorted.length,
        p99Ms: Math.round(percentile(sorted, 99)),
        maxMs: Math.round(sorted.at(-1) ?? 0),
        failures,
        missed,
      };
    },
  };
}

interface StepOutcome {
  answer: string;
  answerMs: number;
  job?: string;
  problems: string[];
  preview?: ImportPreview;
}

interface Row {
  file: string;
  step: 'preview' | 'import';
  size: number;
  outcome: StepOutcome;
  doneMs: number;
  beforeMb: number;
  peakAboveMb: number;
  learner: Awaited<ReturnType<ReturnType<typeof startOtherLearner>['stop']>>;
  benchLoopP99Ms: number;
  isServerUp: boolean;
}

/** Runs a step while the other learner asks and the server's RSS is sampled. */
async function measured(
  server: BuiltServer,
  otherCookie: string,
  run: () => Promise<StepOutcome>,
): Promise<Omit<Row, 'file' | 'step' | 'size'>> {
  const beforeKb = residentKbOf(server.pid) ?? 0;
  let peakKb = beforeKb;
  const sample = () => {
    peakKb = Math.max(peakKb, residentKbOf(server.pid) ?? 0);
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  // This process's own delay: were it late, the other learner's figures would be partly its own.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 });
  benchLoop.enable();
  const learner = startOtherLearner(server.base, otherCookie);
  const started = performance.now();
  try {
    const outcome = await run();
    const doneMs = Math.round(performance.now() - started);
    sample();
    return {
      outcome,
      doneMs,
      beforeMb: Math.round(beforeKb / 1024),
      peakAboveMb: Math.round((peakKb - beforeKb) / 1024),
      learner: await learner.stop(),
      benchLoopP99Ms: Math.round(benchLoop.percentile(99) / 1e6),
      isServerUp: residentKbOf(server.pid) !== undefined,
    };
  } finally {
    clearInterval(sampler);
    benchLoop.disable();
  }
}

/** A multipart request as the browser's form sends it. */
function sendForm(
  base: string,
  cookie: string,
  url: string,
  fields: Record<string, string>,
  file?: { blob: Blob; fileName: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', file.blob, file.fileName);
  return fetch(`${base}${url}`, { method: 'POST', headers: { cookie, origin: base }, body: form });
}

const codeOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'code' in body ? String(body.code) : '';

async function preview(base: string, cookie: string, file: BenchFile, blob: Blob): Promise<StepOutcome> {
  const started = performance.now();
  const answer = await sendForm(base, cookie, '/api/imports/preview', {}, { blob, fileName: file.fileName });
  const body: unknown = await answer.json().catch(() => null);
  const answerMs = Math.round(performance.now() - started);
  const code = codeOf(body);
  const problems: string[] = [];
  const expected = file.preview;
  if (answer.status !== expected.status || ('code' in expected && code !== expected.code)) {
    problems.push(`preview answered ${answer.status} ${code}, expected ${JSON.stringify(expected)}`);
  }
  const shown = answer.status === 200 ? importPreviewSchema.parse(body) : undefined;
  return {
    answer: `${answer.status}${code ? ` ${code}` : ''}`,
    answerMs,
    problems,
    ...(shown ? { preview: shown } : {}),
  };
}

/** The import as the app's page starts it: the preview's file, its suggested mapping and header row. */
async function importAndFollow(
  base: string,
  cookie: string,
  shown: ImportPreview,
  expected: JobExpected,
): Promise<StepOutcome> {
  const started = performance.now();
  const answer = await sendForm(base, cookie, '/api/imports', {
    fileId: shown.fileId,
    mapping: JSON.stringify(shown.suggestedMapping),
    options: JSON.stringify({ hasHeaderRow: shown.format === 'csv' && shown.hasHeaderRow }),
  });
  const body: unknown = await answer.json().catch(() => null);
  const answerMs = Math.round(performance.now() - started);
  if (answer.status !== 200) {
    return {
      answer: `${answer.status} ${codeOf(body)}`,
      answerMs,
      problems: [`the import answered ${answer.status} ${codeOf(body)}`],
    };
  }
  const { jobId } = importStartedSchema.parse(body);
  // No more often than the app's page asks; sooner at first (50 ms,
  // doubling), so that a short job's end is not rounded up to the page's 2 s.
  for (let poll = 0; ; poll += 1) {
    const job = jobSchema.parse(
      await (await fetch(`${base}/api/jobs/${jobId}`, { headers: { cookie } })).json(),
    );
    if (job.status === 'pending' || job.status === 'processing') {
      await sleep(Math.min(JOB_POLL_INTERVAL_MS, 50 * 2 ** poll));
      continue;
    }
    const results = job.results as {
      words?: unknown[];
      moreWords?: number;
      errors?: Array<{ code?: string }>;
    } | null;
    // The report lists the first words and counts the rest (docs/product/upload.md#results-report).
    const words = (results?.words?.length ?? 0) + (results?.moreWords ?? 0);
    const errorCodes = [...new Set((results?.errors ?? []).map((error) => error.code ?? ''))];
    const problems: string[] = [];
    if (job.status !== 'completed') problems.push(`the job ended ${job.status} ${job.error?.code ?? ''}`);
    if (words !== expected.words) problems.push(`the job added ${words} words, expected ${expected.words}`);
    if (expected.errorCode && !errorCodes.includes(expected.errorCode)) {
      problems.push(`the report lacks ${expected.errorCode}`);
    }
    const errors = errorCodes.filter(Boolean).join(',');
    return {
      answer: '200',
      answerMs,
      job: `${job.status}${job.error ? ` ${job.error.code}` : ''}, ${words} words${errors ? `, ${errors}` : ''}`,
      problems,
    };
  }
}

// ---- The run ----

const loadAtStart = loadavg();
process.stderr.write('making the files…\n');
const only = process.env.BENCH_FILES?.toLowerCase();
const files = (await makeFiles()).filter((file) => !only || file.name.toLowerCase().includes(only));
const rows: Row[] = [];

for (const [index, file] of files.entries()) {
  process.stderr.write(`${file.name} (${file.bytes.length} bytes)…\n`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-bench-import-'));
  try {
    // As `npm start` runs the server: its allocator and young-generation settings.
    const server = await startBuiltServer(
      { DATA_DIR: dataDir, DATABASE_URL: '', MALLOC_ARENA_MAX: '2' },
      '127.0.0.1',
      ['--max-semi-space-size=8', ...(process.env.BENCH_SERVER_OPTIONS?.split(/\s+/).filter(Boolean) ?? [])],
    );
    try {
      const importer = await registerLearner(server.base, `importer${index}@example.com`);
      const other = await registerLearner(server.base, `other${index}@example.com`);
      // A moment for the start-up's own work (migrations, the job runtime's first polls) to settle.
      await sleep(2000);
      // Made before the clock starts: copying 20 MB is this process's work, not the server's.
      const blob = new Blob([new Uint8Array(file.bytes)]);
      const shown = await measured(server, other, () => preview(server.base, importer, file, blob));
      rows.push({ file: file.name, step: 'preview', size: file.bytes.length, ...shown });
      const { preview: previewed } = shown.outcome;
      if (file.job && previewed && shown.isServerUp) {
        const expectedJob = file.job;
        const imported = await measured(server, other, () =>
          importAndFollow(server.base, importer, previewed, expectedJob),
        );
        rows.push({ file: file.name, step: 'import', size: file.bytes.length, ...imported });
      }
    } finally {
      await server.stop();
    }
  } finally {
    // Also when the server did not start (a Node option it refuses).
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- The table ----

const sizeText = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const problemsOf = (row: Row) => [
  ...row.outcome.problems,
  ...(row.isServerUp ? [] : ['the server process ended']),
  ...(row.peakAboveMb > RSS_BAR_MB ? [`peak RSS +${row.peakAboveMb} MB > +${RSS_BAR_MB} MB`] : []),
  ...(row.learner.p99Ms > P99_BAR_MS ? [`learner p99 ${row.learner.p99Ms} ms > ${P99_BAR_MS} ms`] : []),
  ...(row.learner.failures > 0 ? [`${row.learner.failures} of the learner's requests failed`] : []),
  ...(row.learner.missed > 0 ? [`${row.learner.missed} learner requests not sent (server stalled)`] : []),
];
const header = [
  'file',
  'size',
  'step',
  'answer',
  'answer s',
  'done s',
  'job',
  'RSS before MB',
  'peak +MB',
  'learner p99 ms',
  'max ms',
  'requests',
  'bars',
];
const table = rows.map((row) => [
  row.file,
  sizeText(row.size),
  row.step,
  row.outcome.answer,
  seconds(row.outcome.answerMs),
  seconds(row.doneMs),
  row.outcome.job ?? '',
  String(row.beforeMb),
  String(row.peakAboveMb),
  String(row.learner.p99Ms),
  String(row.learner.maxMs),
  String(row.learner.requests),
  problemsOf(row).length === 0 ? 'ok' : 'MISSED',
]);
const widths = header.map((title, column) =>
  Math.max(title.length, ...table.map((cells) => cells[column]!.length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
const loadAtEnd = loadavg();
const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
console.log(
  `bench:import — bars: peak RSS ≤ +${RSS_BAR_MB} MB, learner p99 ≤ ${P99_BAR_MS} ms (idle machine); ` +
    `backup line limit ${MAX_BACKUP_LINE_BYTES / MB} MB`,
);
console.log(`load average (1, 5, 15 min): ${load(loadAtStart)} at start, ${load(loadAtEnd)} at end`);
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const cells of table) console.log(line(cells));
const missed = rows.filter((row) => problemsOf(row).length > 0);
for (const row of missed) console.log(`${row.file} (${row.step}): ${problemsOf(row).join('; ')}`);
for (const row of rows.filter((entry) => entry.benchLoopP99Ms > 20)) {
  console.log(`${row.file} (${row.step}): this process's own loop p99 was ${row.benchLoopP99Ms} ms`);
}
console.log(missed.length === 0 ? 'within bars' : 'OUTSIDE BARS');
process.exitCode = missed.length === 0 ? 0 : 1;
