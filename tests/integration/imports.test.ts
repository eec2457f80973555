import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Job, jobSchema, type UploadWordsJob } from '../../src/shared/api/jobs';
import {
  exportResultsSchema,
  exportStartedSchema,
  importPreviewSchema,
  importStartedSchema,
  MAX_IMPORT_CSV_BYTES,
} from '../../src/shared/api/transfer';
import { duplicateKeyOf } from '../../src/shared/text/duplicate-key';
import { transferFiles, words } from '../../src/server/db/schema';
import { createMediaRepository } from '../../src/server/media/media.repository';
import { createMediaStore, parseMediaPath } from '../../src/server/media/media-store';
import { loadSqlJs } from '../../src/server/modules/transfer/anki-collection';
import { chunkedBuffer, openZipArchive } from '../../src/server/modules/transfer/zip-archive';
import { type PackageSpec, latestPackage, legacyPackage, zipOf } from '../support/anki-packages';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { sendMultipart } from '../support/multipart';
import { connectRealtime } from '../support/realtime-client';
import { waitForUploadJob } from '../support/upload-jobs';
import { seedWords } from '../support/word-seeds';

/*
 * docs/product/transfer.md#imports: words in from a CSV with a column mapping and from Anki packages of
 * both layouts, through the upload job (its duplicate rules and report); words out to an Anki package and
 * back; the limits.
 */

let fake: FakeProviders;
let testApp: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({ providerBaseUrls: fake.providerBaseUrls, runsJobs: true });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const db = () => testApp.database.db;
const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

const multipart = (
  user: TestUser,
  url: string,
  parts: { file?: { name: string; bytes: Buffer }; fields?: Record<string, string> },
) => sendMultipart(testApp.app, user, url, parts);

async function importFile(
  user: TestUser,
  file: { name: string; bytes: Buffer },
  fields: { mapping?: object; options?: object } = {},
): Promise<UploadWordsJob> {
  const started = await multipart(user, '/api/imports', {
    file,
    fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)])),
  });
  expect(started.statusCode, started.body).toBe(200);
  const job = await waitForUploadJob(testApp.app, user, importStartedSchema.parse(started.json()).jobId);
  expect(job.status).toBe('completed');
  return job;
}

async function waitForJob(user: TestUser, jobId: string): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = jobSchema.parse((await send(user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

async function exportFile(user: TestUser, format: 'csv' | 'apkg' | 'backup') {
  const started = await send(user, 'POST', '/api/exports', { format });
  expect(started.statusCode, started.body).toBe(200);
  const { jobId } = exportStartedSchema.parse(started.json());
  const job = await waitForJob(user, jobId);
  expect(job.status).toBe('completed');
  const results = exportResultsSchema.parse(job.results);
  const download = await send(user, 'GET', results.downloadUrl!);
  expect(download.statusCode).toBe(200);
  return { jobId, results, bytes: download.rawPayload };
}

const wordRows = (user: TestUser) =>
  db().select().from(words).where(eq(words.userId, user.id)).orderBy(words.id);

/** A learner whose OpenAI key works, so any model call the import makes reaches the fake server. */
async function learnerWithKey(): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  const answer = await send(learner, 'POST', '/api/validate-openai-key', { apiKey: 'sk-test-valid' });
  expect(answer.json()).toEqual({ valid: true });
  return learner;
}
const modelCalls = () => fake.requestsTo('openai', '/chat/completions').length;

/** A real MP3 frame after a tag naming it, so every clip is its own file. */
const clip = (label: string) =>
  Buffer.concat([
    Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'),
    Buffer.from([0xff, 0xfb, 0x90, 0x64]),
    Buffer.alloc(413),
    Buffer.from(label),
  ]);
const picture = (red: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 40, b: 90 } } })
    .png()
    .toBuffer();

describe('a CSV import', () => {
  it('previews the first rows, takes the learner’s mapping and keeps the file’s fields without a model call', async () => {
    const learner = await learnerWithKey();
    const csv = Buffer.from(
      '\uFEFFПеревод;Слово;Пример;Уровень\r\nсобака;el perro;El perro ladra.;A1\r\nпеть;cantar;;A2\r\n;  ;пусто;\r\n',
    );
    const preview = await multipart(learner, '/api/imports/preview', {
      file: { name: 'mis palabras.csv', bytes: csv },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = importPreviewSchema.parse(preview.json());
    expect(shown).toMatchObject({
      format: 'csv',
      columns: ['Перевод', 'Слово', 'Пример', 'Уровень'],
      rowCount: 3,
      hasHeaderRow: true,
      suggestedMapping: { spanish: 1, russian: 0, example: 2, cefrLevel: 3 },
    });
    expect(shown.rows[1]).toEqual(['собака', 'el perro', 'El perro ladra.', 'A1']);

    const started = await multipart(learner, '/api/imports', {
      fields: {
        fileId: shown.fileId,
        mapping: JSON.stringify({ spanish: 1, russian: 0, example: 2, cefrLevel: 3 }),
        options: JSON.stringify({ hasHeaderRow: true }),
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = await waitForUploadJob(testApp.app, learner, importStartedSchema.parse(started.json()).jobId);
    expect(job.status).toBe('completed');
    expect(job.results?.words.map((word) => [word.spanish, word.russian])).toEqual([
      ['el perro', 'собака'],
      ['cantar', 'петь'],
    ]);
    expect(job.results?.errors).toEqual([
      expect.objectContaining({ lineNumber: 4, code: 'import_row_no_spanish' }),
    ]);
    const rows = await wordRows(learner);
    expect(rows.map((row) => [row.spanish, row.example, row.cefrLevel, row.partOfSpeech])).toEqual([
      ['el perro', 'El perro ladra.', 'A1', null],
      ['cantar', null, 'A2', null],
    ]);
    // Nothing was asked of the language model: the learner did not ask for missing fields to be filled.
    expect(modelCalls()).toBe(0);
    // The clips are left to the built-in voice, on demand.
    expect(job.results?.builtinClipsJobId).not.toBeNull();
  });

  it('asks the model only about rows missing a field, and only when the learner asks', async () => {
    const learner = await learnerWithKey();
    const complete = (index: number) =>
      `palabra${index},слово${index},Ejemplo ${index}.,Пример ${index}.,noun,A1,casa`;
    const lines = [
      'spanish,russian,example,example_translation,part_of_speech,cefr_level,theme',
      ...Array.from({ length: 30 }, (_, index) => complete(index)),
      ...Array.from({ length: 25 }, (_, index) => `falta${index},нет${index},,,,,`),
    ];
    const job = await importFile(
      learner,
      { name: 'words.csv', bytes: Buffer.from(lines.join('\n')) },
      { options: { enrichMissing: true } },
    );
    expect(job.results?.words).toHaveLength(55);
    // 25 rows miss fields: two requests of at most 20 words; the 30 complete rows cost nothing.
    expect(modelCalls()).toBe(2);
    const rows = await wordRows(learner);
    const kept = rows.find((row) => row.spanish === 'palabra3');
    expect(kept).toMatchObject({
      example: 'Ejemplo 3.',
      exampleTranslation: 'Пример 3.',
      themeCategory: 'casa',
    });
    expect(rows.find((row) => row.spanish === 'falta3')?.example).toEqual(expect.any(String));
  });

  it('draws pictures for words without one only when the learner asks', async () => {
    const learner = await registerUser(testApp.app);
    const csv = (word: string) => Buffer.from(`spanish,russian\n${word},перевод\n`);
    await importFile(learner, { name: 'plain.csv', bytes: csv('el sol') });
    await importFile(
      learner,
      { name: 'drawn.csv', bytes: csv('la luna') },
      { options: { generateImages: true } },
    );
    const rows = await wordRows(learner);
    expect(rows.map((row) => [row.spanish, row.imageUrl !== null])).toEqual([
      ['el sol', false],
      ['la luna', true],
    ]);
  });

  it('goes out and comes back the same', async () => {
    const source = await registerUser(testApp.app);
    await seedWords(db(), source.id, [
      {
        spanish: 'el perro',
        duplicateKey: duplicateKeyOf('el perro'),
        russian: 'собака',
        example: 'El perro, "Toby", come.',
        exampleTranslation: 'Собака ест;\nс аппетитом',
        partOfSpeech: 'noun',
        cefrLevel: 'A1',
        themeCategory: 'животные',
      },
      { spanish: 'cantar', duplicateKey: duplicateKeyOf('cantar'), russian: 'петь' },
    ]);
    const { bytes } = await exportFile(source, 'csv');
    const target = await registerUser(testApp.app);
    const job = await importFile(target, { name: 'palabra.csv', bytes });
    expect(job.results?.errors).toEqual([]);
    const fields = (rows: Awaited<ReturnType<typeof wordRows>>) =>
      rows.map((row) => [
        row.spanish,
        row.russian,
        row.example,
        row.exampleTranslation,
        row.partOfSpeech,
        row.cefrLevel,
        row.themeCategory,
      ]);
    expect(fields(await wordRows(target))).toEqual([
      ['el perro', 'собака', 'El perro, "Toby", come.', 'Собака ест; с аппетитом', 'noun', 'A1', 'животные'],
      ['cantar', 'петь', null, null, null, null, null],
    ]);
  });

  it('brings back text the export kept from running as a formula, and only from its own export', async () => {
    const source = await registerUser(testApp.app);
    const words = ['=A1', '-ito', '+34', '@x'];
    await seedWords(
      db(),
      source.id,
      words.map((spanish) => ({
        spanish,
        duplicateKey: duplicateKeyOf(spanish),
        russian: `=${spanish}`,
        example: `${spanish} y más`,
      })),
    );
    const { bytes } = await exportFile(source, 'csv');
    expect(bytes.toString('utf8')).toContain("'=A1");
    const target = await registerUser(testApp.app);
    const job = await importFile(target, { name: 'palabra.csv', bytes });
    expect(job.results?.errors).toEqual([]);
    expect((await wordRows(target)).map((row) => [row.spanish, row.russian, row.example])).toEqual(
      words.map((spanish) => [spanish, `=${spanish}`, `${spanish} y más`]),
    );
    // Another tool's file is kept as it is: its quote is the learner's own text.
    const stranger = await registerUser(testApp.app);
    await importFile(stranger, { name: 'other.csv', bytes: Buffer.from("word,meaning\n'=A1,формула\n") });
    expect((await wordRows(stranger)).map((row) => row.spanish)).toEqual(["'=A1"]);
  });

  it('into a dictionary with the same words reports them as duplicates, or updates them when asked', async () => {
    const learner = await registerUser(testApp.app);
    const [perro] = await seedWords(db(), learner.id, [
      { spanish: 'el perro', duplicateKey: duplicateKeyOf('el perro'), russian: 'пёс', example: 'Viejo.' },
    ]);
    const csv = Buffer.from('spanish,russian,example\nperro,собака,El perro ladra.\ngato,кот,\n');
    const kept = await importFile(learner, { name: 'a.csv', bytes: csv });
    expect(kept.results?.words.map((word) => word.spanish)).toEqual(['gato']);
    expect(kept.results?.duplicates).toEqual([
      expect.objectContaining({
        spanish: 'perro',
        existingWordId: perro,
        reason: { code: 'upload_word_exists' },
      }),
    ]);
    expect((await wordRows(learner))[0]).toMatchObject({ russian: 'пёс', example: 'Viejo.' });

    const updated = await importFile(
      learner,
      { name: 'a.csv', bytes: csv },
      { options: { overwriteExisting: true } },
    );
    expect(updated.results?.words).toEqual([]);
    expect(updated.results?.duplicates).toEqual([
      expect.objectContaining({
        spanish: 'perro',
        existingWordId: perro,
        reason: { code: 'import_word_updated' },
      }),
      expect.objectContaining({ spanish: 'gato', reason: { code: 'import_word_updated' } }),
    ]);
    const rows = await wordRows(learner);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ spanish: 'el perro', russian: 'собака', example: 'El perro ladra.' });
  });

  it('refuses a file over its limit, of an unknown kind, or with a mapping past its columns, and deletes it at once', async () => {
    const learner = await registerUser(testApp.app);
    const huge = await multipart(learner, '/api/imports', {
      file: { name: 'big.csv', bytes: Buffer.alloc(MAX_IMPORT_CSV_BYTES + 10, 'a') },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'import_too_large', params: { maxMb: 20 } });
    const photo = await multipart(learner, '/api/imports', {
      file: { name: 'photo.png', bytes: Buffer.from('x') },
    });
    expect(photo.json()).toMatchObject({ code: 'import_unknown_format' });
    const badMapping = await multipart(learner, '/api/imports', {
      file: { name: 'a.csv', bytes: Buffer.from('a,b\nperro,собака\n') },
      fields: { mapping: JSON.stringify({ spanish: 5 }) },
    });
    expect(badMapping.json()).toMatchObject({
      code: 'import_mapping_invalid',
      params: { mappedField: 'spanish' },
    });
    const notPackage = await multipart(learner, '/api/imports', {
      file: { name: 'deck.apkg', bytes: Buffer.from('not a zip at all') },
    });
    expect(notPackage.statusCode).toBe(400);
    expect(notPackage.json()).toMatchObject({ code: 'import_unreadable' });
    expect(await wordRows(learner)).toEqual([]);
    // docs/product/transfer.md#limits: a refused file is not kept.
    expect(await db().select().from(transferFiles).where(eq(transferFiles.userId, learner.id))).toEqual([]);
    // Another learner's preview is not theirs to import.
    const preview = await multipart(learner, '/api/imports/preview', {
      file: { name: 'a.csv', bytes: Buffer.from('a,b\nperro,собака\n') },
    });
    const stranger = await registerUser(testApp.app);
    const foreign = await multipart(stranger, '/api/imports', {
      fields: { fileId: importPreviewSchema.parse(preview.json()).fileId },
    });
    expect(foreign.statusCode).toBe(404);
    const malformed = await multipart(learner, '/api/imports', { fields: { fileId: 'not-a-file-id' } });
    expect(malformed.statusCode).toBe(404);
  });
});

/** Two note types, a deck three levels deep, HTML and entities in fields, and one file the package lacks. */
async function handWrittenSpec(): Promise<PackageSpec> {
  return {
    noteTypes: [
      {
        id: 1001,
        name: 'Basic',
        fields: ['Front', 'Back'],
        templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
        css: '',
      },
      {
        id: 1002,
        name: 'Vocab with audio',
        fields: ['Front', 'Back', 'Sound', 'Image', 'Example'],
        templates: [
          { name: 'Recognition', front: '{{Front}}{{Sound}}', back: '{{Back}}' },
          { name: 'Recall', front: '{{Back}}', back: '{{Front}}' },
        ],
        css: '',
      },
    ],
    decks: [{ id: 2001, name: 'Idiomas::Español::Verbos' }],
    notes: [
      { guid: 'a1', noteTypeId: 1001, deckId: 2001, fields: ['<b>el perro</b>', 'собака'] },
      { guid: 'a2', noteTypeId: 1001, deckId: 2001, fields: ['la casa&nbsp;', 'дом<br>жилище'] },
      {
        guid: 'a3',
        noteTypeId: 1002,
        deckId: 2001,
        fields: [
          '<div>cantar</div>',
          'петь',
          '[sound:cantar.mp3]',
          '<img src="cantar.png">',
          'Me gusta &amp; cantar.',
        ],
      },
      {
        guid: 'a4',
        noteTypeId: 1002,
        deckId: 2001,
        fields: ['bailar', 'танцевать', '[sound:missing.mp3]', '', ''],
      },
    ],
    media: { 'cantar.mp3': clip('cantar'), 'cantar.png': await picture(200) },
  };
}

describe('an Anki package import', () => {
  for (const [layout, build] of [
    ['legacy (collection.anki2, JSON media map)', legacyPackage],
    ['current (collection.anki21b with zstd, protobuf media list)', latestPackage],
  ] as const) {
    it(`reads the ${layout} layout: every note a word, its audio and picture kept, a missing file reported`, async () => {
      const learner = await registerUser(testApp.app);
      const spec = await handWrittenSpec();
      const bytes = await build(spec);
      const preview = importPreviewSchema.parse(
        (await multipart(learner, '/api/imports/preview', { file: { name: 'deck.apkg', bytes } })).json(),
      );
      expect(preview).toMatchObject({
        format: 'apkg',
        columns: ['Front', 'Back', 'Sound', 'Image', 'Example'],
        rowCount: 4,
        suggestedMapping: { spanish: 0, russian: 1, audio: 2, picture: 3, example: 4 },
      });
      expect(preview.rows[2]?.slice(0, 2)).toEqual(['cantar', 'петь']);

      const job = await importFile(learner, { name: 'deck.colpkg', bytes });
      expect(job.results?.words.map((word) => [word.spanish, word.russian])).toEqual([
        ['el perro', 'собака'],
        ['la casa', 'дом жилище'],
        ['cantar', 'петь'],
        ['bailar', 'танцевать'],
      ]);
      expect(job.results?.errors).toEqual([
        expect.objectContaining({
          lineNumber: 4,
          stage: 'audio',
          code: 'import_media_missing',
          params: { name: 'missing.mp3' },
        }),
      ]);
      const cantar = (await wordRows(learner)).find((row) => row.spanish === 'cantar')!;
      expect(cantar.example).toBe('Me gusta & cantar.');
      const store = createMediaStore(createMediaRepository(db()));
      const audio = await store.findReadable(parseMediaPath(cantar.audioData!)!.sha256, learner.id);
      expect(audio?.data.equals(spec.media['cantar.mp3']!)).toBe(true);
      const image = await store.findReadable(parseMediaPath(cantar.imageUrl!)!.sha256, learner.id);
      expect(image?.data.equals(spec.media['cantar.png']!)).toBe(true);
    });
  }

  it('refuses a package whose collection is missing, as unreadable', async () => {
    const learner = await registerUser(testApp.app);
    const bytes = await zipOf([['media', Buffer.from('{}')]]);
    const answer = await multipart(learner, '/api/imports', { file: { name: 'empty.apkg', bytes } });
    expect(answer.json()).toMatchObject({ code: 'import_unreadable' });
  });
});

describe('an Anki package export', () => {
  it('holds a note per word with its cards and every file it names, and imports back the same', async () => {
    const source = await registerUser(testApp.app);
    const store = createMediaStore(createMediaRepository(db()));
    const perroAudio = clip('perro-1');
    const perroImage = await picture(10);
    await seedWords(db(), source.id, [
      {
        spanish: 'el perro',
        duplicateKey: duplicateKeyOf('el perro'),
        russian: 'собака <друг>',
        example: 'El perro come.',
        exampleTranslation: 'Собака ест.',
        partOfSpeech: 'noun',
        cefrLevel: 'A1',
        themeCategory: 'животные',
        imageUrl: await store.put(source.id, perroImage, 'image/png'),
        audioData: await store.put(source.id, perroAudio, 'audio/mpeg'),
        secondVoiceAudioData: await store.put(source.id, clip('perro-2'), 'audio/mpeg'),
        russianAudioData: await store.put(source.id, clip('perro-ru'), 'audio/mpeg'),
      },
      // Shares the first word's picture: the package holds the file once.
      {
        spanish: 'el can',
        duplicateKey: duplicateKeyOf('el can'),
        russian: 'пёс',
        imageUrl: await store.put(source.id, perroImage, 'image/png'),
      },
      // Kept without a translation (docs/product/upload.md#spanish-only-lines): an empty field, no ru→es card.
      { spanish: 'nadar', duplicateKey: duplicateKeyOf('nadar'), russian: '', needsTranslation: true },
    ]);
    const { results, bytes } = await exportFile(source, 'apkg');
    expect(results).toMatchObject({ format: 'apkg', words: 3 });
    expect(results.fileName).toMatch(/\.apkg$/);

    // Read back field by field.
    const archive = await openZipArchive(chunkedBuffer(bytes));
    const mediaMap = JSON.parse((await archive.read('media', 1e6))!.toString('utf8')) as Record<
      string,
      string
    >;
    // el perro's four files, and the clips the export made for the other two: el can's three, and nadar's
    // two Spanish ones (no Russian text, no Russian clip).
    expect(Object.keys(mediaMap)).toHaveLength(9);
    for (const entry of Object.keys(mediaMap)) expect(archive.has(entry)).toBe(true);
    const SQL = await loadSqlJs();
    const collection = new SQL.Database(await archive.read('collection.anki2', 1e8));
    const [col] = collection.exec('select ver, models, decks from col')[0]!.values;
    expect(col![0]).toBe(11);
    const models = Object.values(
      JSON.parse(String(col![1])) as Record<string, { tmpls: Array<{ name: string }>; flds: unknown[] }>,
    );
    expect(models.map((model) => model.tmpls.map((template) => template.name))).toEqual([
      ['es → ru', 'ru → es'],
    ]);
    const notes = collection
      .exec('select flds from notes order by id')[0]!
      .values.map((row) => String(row[0]).split('\x1f'));
    expect(notes[0]!.slice(0, 4)).toEqual([
      'el perro',
      'собака &lt;друг&gt;',
      'El perro come.',
      'Собака ест.',
    ]);
    const referenced = notes.flatMap((fields) =>
      [...fields.join(' ').matchAll(/\[sound:([^\]]+)\]|src="([^"]+)"/g)].map(
        (match) => match[1] ?? match[2],
      ),
    );
    expect(notes[2]!.slice(0, 2)).toEqual(['nadar', '']);
    expect(referenced).toHaveLength(10);
    for (const name of referenced) expect(Object.values(mediaMap)).toContain(name);
    // Two cards for each translated word, the es→ru one alone for nadar.
    expect(
      collection.exec(
        'select n.sfld, c.ord from cards c join notes n on n.id = c.nid order by n.id, c.ord',
      )[0]!.values,
    ).toEqual([
      ['el perro', 0],
      ['el perro', 1],
      ['el can', 0],
      ['el can', 1],
      ['nadar', 0],
    ]);
    collection.close();
    archive.close();

    const target = await registerUser(testApp.app);
    const job = await importFile(target, { name: results.fileName, bytes });
    expect(job.results?.errors).toEqual([]);
    const [perro, can, nadar] = await wordRows(target);
    expect(nadar).toMatchObject({ spanish: 'nadar', russian: '', needsTranslation: true });
    expect(perro).toMatchObject({
      spanish: 'el perro',
      russian: 'собака <друг>',
      example: 'El perro come.',
      exampleTranslation: 'Собака ест.',
      partOfSpeech: 'noun',
      cefrLevel: 'A1',
      themeCategory: 'животные',
    });
    const [original] = await db()
      .select()
      .from(words)
      .where(and(eq(words.userId, source.id), eq(words.spanish, 'el perro')));
    for (const column of ['imageUrl', 'audioData', 'secondVoiceAudioData', 'russianAudioData'] as const) {
      expect(perro![column], column).toBe(original![column]);
    }
    expect(can?.imageUrl).toBe(original!.imageUrl);
    const [originalCan] = await db()
      .select()
      .from(words)
      .where(and(eq(words.userId, source.id), eq(words.spanish, 'el can')));
    for (const column of ['audioData', 'secondVoiceAudioData', 'russianAudioData'] as const) {
      expect(can![column], column).toBe(originalCan![column]);
    }
  });

  // docs/product/transfer.md#anki-packages: words a no-key upload left for the built-in voice to speak on
  // demand are voiced by the export, not left silent; the backup copies the data as it is.
  it('makes the clips its words lack first, with progress, so every note has its sound', async () => {
    const learner = await registerUser(testApp.app);
    const spanish = ['el perro', 'la casa', 'el gato', 'la mesa', 'el libro', 'el sol'];
    await seedWords(
      db(),
      learner.id,
      spanish.map((word, index) => ({
        spanish: word,
        duplicateKey: duplicateKeyOf(word),
        russian: ['собака', 'дом', 'кошка', 'стол', 'книга', 'солнце'][index]!,
      })),
    );
    const hasClips = async () =>
      (await wordRows(learner)).map((row) =>
        [row.audioData, row.secondVoiceAudioData, row.russianAudioData].every(Boolean),
      );

    await exportFile(learner, 'backup');
    expect(await hasClips()).toEqual(spanish.map(() => false));

    const socket = await connectRealtime(testApp.app, learner.cookie);
    const { jobId, bytes, results } = await exportFile(learner, 'apkg');
    expect(results.words).toBe(6);
    await socket.waitFor(
      (message): message is Extract<typeof message, { type: 'jobProgress' }> =>
        message.type === 'jobProgress' && message.jobId === jobId && message.status === 'completed',
    );
    const progress = socket.messages.flatMap((message) =>
      message.type === 'jobProgress' && message.jobId === jobId ? [message.progress] : [],
    );
    socket.close();
    // The clips first, all six words of them, then the notes.
    expect(progress).toContainEqual(expect.objectContaining({ stage: 'audio', total: 6, processed: 6 }));
    const lastAudio = progress.findLastIndex((step) => step.stage === 'audio');
    const firstExport = progress.findIndex((step) => step.stage === 'export');
    expect(lastAudio).toBeLessThan(firstExport);
    expect(progress.at(-1)).toMatchObject({ stage: 'export', total: 6, processed: 6 });
    // Kept on the words, so Learn has them too and the next export makes none.
    expect(await hasClips()).toEqual(spanish.map(() => true));

    const archive = await openZipArchive(chunkedBuffer(bytes));
    const mediaMap = JSON.parse((await archive.read('media', 1e6))!.toString('utf8')) as Record<
      string,
      string
    >;
    const SQL = await loadSqlJs();
    const collection = new SQL.Database(await archive.read('collection.anki2', 1e8));
    const notes = collection
      .exec('select flds from notes order by id')[0]!
      .values.map((row) => String(row[0]).split('\x1f'));
    collection.close();
    archive.close();
    expect(notes.map((fields) => fields[0])).toEqual(spanish);
    const SOUND = /^\[sound:[0-9a-f]{64}\.mp3\]$/;
    for (const fields of notes) {
      // Audio, Audio2, RussianAudio.
      for (const field of fields.slice(5, 8)) {
        expect(field, fields[0]).toMatch(SOUND);
        expect(Object.values(mediaMap)).toContain(field.slice('[sound:'.length, -1));
      }
    }
  });
});
