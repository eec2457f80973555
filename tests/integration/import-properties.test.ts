import fc from 'fast-check';
import sharp from 'sharp';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importPreviewSchema, importStartedSchema } from '../../src/shared/api/transfer';
import { SERVER_ERROR_CODES } from '../../src/server/http/error-codes';
import { JOB_ERROR_CODES, REJECTED_LINE_CODES } from '../../src/server/http/job-failure';
import { loadSqlJs } from '../../src/server/modules/transfer/anki-collection';
import { buildLegacyCollection } from '../../src/server/modules/transfer/anki-package.writer';
import { EXPORT_CSV_COLUMNS } from '../../src/server/modules/transfer/csv-cells';
import {
  latestPackageEntries,
  legacyPackageEntries,
  type PackageSpec,
  zipBytes,
} from '../support/anki-packages';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { sendMultipart } from '../support/multipart';
import { frameHeader, zstdBomb, zstdFrame } from '../support/zstd-frames';

/*
 * docs/product/transfer.md#limits, as properties: generated archives (packages and backups made and then
 * broken, nested archives, random entries under the names a package or a backup uses, bytes that inflate
 * a thousandfold, zstd frames and RLE bombs, truncated zips) and generated CSVs (any delimiter, quoting and
 * line end, invalid UTF-8, control characters, long cells), previewed and imported with and without a
 * mapping. Whatever the file: never a 5xx, every 4xx a code the client knows, and a started job ends
 * completed or failed with a code, its rows' errors coded too (never `unknown`). Each case is a recipe the
 * test turns into bytes, so a failure prints a readable counterexample and its seed (replay it with
 * IMPORT_PROPERTY_SEED; IMPORT_PROPERTY_RUNS explores further).
 */

const RUNS = Number(process.env.IMPORT_PROPERTY_RUNS ?? 0);
const SEED = process.env.IMPORT_PROPERTY_SEED ? Number(process.env.IMPORT_PROPERTY_SEED) : undefined;
/** Cases per property: about 50 in all, a few seconds each on a busy 2-core machine. */
const runsOr = (runs: number) => (RUNS > 0 ? RUNS : runs);

const MB = 1024 * 1024;
/**
 * Learners the cases take turns with: each learner's imports are limited to 20 a minute (more when exploring;
 * one address may register 50 an hour).
 */
const LEARNERS = RUNS > 0 ? 40 : 12;

const ANSWER_CODES = new Set(SERVER_ERROR_CODES);
const JOB_CODES = new Set(
  [...SERVER_ERROR_CODES, ...Object.values(JOB_ERROR_CODES), ...Object.values(REJECTED_LINE_CODES)].filter(
    (code) => code !== JOB_ERROR_CODES.unknown,
  ),
);

let testApp: TestApp;
let learners: TestUser[] = [];
let turn = 0;
/** A real picture, so a package's picture can be kept. */
let png: Buffer;
beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
  learners = await Promise.all(Array.from({ length: LEARNERS }, () => registerUser(testApp.app)));
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => testApp.close());

const nextLearner = () => learners[turn++ % learners.length]!;

// ——— recipes ———

type Leaf =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'repeat'; byte: number; size: number }
  | { kind: 'text'; text: string }
  | { kind: 'mp3' }
  | { kind: 'id3-json' }
  | { kind: 'png' }
  | { kind: 'meta'; version: number }
  | { kind: 'legacy-collection'; notes: string[][] };
type Content =
  | Leaf
  | { kind: 'zstd'; of: Leaf; cutAt: number | null }
  | { kind: 'zstd-bomb'; blocks: number; byte: number; windowLog: number }
  | { kind: 'zstd-window'; windowLog: number }
  | { kind: 'zip'; entries: Array<{ name: string; content: Leaf }> };
type Entry = { name: string; content: Content; isDeflated: boolean };
/** What is done to a zip once written: nothing, cut short, or bytes overwritten. */
type Damage = { kind: 'none' } | { kind: 'cut'; at: number } | { kind: 'flip'; at: number[] };

const PACKAGE_NAMES = [
  'collection.anki2',
  'collection.anki21',
  'collection.anki21b',
  'meta',
  'media',
  '0',
  '1',
];
const BACKUP_NAMES = [
  'manifest.json',
  'tables/words.jsonl',
  'tables/settings.jsonl',
  'tables/progress.jsonl',
  'tables/word_themes.jsonl',
  'tables/review_logs.jsonl',
  `media/${'ab'.repeat(32)}.png`,
];

// `..` aside: the zip writer refuses it (path traversal is held by tests of its own).
const nameSegment = fc.stringMatching(/^[\w.\- äñжё]{1,12}$/).filter((segment) => segment !== '..');
const entryName = fc.oneof(
  { arbitrary: fc.constantFrom(...PACKAGE_NAMES, ...BACKUP_NAMES), weight: 3 },
  {
    arbitrary: fc.array(nameSegment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('/')),
    weight: 1,
  },
);

const jsonText = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc
    .record({ spanish: fc.string({ maxLength: 40 }), russian: fc.string({ maxLength: 40 }) })
    .map((row) => JSON.stringify({ id: 1, ...row, createdAt: '2030-01-01T00:00:00.000Z' })),
  fc.constantFrom('{', 'null', '"\\ud800"', '{"spanish":"\u0000"}', '{"theme":"bogus","volume":-5000}'),
);
const noteField = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('perro', 'el gato', '&amp;', '&#x110000;', '&#0;', '<b>x</b><br>', 'a\u0000b', 'собака'),
  fc
    .constantFrom('a.mp3', 'p.png', 'missing.mp3', 'bad\u0001name.mp3', 'x'.repeat(300))
    .chain((name) => fc.constantFrom(`[sound:${name}]`, `<img src="${name}">`, `<img src='${name}'>`)),
);

const leaf: fc.Arbitrary<Leaf> = fc.oneof(
  fc.record({ kind: fc.constant('bytes'), bytes: fc.uint8Array({ maxLength: 2048 }) }),
  // Bytes that deflate a thousandfold: up to 8 MB from a few KB.
  fc.record({
    kind: fc.constant('repeat'),
    byte: fc.integer({ min: 0, max: 255 }),
    size: fc.integer({ min: 1, max: 8 * MB }),
  }),
  fc.record({
    kind: fc.constant('text'),
    text: fc
      .array(jsonText, { maxLength: 6 })
      .chain((lines) => fc.constantFrom('\n', '\r\n').map((end) => lines.join(end))),
  }),
  fc.constantFrom<Leaf>({ kind: 'mp3' }, { kind: 'id3-json' }, { kind: 'png' }),
  fc.record({ kind: fc.constant('meta'), version: fc.integer({ min: 0, max: 5 }) }),
  fc.record({
    kind: fc.constant('legacy-collection'),
    notes: fc.array(fc.array(noteField, { minLength: 2, maxLength: 2 }), { maxLength: 6 }),
  }),
);

const content: fc.Arbitrary<Content> = fc.oneof(
  { arbitrary: leaf, weight: 4 },
  {
    arbitrary: fc.record({
      kind: fc.constant('zstd'),
      of: leaf,
      cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
    }),
    weight: 2,
  },
  {
    // RLE bombs of up to 32 MB from a few hundred bytes; their declared window from 1 KB to 2 GB.
    arbitrary: fc.record({
      kind: fc.constant('zstd-bomb'),
      blocks: fc.integer({ min: 1, max: 256 }),
      byte: fc.integer({ min: 0, max: 255 }),
      windowLog: fc.integer({ min: 10, max: 31 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('zstd-window'), windowLog: fc.integer({ min: 10, max: 41 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('zip'),
      entries: fc.array(fc.record({ name: entryName, content: leaf }), { maxLength: 3 }),
    }),
    weight: 1,
  },
);

const entry: fc.Arbitrary<Entry> = fc.record({ name: entryName, content, isDeflated: fc.boolean() });
const damage: fc.Arbitrary<Damage> = fc.oneof(
  { arbitrary: fc.constant<Damage>({ kind: 'none' }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('cut'), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('flip'),
      at: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 }),
    }),
    weight: 1,
  },
);

/** A package made as Anki writes it, then entries replaced or added, and the archive maybe broken. */
const packageRecipe = fc.record({
  kind: fc.constant('package' as const),
  isLatest: fc.boolean(),
  fieldNames: fc.constantFrom(
    ['Front', 'Back'],
    ['Spanish', 'Russian', 'Audio', 'Picture'],
    ['Текст', 'x', 'y'],
  ),
  notes: fc.array(fc.array(noteField, { minLength: 4, maxLength: 4 }), { maxLength: 8 }),
  media: fc.array(fc.tuple(fc.constantFrom('a.mp3', 'p.png', 'b.mp3'), leaf), { maxLength: 3 }),
  changes: fc.array(entry, { maxLength: 2 }),
  damage,
  fileName: fc.constantFrom('deck.apkg', 'deck.colpkg'),
});
/** A backup's layout with any rows, a manifest of any version or none, and media of any bytes. */
const backupRecipe = fc.record({
  kind: fc.constant('backup' as const),
  manifest: fc.option(
    fc.record({
      version: fc.integer({ min: 0, max: 3 }),
      words: fc.integer({ min: -1, max: 10 }),
      media: fc.boolean(),
    }),
  ),
  tables: fc.array(
    fc.record({
      name: fc.constantFrom(
        'words',
        'settings',
        'progress',
        'review_logs',
        'word_themes',
        'audiobooks',
        'nope',
      ),
      lines: fc.array(
        fc.oneof(
          { arbitrary: jsonText, weight: 5 },
          // A JSON string of up to 2 MB, past the longest line a restore reads: its size alone in the recipe.
          { arbitrary: fc.record({ longLine: fc.integer({ min: 1, max: 2 * MB }) }), weight: 1 },
        ),
        { maxLength: 8 },
      ),
    }),
    { maxLength: 3 },
  ),
  changes: fc.array(entry, { maxLength: 2 }),
  damage,
  fileName: fc.constant('backup.zip'),
});
/** Any entries under any names, sent under any of the importable names. */
const archiveRecipe = fc.record({
  kind: fc.constant('archive' as const),
  entries: fc.array(entry, { maxLength: 6 }),
  damage,
  fileName: fc.constantFrom('deck.apkg', 'deck.colpkg', 'backup.zip', 'words.csv', 'notes.bin'),
});

// ——— bytes of a recipe ———

function zipOfEntries(
  entries: ReadonlyArray<{ name: string; bytes: Buffer; isDeflated: boolean }>,
): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const { name, bytes, isDeflated } of entries) zip.addBuffer(bytes, name, { compress: isDeflated });
  return zipBytes(zip);
}

const BASIC = (fields: readonly string[]) => ({
  id: 1,
  name: 'Basic',
  fields,
  templates: [{ name: 'Card 1', front: `{{${fields[0]}}}`, back: `{{${fields[1]}}}` }],
  css: '',
});
const NOW = new Date('2030-01-01T00:00:00Z');

/**
 * The notes' fields written as they are: the writer reads a field's text for its sort field, and refuses
 * what a hostile file may hold (an entity naming no character), so the notes are made empty and filled here.
 */
async function withRawFields(collection: Buffer, notes: readonly string[][]): Promise<Buffer> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(collection);
  try {
    notes.forEach((fields, index) => {
      db.run('UPDATE notes SET flds = ? WHERE guid = ?', [fields.join('\x1f'), `g${index}`]);
    });
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}

async function leafBytes(value: Leaf): Promise<Buffer> {
  switch (value.kind) {
    case 'bytes':
      return Buffer.from(value.bytes);
    case 'repeat':
      return Buffer.alloc(value.size, value.byte);
    case 'text':
      return Buffer.from(value.text);
    case 'mp3':
      return Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400, 7)]);
    case 'id3-json':
      return Buffer.from('ID3{"error":"not audio"}');
    case 'png':
      return png;
    case 'meta':
      return Buffer.from([0x08, value.version]);
    case 'legacy-collection':
      return withRawFields(
        Buffer.from(
          await buildLegacyCollection({
            noteTypes: [BASIC(['Front', 'Back'])],
            decks: [{ id: 1, name: 'Default' }],
            notes: value.notes.map((fields, index) => ({
              guid: `g${index}`,
              noteTypeId: 1,
              deckId: 1,
              fields: fields.map(() => ''),
            })),
            now: NOW,
          }),
        ),
        value.notes,
      );
    default: {
      const unknown: never = value;
      throw new Error(`unknown leaf ${JSON.stringify(unknown)}`);
    }
  }
}

async function contentBytes(value: Content): Promise<Buffer> {
  switch (value.kind) {
    case 'zstd': {
      const frame = zstdFrame(await leafBytes(value.of));
      return value.cutAt === null ? frame : frame.subarray(0, Math.floor(frame.length * value.cutAt));
    }
    case 'zstd-bomb':
      return zstdBomb(value.blocks * 128 * 1024, { byte: value.byte, windowLog: value.windowLog });
    case 'zstd-window':
      // A header alone, declaring a window up to 2 TB, then one empty last raw block.
      return Buffer.concat([frameHeader(value.windowLog), Buffer.from([0x01, 0x00, 0x00])]);
    case 'zip':
      return zipOfEntries(
        await Promise.all(
          value.entries.map(async (inner) => ({
            name: inner.name,
            bytes: await leafBytes(inner.content),
            isDeflated: true,
          })),
        ),
      );
    default:
      return leafBytes(value);
  }
}

function damaged(bytes: Buffer, value: Damage): Buffer {
  if (value.kind === 'none') return bytes;
  if (value.kind === 'cut') return bytes.subarray(0, Math.floor(bytes.length * value.at));
  const copy = Buffer.from(bytes);
  for (const at of value.at) {
    const index = Math.min(copy.length - 1, Math.floor(copy.length * at));
    if (index >= 0) copy[index] = (copy[index] ?? 0) ^ 0xff;
  }
  return copy;
}

/** Entries by name, later ones replacing earlier ones of the same name (a zip may not hold two). */
async function archiveOf(
  base: ReadonlyArray<readonly [string, Buffer]>,
  changes: readonly Entry[],
  value: Damage,
): Promise<Buffer> {
  const entries = new Map(base.map(([name, bytes]) => [name, { name, bytes, isDeflated: true }]));
  for (const change of changes) {
    entries.set(change.name, {
      name: change.name,
      bytes: await contentBytes(change.content),
      isDeflated: change.isDeflated,
    });
  }
  return damaged(await zipOfEntries([...entries.values()]), value);
}

type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;
type ArchiveRecipe =
  ValueOf<typeof packageRecipe> | ValueOf<typeof backupRecipe> | ValueOf<typeof archiveRecipe>;

async function archiveBytes(recipe: ArchiveRecipe): Promise<Buffer> {
  if (recipe.kind === 'archive') return archiveOf([], recipe.entries, recipe.damage);
  if (recipe.kind === 'backup') {
    const base: Array<readonly [string, Buffer]> = recipe.tables.map(
      (table) =>
        [
          `tables/${table.name}.jsonl`,
          Buffer.from(
            table.lines
              .map((line) => (typeof line === 'string' ? line : `"${'a'.repeat(line.longLine)}"`))
              .join('\n'),
          ),
        ] as const,
    );
    if (recipe.manifest) {
      const manifest = {
        app: 'palabra',
        version: recipe.manifest.version,
        createdAt: NOW.toISOString(),
        rows: { words: recipe.manifest.words },
        media: recipe.manifest.media ? [`${'ab'.repeat(32)}.png`] : [],
      };
      base.push(['manifest.json', Buffer.from(JSON.stringify(manifest))]);
    }
    return archiveOf(base, recipe.changes, recipe.damage);
  }
  const fields = recipe.notes.map((note) => note.slice(0, recipe.fieldNames.length));
  const spec: PackageSpec = {
    noteTypes: [BASIC(recipe.fieldNames)],
    decks: [{ id: 1, name: 'Default' }],
    notes: fields.map((note, index) => ({
      guid: `g${index}`,
      noteTypeId: 1,
      deckId: 1,
      // The current layout's collection keeps fields as given; the legacy one's are filled in after.
      fields: recipe.isLatest ? note : note.map(() => ''),
    })),
    media: Object.fromEntries(
      await Promise.all(recipe.media.map(async ([name, file]) => [name, await leafBytes(file)])),
    ),
  };
  if (recipe.isLatest) return archiveOf(await latestPackageEntries(spec), recipe.changes, recipe.damage);
  const base = await Promise.all(
    (await legacyPackageEntries(spec)).map(
      async ([name, bytes]) =>
        [name, name === 'collection.anki2' ? await withRawFields(bytes, fields) : bytes] as const,
    ),
  );
  return archiveOf(base, recipe.changes, recipe.damage);
}

// ——— CSVs ———

const cell = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }), weight: 4 },
  {
    arbitrary: fc.constantFrom(
      'el perro',
      'собака',
      'año',
      'ёлка',
      '=A1',
      '-ito',
      '"',
      '""',
      ',',
      ';',
      '\t',
      ' ',
    ),
    weight: 4,
  },
  {
    arbitrary: fc.string({
      unit: fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code)),
      maxLength: 6,
    }),
    weight: 1,
  },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  // Cells past what an import keeps of one (10,000 characters).
  {
    arbitrary: fc
      .record({ char: fc.constantFrom('a', 'ж', '"', '\n'), length: fc.integer({ min: 400, max: 30_000 }) })
      .map(({ char, length }) => char.repeat(length)),
    weight: 1,
  },
);
const csvRecipe = fc.record({
  header: fc.constantFrom<string[] | null>(
    null,
    ['spanish', 'russian', 'example'],
    ['Слово', 'Перевод'],
    ['front', 'back', 'theme', 'cefr', 'pos'],
    // Our own export's header, whose cells the import unquotes.
    [...EXPORT_CSV_COLUMNS],
  ),
  rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 25 }),
  delimiter: fc.constantFrom(',', ';', '\t', '|', ':'),
  quoting: fc.constantFrom('needed', 'always', 'never'),
  lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
  hasBom: fc.boolean(),
  encoding: fc.constantFrom('utf8', 'cp1251'),
  // Bytes put in after encoding: lone continuation bytes, a cut sequence, a NUL…
  badBytes: fc.array(
    fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0x80, 0xff, 0xc3, 0xe2, 0x00, 0xfe)),
    { maxLength: 5 },
  ),
  fileName: fc.constantFrom('words.csv', 'words.tsv', 'words.txt'),
});
type CsvRecipe = ValueOf<typeof csvRecipe>;

/** Windows-1251 for Cyrillic; anything else it cannot hold becomes `?`, as a careless export would write. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    Array.from(text, (char) => {
      const code = char.codePointAt(0) ?? 0x3f;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      return 0x3f;
    }),
  );
}

function csvBytes(recipe: CsvRecipe): Buffer {
  const quoted = (value: string) => {
    const isNeeded = /["\r\n]/.test(value) || value.includes(recipe.delimiter);
    if (recipe.quoting === 'never' || (recipe.quoting === 'needed' && !isNeeded)) return value;
    return `"${value.replaceAll('"', '""')}"`;
  };
  const records = [...(recipe.header ? [recipe.header] : []), ...recipe.rows];
  const text = records.map((cells) => cells.map(quoted).join(recipe.delimiter)).join(recipe.lineEnd);
  const encoded = recipe.encoding === 'utf8' ? Buffer.from(text, 'utf8') : cp1251(text);
  const bytes = [...(recipe.hasBom && recipe.encoding === 'utf8' ? [0xef, 0xbb, 0xbf] : []), ...encoded];
  for (const [at, byte] of recipe.badBytes) bytes.splice(Math.floor(bytes.length * at), 0, byte);
  return Buffer.from(bytes);
}

// ——— requests ———

/** No mapping (the suggested one) half the time; else one of columns that may not exist, or no mapping at all. */
const columnOf = fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined });
const mappingRecipe = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  {
    arbitrary: fc
      .record(
        {
          spanish: fc.integer({ min: 0, max: 6 }),
          russian: columnOf,
          example: columnOf,
          audio: columnOf,
          picture: columnOf,
        },
        { requiredKeys: ['spanish'] },
      )
      .map((mapping) => JSON.stringify(mapping)),
    weight: 5,
  },
  { arbitrary: fc.constantFrom('{', '{"spanish":-1}', '{"spanish":600}', '[]', '{"russian":1}'), weight: 1 },
);
const sendRecipe = fc.record({
  /** Previewed first and imported by its id, or imported in one request. */
  isPreviewed: fc.boolean(),
  mapping: mappingRecipe,
  options: fc.option(
    fc.record({
      hasHeaderRow: fc.boolean(),
      overwriteExisting: fc.boolean(),
      // Drawing pictures is the slowest stage: asked for now and then.
      generateImages: fc.constantFrom(false, false, false, true),
    }),
    { nil: undefined },
  ),
});
type SendRecipe = ValueOf<typeof sendRecipe>;

const codeOf = (body: string): unknown => {
  try {
    return (JSON.parse(body) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};

/** No 5xx; a 4xx carries a code the client has a sentence for. */
function expectAnswered(answer: { statusCode: number; body: string }, what: string) {
  const context = `${what} → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
  expect(answer.statusCode, context).toBeLessThan(500);
  if (answer.statusCode >= 400) expect(ANSWER_CODES.has(String(codeOf(answer.body))), context).toBe(true);
}

interface EndedJob {
  status: string;
  error: { code: string } | null;
  results: { errors?: Array<{ code: string }> } | null;
}

/** The job once it has ended, whatever its kind (an upload, a restore). */
async function endedJob(user: TestUser, jobId: string): Promise<EndedJob> {
  let job: EndedJob | undefined;
  await vi.waitUntil(
    async () => {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: `/api/jobs/${jobId}`,
        headers: { cookie: user.cookie },
      });
      job = answer.json<EndedJob>();
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: 20_000, interval: 50 },
  );
  return job!;
}

/** What the cases came to, counted for the log: how far into an import the generated files got. */
const outcomes = new Map<string, number>();
const tally = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
const answerOf = (answer: { statusCode: number; body: string }) =>
  `${answer.statusCode}${answer.statusCode === 200 ? '' : ` ${String(codeOf(answer.body))}`}`;

/** Sends the file as the recipe says and checks every answer, and the job when one starts. */
async function sendAndCheck(file: { name: string; bytes: Buffer }, send: SendRecipe) {
  const user = nextLearner();
  const fields: Record<string, string> = {
    ...(send.mapping === undefined ? {} : { mapping: send.mapping }),
    ...(send.options === undefined ? {} : { options: JSON.stringify(send.options) }),
  };
  let started;
  if (send.isPreviewed) {
    const shown = await sendMultipart(testApp.app, user, '/api/imports/preview', { file });
    expectAnswered(shown, 'preview');
    if (shown.statusCode !== 200) {
      tally(`preview ${answerOf(shown)}`);
      return;
    }
    const { fileId } = importPreviewSchema.parse(shown.json());
    started = await sendMultipart(testApp.app, user, '/api/imports', { fields: { ...fields, fileId } });
  } else {
    started = await sendMultipart(testApp.app, user, '/api/imports', { file, fields });
  }
  expectAnswered(started, 'import');
  if (started.statusCode !== 200) {
    tally(`import ${answerOf(started)}`);
    return;
  }
  const job = await endedJob(user, importStartedSchema.parse(started.json()).jobId);
  const context = JSON.stringify({
    status: job.status,
    error: job.error,
    errors: job.results?.errors?.slice(0, 5),
  });
  expect(['completed', 'failed'], context).toContain(job.status);
  if (job.status === 'failed') expect(JOB_CODES.has(job.error?.code ?? ''), context).toBe(true);
  for (const error of job.results?.errors ?? []) expect(JOB_CODES.has(error.code), context).toBe(true);
  tally(`job ${job.status}${job.error ? ` ${job.error.code}` : ''}`);
}

/**
 * Runs the property; the first failing case is printed at once with the seed, before shrinking, so it is
 * seen even if shrinking outlasts the test.
 */
async function check<T>(
  name: string,
  recipe: fc.Arbitrary<T>,
  run: (value: T) => Promise<void>,
  runs: number,
) {
  const seed = SEED ?? Math.floor(Math.random() * 2 ** 31);
  let isReported = false;
  outcomes.clear();
  await fc.assert(
    fc.asyncProperty(recipe, async (value) => {
      try {
        await run(value);
      } catch (error) {
        if (!isReported) {
          isReported = true;
          console.error(`${name}: failed with seed ${seed}, before shrinking: ${fc.stringify(value)}`);
        }
        throw error;
      }
    }),
    { numRuns: runsOr(runs), seed },
  );
  const counted = [...outcomes].map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
  console.info(`${name} (seed ${seed}): ${counted}`);
  // Still answering after every case.
  expect((await testApp.app.inject({ method: 'GET', url: '/api/auth/status' })).statusCode).toBe(200);
}

describe('an import of any file', () => {
  it('answers a generated package, its entries replaced or added and its zip maybe broken', () =>
    check(
      'package',
      fc.tuple(packageRecipe, sendRecipe),
      async ([recipe, send]) => {
        await sendAndCheck({ name: recipe.fileName, bytes: await archiveBytes(recipe) }, send);
      },
      18,
    ));

  it('answers a generated backup, any rows and media under any manifest or none', () =>
    check(
      'backup',
      fc.tuple(backupRecipe, sendRecipe),
      async ([recipe, send]) => {
        await sendAndCheck({ name: recipe.fileName, bytes: await archiveBytes(recipe) }, send);
      },
      12,
    ));

  it('answers a generated archive of any entries, under a package’s or a backup’s name', () =>
    check(
      'archive',
      fc.tuple(archiveRecipe, sendRecipe),
      async ([recipe, send]) => {
        await sendAndCheck({ name: recipe.fileName, bytes: await archiveBytes(recipe) }, send);
      },
      12,
    ));

  it('answers a generated CSV of any delimiter, quoting, line end and bytes', () =>
    check(
      'csv',
      fc.tuple(csvRecipe, sendRecipe),
      async ([recipe, send]) => {
        await sendAndCheck({ name: recipe.fileName, bytes: csvBytes(recipe) }, send);
      },
      18,
    ));
});
