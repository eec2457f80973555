import yazl from 'yazl';
import {
  type AnkiDeckSpec,
  type AnkiNoteSpec,
  type AnkiNoteTypeSpec,
  buildLegacyCollection,
} from '../../src/server/modules/transfer/anki-package.writer';
import { loadSqlJs } from '../../src/server/modules/transfer/anki-collection';
import { zstdFrame } from './zstd-frames';

/**
 * Anki packages written by hand, in both layouts Anki has used (docs/product/transfer.md#anki-packages),
 * for the import's tests: the legacy one (`collection.anki2`, JSON media map) and the current one (`meta`
 * version 3, zstd-compressed `collection.anki21b` of schema 18, protobuf media list, zstd media files, and
 * the dummy `collection.anki2` Anki adds for old versions).
 */

/** Anki's stock note type: a front and a back. */
export const BASIC_NOTE_TYPE: AnkiNoteTypeSpec = {
  id: 1,
  name: 'Basic',
  fields: ['Front', 'Back'],
  templates: [{ name: 'Card 1', front: '{{Front}}', back: '{{Back}}' }],
  css: '',
};

export interface PackageSpec {
  noteTypes: AnkiNoteTypeSpec[];
  decks: AnkiDeckSpec[];
  notes: AnkiNoteSpec[];
  /** Files by their name in the fields. */
  media: Record<string, Buffer>;
}

export function zipOf(entries: ReadonlyArray<readonly [string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name, { compress: false });
  return zipBytes(zip);
}

/** The archive's bytes once its entries are added. */
export function zipBytes(zip: yazl.ZipFile): Promise<Buffer> {
  zip.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (part: Buffer) => parts.push(part));
    zip.outputStream.on('end', () => resolve(Buffer.concat(parts)));
    zip.outputStream.on('error', reject);
  });
}

/** The legacy layout's entries, unzipped: for tests that add, drop or change some before zipping them. */
export async function legacyPackageEntries(contents: PackageSpec): Promise<Array<readonly [string, Buffer]>> {
  const collection = await buildLegacyCollection({ ...contents, now: new Date('2030-01-01T00:00:00Z') });
  const names = Object.keys(contents.media);
  return [
    ['collection.anki2', Buffer.from(collection)],
    [
      'media',
      Buffer.from(JSON.stringify(Object.fromEntries(names.map((name, index) => [String(index), name])))),
    ],
    ...names.map((name, index) => [String(index), contents.media[name]!] as const),
  ];
}

export async function legacyPackage(contents: PackageSpec): Promise<Buffer> {
  return zipOf(await legacyPackageEntries(contents));
}

const varint = (value: number) => {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return Buffer.from(bytes);
};
const lengthDelimited = (field: number, bytes: Buffer) =>
  Buffer.concat([varint(field * 8 + 2), varint(bytes.length), bytes]);

/** A schema-18 collection: note types, fields and decks in their own tables, `col`'s JSON columns empty. */
async function schema18Collection(contents: PackageSpec): Promise<Buffer> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  // Anki declares names `COLLATE unicase`, its own collation; a reader must never need it, so it is left out.
  db.run(`
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
      ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
      models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
    CREATE TABLE notetypes (id integer NOT NULL PRIMARY KEY, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, config blob NOT NULL);
    CREATE TABLE fields (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL, config blob NOT NULL,
      PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE templates (ntid integer NOT NULL, ord integer NOT NULL, name text NOT NULL,
      mtime_secs integer NOT NULL, usn integer NOT NULL, config blob NOT NULL, PRIMARY KEY (ntid, ord)) without rowid;
    CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL,
      usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL);
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
      usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL);
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
      ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
      left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
    INSERT INTO col VALUES (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '');`);
  for (const noteType of contents.noteTypes) {
    db.run('INSERT INTO notetypes VALUES (?, ?, 0, 0, ?)', [noteType.id, noteType.name, new Uint8Array()]);
    noteType.fields.forEach((name, ord) =>
      db.run('INSERT INTO fields VALUES (?, ?, ?, ?)', [noteType.id, ord, name, new Uint8Array()]),
    );
    noteType.templates.forEach((template, ord) =>
      db.run('INSERT INTO templates VALUES (?, ?, ?, 0, 0, ?)', [
        noteType.id,
        ord,
        template.name,
        new Uint8Array(),
      ]),
    );
  }
  for (const deck of contents.decks) {
    db.run('INSERT INTO decks VALUES (?, ?, 0, 0, ?, ?)', [
      deck.id,
      deck.name.split('::').join('\x1f'),
      new Uint8Array(),
      new Uint8Array(),
    ]);
  }
  contents.notes.forEach((note, index) => {
    const noteId = 1_600_000_000_000 + index;
    db.run("INSERT INTO notes VALUES (?, ?, ?, 0, 0, '', ?, '', 0, 0, '')", [
      noteId,
      note.guid,
      note.noteTypeId,
      note.fields.join('\x1f'),
    ]);
    db.run("INSERT INTO cards VALUES (?, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
      noteId,
      noteId,
      note.deckId,
    ]);
  });
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/** The current layout's entries, unzipped. */
export async function latestPackageEntries(contents: PackageSpec): Promise<Array<readonly [string, Buffer]>> {
  const names = Object.keys(contents.media);
  const mediaList = Buffer.concat(
    names.map((name) =>
      lengthDelimited(
        1,
        Buffer.concat([
          lengthDelimited(1, Buffer.from(name, 'utf8')),
          varint(2 * 8),
          varint(contents.media[name]!.length),
          lengthDelimited(3, Buffer.alloc(20, 1)),
        ]),
      ),
    ),
  );
  const dummy = await buildLegacyCollection({
    noteTypes: [BASIC_NOTE_TYPE],
    decks: [{ id: 1, name: 'Default' }],
    notes: [
      { guid: 'dummy', noteTypeId: 1, deckId: 1, fields: ['Please update to the latest Anki version', ''] },
    ],
    now: new Date('2030-01-01T00:00:00Z'),
  });
  return [
    ['meta', Buffer.from([0x08, 0x03])],
    ['collection.anki21b', zstdFrame(await schema18Collection(contents))],
    ['collection.anki2', Buffer.from(dummy)],
    ...names.map((name, index) => [String(index), zstdFrame(contents.media[name]!)] as const),
    ['media', zstdFrame(mediaList)],
  ];
}

export async function latestPackage(contents: PackageSpec): Promise<Buffer> {
  return zipOf(await latestPackageEntries(contents));
}
