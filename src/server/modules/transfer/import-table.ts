import {
  IMPORT_MEDIA_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportMediaField,
  MAX_IMPORT_ROWS,
  PREVIEW_CELL_LENGTH,
  PREVIEW_ROWS,
} from '../../../shared/api/transfer';
import type { CodedError } from '../../../shared/api/errors';
import { withoutControlCharacters } from '../../../shared/text/control-characters';
import { holdsReplacedBytes } from '../../../shared/text/decode-text-file';
import { MAX_WORD_LINE_LENGTH } from '../../../shared/text/word-lines';
import type { HttpErrorCode } from '../../http/error-codes';
import { JOB_ERROR_CODES, rejectedLineFailure } from '../../http/job-failure';
import type { ImportedFields, UploadEntry } from '../../../shared/api/jobs';

/**
 * What any import file reads as (docs/product/transfer.md#imports): rows of cells under named columns. A
 * CSV's rows are its records; an Anki package's are its notes, its columns the field names of its note
 * types. The learner's mapping then says which column fills which field of a word. Everything here runs in
 * the file-reading worker (file-reading.worker.ts), row by row: a row that does not read is an error of
 * that row, never of the file.
 */
export interface ImportRow {
  /** 1-based: the record of a CSV (header included), the note of a package in its order. */
  rowNumber: number;
  cells: string[];
}

/** The columns of a file and how its cells read. */
export interface TableShape {
  columns: string[];
  hasHeaderRow: boolean;
  /** True for fields whose cells are Anki HTML, with `[sound:…]` and `<img>` naming media. */
  isHtml: boolean;
  /** Some of the file's bytes did not read as text and stand as U+FFFD (docs/product/upload.md#file-encodings). */
  hasReplacedBytes: boolean;
}

/** What the preview shows: the first rows as they are (a CSV's header row included), and the mapping. */
export interface TablePreview {
  columns: string[];
  rows: string[][];
  rowCount: number;
  hasHeaderRow: boolean;
  suggestedMapping: ImportMapping;
}

/** A row the import cannot take, reported by its number. */
export interface RejectedRow {
  lineNumber: number;
  raw: string;
  reason: CodedError;
}

/** The codes a file is refused with (docs/product/transfer.md#limits), each a 400. */
export type ImportRefusalCode = Extract<
  HttpErrorCode,
  | 'import_unreadable'
  | 'import_too_many_rows'
  | 'import_no_words'
  | 'import_mapping_invalid'
  | 'import_too_complex'
>;

/** What the learner's file was refused for, as the code the import answers (docs/product/transfer.md#limits). */
export class ImportFileError extends Error {
  constructor(
    readonly failure: { code: ImportRefusalCode; params?: CodedError['params'] },
    /** What the reader met, for the log: the learner reads the code. */
    readonly detail?: string,
  ) {
    super(`import refused: ${failure.code}${detail ? ` (${detail})` : ''}`);
    this.name = 'ImportFileError';
  }
}

export const tooManyRows = () =>
  new ImportFileError({ code: 'import_too_many_rows', params: { max: MAX_IMPORT_ROWS } });
export const unreadable = (detail: string) => new ImportFileError({ code: 'import_unreadable' }, detail);

/** Names a column may carry for each field: our own export's, and the usual ones of other tools. */
const COLUMN_NAMES: ReadonlyArray<readonly [ImportField, RegExp]> = [
  ['spanish', /^(spanish|español|espanol|испанский|слово|word|front|лицо|question|expression)$/i],
  ['russian', /^(russian|русский|перевод|translation|back|оборот|answer|meaning)$/i],
  ['exampleTranslation', /^(example[ _]?translation|перевод примера|sentence[ _]?translation)$/i],
  ['example', /^(example|пример|sentence|example[ _]?sentence)$/i],
  ['partOfSpeech', /^(part[ _]?of[ _]?speech|pos|часть речи)$/i],
  ['cefrLevel', /^(cefr[ _]?level|cefr|level|уровень)$/i],
  ['theme', /^(theme|тема|category|topic)$/i],
  ['picture', /^(picture|image|картинка|изображение)$/i],
  ['audio', /^(audio|sound|звук|аудио)$/i],
  ['secondVoiceAudio', /^(audio ?2|second[ _]?voice[ _]?audio)$/i],
  ['russianAudio', /^(russian[ _]?audio|звук перевода)$/i],
];

/** Whether a cell is the name of a known column: how a CSV's header row is told from its data. */
export const namesKnownColumn = (cell: string) =>
  COLUMN_NAMES.some(([, pattern]) => pattern.test(cell.trim()));

/** The mapping the columns' names suggest; without names, Spanish in the first and Russian in the second. */
export function suggestMapping(columns: readonly string[], hasNames: boolean): ImportMapping {
  const mapping: Partial<Record<ImportField, number>> = {};
  if (hasNames) {
    columns.forEach((name, index) => {
      const field = COLUMN_NAMES.find(([, pattern]) => pattern.test(name.trim()))?.[0];
      if (field && mapping[field] === undefined) mapping[field] = index;
    });
  }
  const spanish = mapping.spanish ?? 0;
  const russian = mapping.russian ?? (columns.length > 1 && spanish !== 1 ? 1 : undefined);
  return { ...mapping, spanish, ...(russian === undefined ? {} : { russian }) };
}

const SOUND = /\[sound:([^\]]+)\]/;
const SOUNDS = /\[sound:[^\]]*\]/g;
const IMAGE = /<img[^>]*\bsrc\s*=\s*(?:"([^"]+)"|'([^']+)'|([^\s>]+))/i;
const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** A field with an entity naming no character (`&#x110000;`) does not read: its row is an error. */
class UnreadableFieldError extends Error {}

/** Anki stores entity-encoded HTML; a media name inside it is decoded too. */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,8}|#\d{1,10}|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? whole;
    const isHex = name[1] === 'x' || name[1] === 'X';
    const codePoint = Number.parseInt(name.slice(isHex ? 2 : 1), isHex ? 16 : 10);
    if (codePoint > 0x10ffff) throw new UnreadableFieldError(`${whole} names no character`);
    return String.fromCodePoint(codePoint);
  });

/** An Anki field as text: sounds, pictures and tags out, line breaks as spaces, entities decoded. */
export function plainTextOfField(html: string): string {
  const text = html
    .replace(SOUNDS, ' ')
    .replace(/<(br|\/div|\/p|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** A name of a package's media file: anything a file name holds, and no longer than a file system allows. */
const MAX_MEDIA_NAME_LENGTH = 255;

/**
 * The media file a field names: the first sound for a clip, the first picture for a picture. A name that no
 * file can have (control characters, too long) makes the field unreadable.
 */
export function mediaNameOfField(html: string, kind: 'sound' | 'picture'): string | undefined {
  let raw: string | undefined;
  if (kind === 'sound') raw = SOUND.exec(html)?.[1];
  else {
    const match = IMAGE.exec(html);
    raw = match?.[1] ?? match?.[2] ?? match?.[3];
  }
  if (!raw) return undefined;
  const name = decodeEntities(raw).trim();
  if (name.length > MAX_MEDIA_NAME_LENGTH || withoutControlCharacters(name) !== name) {
    throw new UnreadableFieldError('a media name no file can have');
  }
  return name || undefined;
}

const previewCells = (cells: readonly string[]) => cells.map((cell) => cell.slice(0, PREVIEW_CELL_LENGTH));

/** A preview cell of a package: its text, or empty when it does not read. */
const previewTextOfField = (html: string) => {
  try {
    return plainTextOfField(html);
  } catch {
    return '';
  }
};

/**
 * The preview of a table from its first rows (`firstRecords`: a CSV's header row included) and its count.
 * A package's column whose first notes play a sound is suggested as the audio, unless the names said where
 * the audio is.
 */
export function previewOfTable(
  shape: TableShape,
  firstRecords: readonly string[][],
  rowCount: number,
): TablePreview {
  const suggestedMapping = suggestMapping(shape.columns, shape.hasHeaderRow || shape.isHtml);
  const firstRows = firstRecords.slice(0, PREVIEW_ROWS);
  if (shape.isHtml && suggestedMapping.audio === undefined) {
    const soundColumn = shape.columns.findIndex(
      (_, index) =>
        index !== suggestedMapping.spanish && firstRows.some((cells) => SOUND.test(cells[index] ?? '')),
    );
    if (soundColumn >= 0) suggestedMapping.audio = soundColumn;
  }
  return {
    columns: shape.columns,
    rows: firstRows.map((cells) => previewCells(shape.isHtml ? cells.map(previewTextOfField) : cells)),
    rowCount,
    hasHeaderRow: shape.hasHeaderRow,
    suggestedMapping,
  };
}

const TEXT_FIELDS = ['example', 'exampleTranslation', 'partOfSpeech', 'cefrLevel', 'theme'] as const;
const MEDIA_KINDS: Readonly<Record<ImportMediaField, 'sound' | 'picture'>> = {
  picture: 'picture',
  audio: 'sound',
  secondVoiceAudio: 'sound',
  russianAudio: 'sound',
};

/** A mapping that names a column the file does not have is the request's mistake. */
export function checkMapping(shape: TableShape, mapping: ImportMapping) {
  for (const [field, column] of Object.entries(mapping) as Array<[string, number | undefined]>) {
    if (column !== undefined && column >= shape.columns.length) {
      throw new ImportFileError({ code: 'import_mapping_invalid', params: { mappedField: field } });
    }
  }
}

/**
 * The rows as upload entries, one row at a time: each with its own fields. A row without Spanish, one whose
 * mapped cells hold bytes that did not read as text (U+FFFD), and one that does not read at all (an entity
 * naming no character, a media name no file has) are rejected by their numbers; the rest go on.
 */
export function createEntryMapper(shape: TableShape, mapping: ImportMapping) {
  checkMapping(shape, mapping);
  const mappedColumns = [...new Set(Object.values(mapping))];

  /** A text field's value as the import keeps it: clean, bounded, null when empty. */
  function textOf(row: ImportRow, column: number | undefined): string | null {
    if (column === undefined) return null;
    const raw = row.cells[column] ?? '';
    const text = withoutControlCharacters(shape.isHtml ? plainTextOfField(raw) : raw)
      .normalize('NFC')
      .replace(/\s+/g, ' ')
      .trim();
    return text === '' ? null : text.slice(0, MAX_WORD_LINE_LENGTH);
  }

  const rawOf = (row: ImportRow) => row.cells.join(' | ');
  const reject = (row: ImportRow, reason: CodedError): { rejected: RejectedRow } => ({
    rejected: {
      lineNumber: row.rowNumber,
      raw: withoutControlCharacters(rawOf(row)).slice(0, MAX_WORD_LINE_LENGTH),
      reason,
    },
  });

  function entryOf(row: ImportRow): { entry: UploadEntry } | { rejected: RejectedRow } {
    // Reported with its text, as an upload's line is: nothing of it was read as a word.
    if (mappedColumns.some((column) => holdsReplacedBytes(shape, row.cells[column] ?? ''))) {
      return reject(row, rejectedLineFailure('bad-bytes', rawOf(row)));
    }
    const spanish = textOf(row, mapping.spanish);
    if (!spanish) return reject(row, { code: JOB_ERROR_CODES.importRowNoSpanish });
    const imported: ImportedFields = {};
    for (const field of TEXT_FIELDS) {
      const value = textOf(row, mapping[field]);
      if (value) imported[field] = value;
    }
    if (shape.isHtml) {
      for (const field of IMPORT_MEDIA_FIELDS) {
        const column = mapping[field];
        const name =
          column === undefined ? undefined : mediaNameOfField(row.cells[column] ?? '', MEDIA_KINDS[field]);
        if (name) imported[field] = name;
      }
    }
    return { entry: { lineNumber: row.rowNumber, spanish, russian: textOf(row, mapping.russian), imported } };
  }

  return (row: ImportRow): { entry: UploadEntry } | { rejected: RejectedRow } => {
    try {
      return entryOf(row);
    } catch (error) {
      if (error instanceof UnreadableFieldError || error instanceof RangeError) {
        return reject(row, { code: JOB_ERROR_CODES.importRowUnreadable });
      }
      throw error;
    }
  };
}

/** Entries and rejected rows of a whole import, with its bound on rows. */
export function entriesOfRows(shape: TableShape, mapping: ImportMapping, rows: Iterable<ImportRow>) {
  const mapRow = createEntryMapper(shape, mapping);
  const entries: UploadEntry[] = [];
  const rejected: RejectedRow[] = [];
  for (const row of rows) {
    if (entries.length + rejected.length >= MAX_IMPORT_ROWS) throw tooManyRows();
    const outcome = mapRow(row);
    if ('entry' in outcome) entries.push(outcome.entry);
    else rejected.push(outcome.rejected);
  }
  return { entries, rejected };
}
