import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { z } from 'zod';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, PREVIEW_ROWS } from '../../../shared/api/transfer';
import { PackageError } from './anki-formats';
import type { ImportRow, TableShape } from './import-table';

/**
 * An Anki collection read as rows (docs/product/transfer.md#anki-packages), in the file-reading worker. The
 * SQLite file is the learner's and hostile until read: it is opened read-only (`query_only`), and refused
 * when a table the reader reads is a view or a virtual table or has generated columns, or when it has any
 * trigger — any of them would run the file's own SQL, which may never end. What is read is bounded: the
 * note types' fields, the legacy `col.models` JSON, each note's fields and the notes themselves.
 */

/** A collection larger than this (uncompressed) is refused rather than loaded. */
export const MAX_COLLECTION_BYTES = 150 * 1024 * 1024;
/** A note's fields are read up to this many characters; a field of our own note type is a few hundred. */
export const MAX_NOTE_CHARACTERS = 32 * 1024;
/** The legacy layout's note types as JSON; a deck's are a few KB each. */
const MAX_MODELS_JSON_CHARACTERS = 16 * 1024 * 1024;
/** Field names read, and their length. */
const MAX_FIELDS = 2_000;
const MAX_FIELD_NAME_CHARACTERS = 200;

let sqlJs: Promise<SqlJsStatic> | undefined;
/** sql.js's WebAssembly is loaded once per thread, when the first package is read or written. */
export const loadSqlJs = () => (sqlJs ??= initSqlJs());

function rowsOf(db: Database, sql: string, params: Array<string | number> = []): unknown[][] {
  const statement = db.prepare(sql, params);
  try {
    const rows: unknown[][] = [];
    while (statement.step()) rows.push(statement.get());
    return rows;
  } finally {
    statement.free();
  }
}

/** The tables this reader reads, when the collection has them. */
const READ_TABLES = ['col', 'notes', 'notetypes', 'fields'] as const;

/** Refuses a collection whose reading would run SQL of its own (docs/product/transfer.md#limits). */
function checkNothingRunsOnRead(db: Database) {
  if (rowsOf(db, "select 1 from sqlite_master where type = 'trigger' limit 1").length > 0) {
    throw new PackageError('the collection has triggers');
  }
  for (const name of READ_TABLES) {
    const [object] = rowsOf(db, 'select type, sql from sqlite_master where name = ? collate nocase', [name]);
    if (!object) continue;
    const [type, sql] = object;
    if (type !== 'table') throw new PackageError(`${name} is a ${String(type)}, not a table`);
    if (/^\s*create\s+virtual\s+table/i.test(String(sql))) {
      throw new PackageError(`${name} is a virtual table`);
    }
    // `hidden` is 2 or 3 for generated columns, which compute on every read.
    const isGenerated = rowsOf(db, `select hidden from pragma_table_xinfo(?)`, [name]).some(
      ([hidden]) => hidden === 2 || hidden === 3,
    );
    if (isGenerated) throw new PackageError(`${name} has generated columns`);
  }
}

const hasTable = (db: Database, name: string) =>
  rowsOf(db, "select 1 from sqlite_master where type = 'table' and name = ? collate nocase", [name]).length >
  0;

const legacyModelsSchema = z.record(
  z.string(),
  z.object({
    name: z.string().optional(),
    flds: z.array(z.object({ name: z.string(), ord: z.number().optional() })),
  }),
);

interface NoteType {
  id: number;
  fieldNames: string[];
}

function noteTypesOf(db: Database): NoteType[] {
  if (hasTable(db, 'notetypes') && hasTable(db, 'fields')) {
    // Schema 18: one row per field. Ordered by numbers only: its names use Anki's own collation.
    const byType = new Map<number, string[]>();
    const fields = rowsOf(db, 'select ntid, ord, substr(name, 1, ?) from fields order by ntid, ord limit ?', [
      MAX_FIELD_NAME_CHARACTERS,
      MAX_FIELDS,
    ]);
    for (const [ntid, , name] of fields) {
      const names = byType.get(Number(ntid)) ?? [];
      names.push(String(name));
      byType.set(Number(ntid), names);
    }
    return [...byType].map(([id, fieldNames]) => ({ id, fieldNames }));
  }
  const [size] = rowsOf(db, 'select length(models) from col limit 1');
  if (Number(size?.[0] ?? 0) > MAX_MODELS_JSON_CHARACTERS) throw new PackageError('col.models is too long');
  const [models] = rowsOf(db, 'select models from col limit 1');
  const json = models?.[0];
  let parsed;
  try {
    parsed = legacyModelsSchema.safeParse(JSON.parse(typeof json === 'string' ? json : '{}'));
  } catch {
    throw new PackageError('col.models is not JSON');
  }
  if (!parsed.success) throw new PackageError('col.models is not a map of note types');
  return Object.entries(parsed.data)
    .map(([id, model]) => ({
      id: Number(id),
      fieldNames: [...model.flds]
        .sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0))
        .map((field) => field.name.slice(0, MAX_FIELD_NAME_CHARACTERS)),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * An open collection: its columns (every note type's field names, in order of first appearance; two note
 * types naming a field alike share a column) and its notes as rows.
 */
export interface CollectionTable {
  shape: TableShape;
  /** The notes in order, at most `MAX_IMPORT_ROWS + 1`: one more tells the import it has too many. */
  rows(): Generator<ImportRow>;
  /** How many notes, counting at most `MAX_IMPORT_ROWS + 1`. */
  rowCount(): number;
  firstRecords(): string[][];
  close(): void;
}

/** Opens a collection's bytes; a file that is no SQLite database, or lacks the tables, is unreadable. */
export async function openCollection(bytes: Uint8Array): Promise<CollectionTable> {
  if (bytes.length > MAX_COLLECTION_BYTES) throw new PackageError('the collection is too large');
  const SQL = await loadSqlJs();
  let db: Database | undefined;
  try {
    db = new SQL.Database(bytes);
    db.exec('pragma query_only = 1');
    checkNothingRunsOnRead(db);
    const opened = db;
    const noteTypes = noteTypesOf(opened);
    const columns: string[] = [];
    const columnsOfType = new Map<number, number[]>();
    for (const noteType of noteTypes) {
      columnsOfType.set(
        noteType.id,
        noteType.fieldNames.map((name) => {
          const index = columns.indexOf(name);
          if (index >= 0) return index;
          if (columns.length >= MAX_IMPORT_COLUMNS) return -1;
          columns.push(name);
          return columns.length - 1;
        }),
      );
    }
    const rowOf = (rowNumber: number, mid: unknown, fields: unknown): ImportRow => {
      const columnsOfNote = columnsOfType.get(Number(mid));
      const cells = new Array<string>(columns.length).fill('');
      String(fields)
        .split('\x1f')
        .forEach((value, index) => {
          const column = columnsOfNote?.[index];
          if (column !== undefined && column >= 0) cells[column] = value;
        });
      return { rowNumber, cells };
    };
    function* rows(limit = MAX_IMPORT_ROWS + 1): Generator<ImportRow> {
      // A prepared statement stepped row by row: the notes are never all in memory, and the read stops at
      // its limit however many the file holds.
      const statement = opened.prepare('select mid, substr(flds, 1, ?) from notes order by id limit ?', [
        MAX_NOTE_CHARACTERS,
        limit,
      ]);
      try {
        let rowNumber = 0;
        while (statement.step()) {
          const [mid, fields] = statement.get();
          rowNumber += 1;
          yield rowOf(rowNumber, mid, fields);
        }
      } finally {
        statement.free();
      }
    }
    return {
      // sql.js reads the file's text as UTF-8 and cannot say which of it did not read.
      shape: { columns, hasHeaderRow: false, isHtml: true, hasReplacedBytes: false },
      rows,
      rowCount: () =>
        Number(
          rowsOf(opened, 'select count(*) from (select 1 from notes limit ?)', [
            MAX_IMPORT_ROWS + 1,
          ])[0]?.[0] ?? 0,
        ),
      firstRecords: () => [...rows(PREVIEW_ROWS)].map((row) => row.cells),
      close: () => opened.close(),
    };
  } catch (error) {
    db?.close();
    if (error instanceof PackageError) throw error;
    // sql.js throws plain errors for a file that is no SQLite database, or lacks the tables.
    throw new PackageError(
      `the collection does not read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
