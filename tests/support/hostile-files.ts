import { Readable } from 'node:stream';
import yazl from 'yazl';
import { MAX_IMPORT_CSV_BYTES } from '../../src/shared/api/transfer';
import { loadSqlJs } from '../../src/server/modules/transfer/anki-collection';
import { buildLegacyCollection } from '../../src/server/modules/transfer/anki-package.writer';
import { zstdBomb, zstdFrame } from './zstd-frames';
import { BASIC_NOTE_TYPE, zipBytes } from './anki-packages';

/**
 * Files a hostile learner would send (docs/product/transfer.md#limits), each a few hundred bytes to a few
 * KB that would cost a careless reader seconds, gigabytes or the process: made here, never stored in the
 * repository. The tests, the benchmark and the property test share them.
 */

/**
 * A ZIP of these entries, deflated (a bomb's repeated bytes shrink to almost nothing). An entry given as a
 * stream is deflated as it is read, so an entry of hundreds of megabytes never exists whole.
 */
export function deflatedZip(entries: ReadonlyArray<readonly [string, Buffer | Readable]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) {
    if (Buffer.isBuffer(bytes)) zip.addBuffer(bytes, name, { compress: true });
    else zip.addReadStream(bytes, name, { compress: true });
  }
  return zipBytes(zip);
}

const BASIC = { ...BASIC_NOTE_TYPE, id: 1001 };

/** A legacy collection with one note type and these notes, then changed by `sql` (the file's own SQL). */
async function legacyCollection(notes: Array<[string, string]>, sql = ''): Promise<Buffer> {
  const collection = await buildLegacyCollection({
    noteTypes: [BASIC],
    decks: [{ id: 1, name: 'Default' }],
    notes: notes.map(([front, back], index) => ({
      guid: `n${index}`,
      noteTypeId: BASIC.id,
      deckId: 1,
      fields: [front, back],
    })),
    now: new Date('2030-01-01T00:00:00Z'),
  });
  if (!sql) return Buffer.from(collection);
  const SQL = await loadSqlJs();
  const db = new SQL.Database(collection);
  try {
    db.run(sql);
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}

const legacyPackageOf = async (collection: Buffer) =>
  deflatedZip([
    ['collection.anki2', collection],
    ['media', Buffer.from('{}')],
  ]);

/** `notes` is a view that counts forever: reading it would never end. */
export const recursiveViewPackage = async () =>
  legacyPackageOf(
    await legacyCollection(
      [],
      `DROP TABLE notes;
       CREATE VIEW notes AS WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n)
       SELECT id, 'g' AS guid, 1001 AS mid, 0 AS mod, 0 AS usn, '' AS tags, 'a' || char(31) || 'b' AS flds,
         '' AS sfld, 0 AS csum, 0 AS flags, '' AS data FROM n;`,
    ),
  );

/** A few KB whose one note's fields are generated on read: 50 MB of text a row. */
export const generatedColumnPackage = async () =>
  legacyPackageOf(
    await legacyCollection(
      [],
      `DROP TABLE notes;
       CREATE TABLE notes (id integer PRIMARY KEY, guid text, mid integer, mod integer, usn integer,
         tags text, sfld text, csum integer, flags integer, data text,
         flds text GENERATED ALWAYS AS (hex(zeroblob(25000000))) VIRTUAL);
       INSERT INTO notes (id, guid, mid, mod, usn, tags, sfld, csum, flags, data)
         VALUES (1, 'g', 1001, 0, 0, '', '', 0, 0, '');`,
    ),
  );

/** An ordinary deck but for a trigger, which a reader's statements could set off. */
export const triggerPackage = async () =>
  legacyPackageOf(
    await legacyCollection(
      [['perro', 'собака']],
      `CREATE TRIGGER notes_touched AFTER UPDATE ON notes BEGIN SELECT 1; END;`,
    ),
  );

/** The current layout, whose collection inflates to `byteCount` of one byte (a zstd bomb in a few KB). */
export const collectionBombPackage = (byteCount = 1024 * 1024 * 1024) =>
  deflatedZip([
    ['meta', Buffer.from([0x08, 0x03])],
    ['collection.anki21b', zstdBomb(byteCount)],
    ['media', zstdBomb(128 * 1024, { byte: 0 })],
  ]);

/** The current layout with a real collection, but a media list that inflates to `byteCount`. */
export async function mediaListBombPackage(byteCount = 512 * 1024 * 1024): Promise<Buffer> {
  return deflatedZip([
    ['meta', Buffer.from([0x08, 0x03])],
    ['collection.anki21b', zstdFrame(await schema18CollectionOfOneSound())],
    ['media', zstdBomb(byteCount, { byte: 0x0a })],
  ]);
}

/** The current layout with a real collection and media list, whose one file is a zstd bomb of 1 GB. */
export async function mediaFileBombPackage(): Promise<Buffer> {
  // MediaEntries { entries: [{ name: 'perro.mp3' }] }: the first file, entry "0", is the note's sound.
  const name = Buffer.from('perro.mp3');
  const entry = Buffer.from([0x0a, name.length, ...name]);
  return deflatedZip([
    ['meta', Buffer.from([0x08, 0x03])],
    ['collection.anki21b', zstdFrame(await schema18CollectionOfOneSound())],
    ['media', zstdFrame(Buffer.from([0x0a, entry.length, ...entry]))],
    ['0', zstdBomb(1024 * 1024 * 1024)],
  ]);
}

/** A schema-18 collection of one note that plays a sound, so an import opens the media list. */
async function schema18CollectionOfOneSound(): Promise<Buffer> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.run(`
      CREATE TABLE col (id integer PRIMARY KEY, models text NOT NULL);
      CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL);
      CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL,
        PRIMARY KEY (ntid, ord)) without rowid;
      CREATE TABLE notes (id integer PRIMARY KEY, mid integer NOT NULL, flds text NOT NULL);
      INSERT INTO col VALUES (1, '');
      INSERT INTO notetypes VALUES (1, 'Basic');
      INSERT INTO fields VALUES (1, 0, 'Front'), (1, 1, 'Back'), (1, 2, 'Audio');
      INSERT INTO notes VALUES (1, 1, 'perro' || char(31) || 'собака' || char(31) || '[sound:perro.mp3]');`);
    return Buffer.from(db.export());
  } finally {
    db.close();
  }
}

/**
 * A backup whose words table holds one line of `lineBytes` (deflated to about 1 KB a MB), then one word. The
 * line is streamed into the archive a megabyte at a time: the benchmark's 600 MB line is never in memory.
 */
export function longLineBackup(lineBytes: number): Promise<Buffer> {
  const manifest = {
    app: 'palabra',
    version: 1,
    createdAt: '2030-01-01T00:00:00.000Z',
    rows: { words: 2 },
    media: [],
  };
  const word = (spanish: string) =>
    JSON.stringify({ id: 1, spanish, russian: 'слово', createdAt: '2030-01-01T00:00:00.000Z' });
  const piece = Buffer.alloc(Math.min(lineBytes, 1024 * 1024), 'a');
  function* table() {
    for (let left = lineBytes; left > 0; left -= piece.length)
      yield piece.subarray(0, Math.min(left, piece.length));
    yield Buffer.from(`\n${word('perro')}\n`);
  }
  return deflatedZip([
    ['manifest.json', Buffer.from(JSON.stringify(manifest))],
    ['tables/words.jsonl', Readable.from(table(), { objectMode: false })],
  ]);
}

/** The three CSVs of the CSV limit that cost most to read: newlines, a one-letter row each, one cell. */
export const CSV_BOMBS: ReadonlyArray<readonly [string, () => Buffer]> = [
  ['newlines', () => Buffer.alloc(MAX_IMPORT_CSV_BYTES, '\n')],
  ['a-lines', () => Buffer.alloc(MAX_IMPORT_CSV_BYTES, 'a\n')],
  [
    'one-quoted-cell',
    () => Buffer.concat([Buffer.from('"'), Buffer.alloc(MAX_IMPORT_CSV_BYTES - 2, 'x'), Buffer.from('"')]),
  ],
];
