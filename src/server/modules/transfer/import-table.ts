import Papa from 'papaparse';
import {
  IMPORT_MEDIA_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportMediaField,
  MAX_IMPORT_ROWS,
  PREVIEW_CELL_LENGTH,
  PREVIEW_ROWS,
} from '../../../shared/api/transfer';
import { withoutControlCharacters } from '../../../shared/text/control-characters';
import { decodeTextFile } from '../../../shared/text/decode-text-file';
import { MAX_WORD_LINE_LENGTH } from '../../../shared/text/word-lines';
import { AppError } from '../../http/app-error';
import { JOB_ERROR_CODES } from '../../jobs/job-failure';
import type { ImportedFields, UploadEntry } from '../../jobs/upload-words.job';

/**
 * What any import file reads as (docs/product/transfer.md#imports): rows of cells under named columns. A
 * CSV's rows are its records; an Anki package's are its notes, its columns the field names of its note
 * types. The learner's mapping then says which column fills which field of a word.
 */
export interface ImportRow {
  /** 1-based: the record of a CSV (header included), the note of a package in its order. */
  rowNumber: number;
  cells: string[];
}

export interface ImportTable {
  columns: string[];
  /** Every row, header excluded. */
  rows: ImportRow[];
  hasHeaderRow: boolean;
  /** What the preview shows: the first rows as they are, a CSV's header row included. */
  previewRows: string[][];
  suggestedMapping: ImportMapping;
  /** True for fields whose cells are Anki HTML, with `[sound:…]` and `<img>` naming media. */
  isHtml: boolean;
}

export const tooManyRows = () => new AppError('import_too_many_rows', 400, { max: MAX_IMPORT_ROWS });

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

const previewOf = (rows: readonly string[][]) =>
  rows.slice(0, PREVIEW_ROWS).map((cells) => cells.map((cell) => cell.slice(0, PREVIEW_CELL_LENGTH)));

/**
 * A CSV (UTF-8, with or without its byte order mark, or Windows-1251), its delimiter guessed by papaparse.
 * `hasHeaderRow` undefined: guessed from whether the first row names known columns.
 */
export function readCsvTable(bytes: Buffer, hasHeaderRow?: boolean): ImportTable {
  const { text } = decodeTextFile(new Uint8Array(bytes));
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const records = parsed.data.filter((record) => Array.isArray(record));
  if (records.length === 0) throw new AppError('import_no_words', 400);
  if (records.length > MAX_IMPORT_ROWS + 1) throw tooManyRows();
  const first = records[0] ?? [];
  const namesColumns = first.some((cell) => COLUMN_NAMES.some(([, pattern]) => pattern.test(cell.trim())));
  const isHeader = hasHeaderRow ?? namesColumns;
  const width = Math.max(...records.map((record) => record.length));
  const columns = Array.from({ length: width }, (_, index) => (isHeader ? (first[index] ?? '').trim() : ''));
  const rows = records.map((cells, index) => ({ rowNumber: index + 1, cells })).slice(isHeader ? 1 : 0);
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return {
    columns,
    rows,
    hasHeaderRow: isHeader,
    previewRows: previewOf(records),
    suggestedMapping: suggestMapping(columns, isHeader),
    isHtml: false,
  };
}

export function packageTable(columns: string[], rows: ImportRow[]): ImportTable {
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  const table: ImportTable = {
    columns,
    rows,
    hasHeaderRow: false,
    previewRows: previewOf(rows.map((row) => row.cells.map(plainTextOfField))),
    suggestedMapping: suggestMapping(columns, true),
    isHtml: true,
  };
  // A column whose first notes play a sound is audio, unless the names said where the audio is.
  if (table.suggestedMapping.audio === undefined) {
    const soundColumn = columns.findIndex(
      (_, index) =>
        index !== table.suggestedMapping.spanish &&
        rows.slice(0, PREVIEW_ROWS).some((row) => SOUND.test(row.cells[index] ?? '')),
    );
    if (soundColumn >= 0) table.suggestedMapping = { ...table.suggestedMapping, audio: soundColumn };
  }
  return table;
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

/** Anki stores entity-encoded HTML; a media name inside it is decoded too. */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** An Anki field as text: sounds, pictures and tags out, line breaks as spaces, entities decoded. */
export function plainTextOfField(html: string): string {
  const text = html
    .replace(SOUNDS, ' ')
    .replace(/<(br|\/div|\/p|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** The media file a field names: the first sound for a clip, the first picture for a picture. */
export function mediaNameOfField(html: string, kind: 'sound' | 'picture'): string | undefined {
  if (kind === 'sound') {
    const name = SOUND.exec(html)?.[1];
    return name ? decodeEntities(name).trim() : undefined;
  }
  const match = IMAGE.exec(html);
  const name = match?.[1] ?? match?.[2] ?? match?.[3];
  return name ? decodeEntities(name).trim() : undefined;
}

/** A text field's value as the import keeps it: clean, bounded, null when empty. */
function textOf(table: ImportTable, row: ImportRow, column: number | undefined): string | null {
  if (column === undefined) return null;
  const raw = row.cells[column] ?? '';
  const text = withoutControlCharacters(table.isHtml ? plainTextOfField(raw) : raw)
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
  return text === '' ? null : text.slice(0, MAX_WORD_LINE_LENGTH);
}

const TEXT_FIELDS = ['example', 'exampleTranslation', 'partOfSpeech', 'cefrLevel', 'theme'] as const;
const MEDIA_KINDS: Readonly<Record<ImportMediaField, 'sound' | 'picture'>> = {
  picture: 'picture',
  audio: 'sound',
  secondVoiceAudio: 'sound',
  russianAudio: 'sound',
};

/** The rows as upload entries: each with its own fields; a row without Spanish is rejected, by its number. */
export function entriesOfTable(table: ImportTable, mapping: ImportMapping) {
  const entries: UploadEntry[] = [];
  const rejected: Array<{ lineNumber: number; raw: string; reason: { code: string } }> = [];
  for (const row of table.rows) {
    const spanish = textOf(table, row, mapping.spanish);
    if (!spanish) {
      rejected.push({
        lineNumber: row.rowNumber,
        raw: withoutControlCharacters(row.cells.join(' | ')).slice(0, MAX_WORD_LINE_LENGTH),
        reason: { code: JOB_ERROR_CODES.importRowNoSpanish },
      });
      continue;
    }
    const imported: ImportedFields = {};
    for (const field of TEXT_FIELDS) {
      const value = textOf(table, row, mapping[field]);
      if (value) imported[field] = value;
    }
    if (table.isHtml) {
      for (const field of IMPORT_MEDIA_FIELDS) {
        const column = mapping[field];
        const name =
          column === undefined ? undefined : mediaNameOfField(row.cells[column] ?? '', MEDIA_KINDS[field]);
        if (name) imported[field] = name;
      }
    }
    entries.push({
      lineNumber: row.rowNumber,
      spanish,
      russian: textOf(table, row, mapping.russian),
      imported,
    });
  }
  return { entries, rejected };
}

/** A mapping that names a column the file does not have is the request's mistake. */
export function checkMapping(table: ImportTable, mapping: ImportMapping) {
  for (const [field, column] of Object.entries(mapping) as Array<[string, number | undefined]>) {
    if (column !== undefined && column >= table.columns.length) {
      throw new AppError('import_mapping_invalid', 400, { mappedField: field });
    }
  }
}
