import { decompress as zstdDecompress } from 'fzstd';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { z } from 'zod';
import type { ImportMediaSource } from './imported-media.step';
import { MAX_IMPORTED_MEDIA_BYTES } from './imported-media.step';
import { type ImportRow, type ImportTable, packageTable } from './import-table';
import { ArchiveError, type ZipArchive } from './zip-archive';

/**
 * Anki packages (`.apkg` decks, `.colpkg` collections; docs/product/transfer.md#anki-packages), in each
 * layout Anki has written:
 * - legacy: `collection.anki2` (Anki 2.0) or `collection.anki21`, a plain SQLite file of schema 11 whose
 *   note types are JSON in `col.models`; `media` is a JSON map from the zip entry ("0", "1"…) to the name;
 * - latest: `meta` says version 3; `collection.anki21b` is a schema-18 SQLite file compressed with zstd,
 *   note types and fields live in their own tables; `media` is a zstd-compressed protobuf list whose n-th
 *   name is zip entry "n", itself zstd-compressed. Such packages also carry a dummy `collection.anki2`
 *   asking to update Anki, which must not be read.
 * zstd frames written by Anki carry no content size; `fzstd` decodes them.
 */

/** A collection larger than this (uncompressed) is refused rather than loaded into memory. */
export const MAX_COLLECTION_BYTES = 150 * 1024 * 1024;

/** The package's layout could not be read: named by the reason, worded to the learner as import_unreadable. */
export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}

let sqlJs: Promise<SqlJsStatic> | undefined;
/** sql.js's WebAssembly is loaded once per process, when the first package is read or written. */
export const loadSqlJs = () => (sqlJs ??= initSqlJs());

// ---- The few protobuf messages a package holds ----

/** Reads a varint at `offset`; answers the value and the offset after it. */
function readVarint(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (let at = offset; at < bytes.length; at += 1) {
    const byte = bytes[at] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, at + 1];
    shift += 7;
    if (shift > 63) break;
  }
  throw new PackageError('a protobuf varint runs past its message');
}

/** Each field of a protobuf message: its number and its varint value or length-delimited bytes. */
export function* protobufFields(bytes: Uint8Array): Generator<[number, number | Uint8Array]> {
  let offset = 0;
  while (offset < bytes.length) {
    const [key, afterKey] = readVarint(bytes, offset);
    const field = Math.floor(key / 8);
    const wireType = key & 7;
    if (wireType === 0) {
      const [value, after] = readVarint(bytes, afterKey);
      yield [field, value];
      offset = after;
    } else if (wireType === 2) {
      const [length, afterLength] = readVarint(bytes, afterKey);
      if (afterLength + length > bytes.length)
        throw new PackageError('a protobuf field runs past its message');
      yield [field, bytes.subarray(afterLength, afterLength + length)];
      offset = afterLength + length;
    } else if (wireType === 1) offset = afterKey + 8;
    else if (wireType === 5) offset = afterKey + 4;
    else throw new PackageError(`protobuf wire type ${wireType} is not used by packages`);
  }
}

/** `PackageMetadata.version` (field 1); 0 when the message does not say. */
function packageVersion(meta: Uint8Array): number {
  for (const [field, value] of protobufFields(meta))
    if (field === 1 && typeof value === 'number') return value;
  return 0;
}

/** `MediaEntries.entries[].name` in order: the n-th is zip entry "n". */
function mediaEntryNames(list: Uint8Array): string[] {
  const names: string[] = [];
  for (const [field, entry] of protobufFields(list)) {
    if (field !== 1 || typeof entry === 'number') continue;
    let name = '';
    for (const [entryField, value] of protobufFields(entry)) {
      if (entryField === 1 && typeof value !== 'number') name = Buffer.from(value).toString('utf8');
    }
    names.push(name);
  }
  return names;
}

const unzstd = (bytes: Buffer) => {
  try {
    return Buffer.from(zstdDecompress(bytes));
  } catch (error) {
    throw new PackageError(`zstd: ${error instanceof Error ? error.message : String(error)}`);
  }
};

// ---- Reading ----

const legacyModelsSchema = z.record(
  z.string(),
  z.object({
    name: z.string().optional(),
    flds: z.array(z.object({ name: z.string(), ord: z.number().optional() })),
  }),
);
const legacyMediaSchema = z.record(z.string(), z.string());

interface NoteType {
  id: number;
  fieldNames: string[];
}

function rowsOf(db: Database, sql: string): unknown[][] {
  return db.exec(sql).flatMap((result) => result.values);
}

function noteTypesOf(db: Database): NoteType[] {
  const hasTables = rowsOf(db, "select name from sqlite_master where type = 'table' and name = 'notetypes'");
  if (hasTables.length > 0) {
    // Schema 18: one row per field. Ordered by numbers only: its names use Anki's own collation.
    const byType = new Map<number, string[]>();
    for (const [ntid, , name] of rowsOf(db, 'select ntid, ord, name from fields order by ntid, ord')) {
      const fields = byType.get(Number(ntid)) ?? [];
      fields.push(String(name));
      byType.set(Number(ntid), fields);
    }
    return [...byType].map(([id, fieldNames]) => ({ id, fieldNames }));
  }
  const [models] = rowsOf(db, 'select models from col limit 1');
  const json = models?.[0];
  const parsed = legacyModelsSchema.safeParse(JSON.parse(typeof json === 'string' ? json : '{}'));
  if (!parsed.success) throw new PackageError('col.models is not a map of note types');
  return Object.entries(parsed.data)
    .map(([id, model]) => ({
      id: Number(id),
      fieldNames: [...model.flds].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0)).map((field) => field.name),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * The notes as rows: the columns are every note type's field names, in order of first appearance (two note
 * types both naming a field 'Front' share the column), each note's fields under its names.
 */
function tableOf(db: Database): ImportTable {
  const noteTypes = noteTypesOf(db);
  const columns: string[] = [];
  const columnOfType = new Map<number, number[]>();
  for (const noteType of noteTypes) {
    columnOfType.set(
      noteType.id,
      noteType.fieldNames.map((name) => {
        const index = columns.indexOf(name);
        if (index >= 0) return index;
        columns.push(name);
        return columns.length - 1;
      }),
    );
  }
  const rows: ImportRow[] = [];
  for (const [mid, fields] of rowsOf(db, 'select mid, flds from notes order by id')) {
    const columnsOfNote = columnOfType.get(Number(mid));
    const cells = new Array<string>(columns.length).fill('');
    String(fields)
      .split('\x1f')
      .forEach((value, index) => {
        const column = columnsOfNote?.[index];
        if (column !== undefined) cells[column] = value;
      });
    rows.push({ rowNumber: rows.length + 1, cells });
  }
  return packageTable(columns, rows);
}

export interface AnkiPackage {
  table: ImportTable;
  media: ImportMediaSource;
}

/** Opens the package's collection and media list; the archive stays open for the media, until `close`. */
export async function readAnkiPackage(archive: ZipArchive): Promise<AnkiPackage> {
  const metaBytes = await archive.read('meta', 1024);
  let version: number;
  if (metaBytes) version = packageVersion(metaBytes);
  else version = archive.has('collection.anki21') ? 2 : 1;
  if (version < 1 || version > 3) throw new PackageError(`package version ${version} is unknown`);
  const isLatest = version === 3;
  const collectionName = ['collection.anki2', 'collection.anki21', 'collection.anki21b'][version - 1] ?? '';
  const stored = await archive.read(collectionName, MAX_COLLECTION_BYTES);
  if (!stored) throw new PackageError(`${collectionName} is missing`);
  const collection = isLatest ? unzstd(stored) : stored;
  if (collection.length > MAX_COLLECTION_BYTES) throw new PackageError('the collection is too large');

  const SQL = await loadSqlJs();
  let table: ImportTable;
  let db: Database | undefined;
  try {
    db = new SQL.Database(collection);
    table = tableOf(db);
  } catch (error) {
    if (error instanceof PackageError || error instanceof ArchiveError) throw error;
    // sql.js throws plain errors for a file that is no SQLite database, or lacks the tables.
    throw new PackageError(
      `the collection does not read: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    db?.close();
  }

  const mediaBytes = await archive.read('media', MAX_COLLECTION_BYTES);
  const entryOfName = new Map<string, string>();
  if (mediaBytes) {
    if (isLatest) {
      mediaEntryNames(unzstd(mediaBytes)).forEach((name, index) => entryOfName.set(name, String(index)));
    } else {
      let map: unknown;
      try {
        map = JSON.parse(mediaBytes.toString('utf8'));
      } catch {
        throw new PackageError('the media map is not JSON');
      }
      const parsed = legacyMediaSchema.safeParse(map);
      if (!parsed.success) throw new PackageError('the media map is not a map of names');
      for (const [entry, name] of Object.entries(parsed.data)) entryOfName.set(name, entry);
    }
  }
  return {
    table,
    media: {
      async read(name) {
        const entry = entryOfName.get(name) ?? entryOfName.get(name.normalize('NFC'));
        if (entry === undefined) return undefined;
        const bytes = await archive.read(entry, MAX_IMPORTED_MEDIA_BYTES);
        if (!bytes) return undefined;
        return isLatest ? unzstd(bytes) : bytes;
      },
      close: () => archive.close(),
    },
  };
}
