import Papa from 'papaparse';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../shared/api/transfer';
import { decodeTextFile } from '../../../shared/text/decode-text-file';
import { isExportHeaderRow, restoreCell } from './csv-cells';
import {
  type ImportRow,
  ImportFileError,
  namesKnownColumn,
  type TableShape,
  tooManyRows,
} from './import-table';

/**
 * A CSV read as rows (docs/product/transfer.md#imports), in the file-reading worker: decoded (UTF-8 with or
 * without its byte order mark, or a Windows code page), its delimiter guessed by papaparse, record by
 * record. The reading stops at the row cap, keeps at most `MAX_IMPORT_COLUMNS` cells of a record and cuts a
 * cell at `MAX_IMPORT_CELL_CHARACTERS`, so what a 20 MB file holds in memory stays near its own size.
 */

/** No field keeps more than a few hundred characters; a longer cell is cut when read. */
export const MAX_IMPORT_CELL_CHARACTERS = 10_000;
/**
 * The delimiter is guessed from the file's start, where papaparse's guess looks anyway (its first ten rows):
 * given the whole text, it splits all of it at every line end once per candidate delimiter, which for 20 MB
 * of line ends is arrays of 21 million strings (about +270 MB, `npm run bench:import`).
 */
const DELIMITER_GUESS_CHARACTERS = 1024 * 1024;

function guessDelimiter(text: string): string {
  const guess = Papa.parse<string[]>(text.slice(0, DELIMITER_GUESS_CHARACTERS), {
    preview: 10,
    skipEmptyLines: 'greedy',
  });
  return guess.meta.delimiter;
}

export interface CsvTable {
  shape: TableShape;
  /** Every row, header excluded. */
  rows: ImportRow[];
  /** The records as they are, header included: what the preview shows. */
  firstRecords: string[][];
}

/** `hasHeaderRow` undefined: guessed from whether the first row names known columns. */
export function readCsvTable(bytes: Uint8Array, hasHeaderRow?: boolean): CsvTable {
  const decoded = decodeTextFile(bytes);
  const records: string[][] = [];
  // An object: the parser's callback sets it, which narrowing after the call cannot see.
  const reading = { hasTooManyRows: false };
  const withoutBom = decoded.text.replace(/^\uFEFF/, '');
  Papa.parse<string[]>(withoutBom, {
    delimiter: guessDelimiter(withoutBom),
    // Record by record: papaparse's fast mode (a file without quotes) splits the whole text into lines first.
    fastMode: false,
    skipEmptyLines: 'greedy',
    step(result, parser) {
      // The header may be one more.
      if (records.length > MAX_IMPORT_ROWS) {
        reading.hasTooManyRows = true;
        parser.abort();
        return;
      }
      const cells = result.data.slice(0, MAX_IMPORT_COLUMNS);
      records.push(
        cells.map((cell) =>
          cell.length > MAX_IMPORT_CELL_CHARACTERS ? cell.slice(0, MAX_IMPORT_CELL_CHARACTERS) : cell,
        ),
      );
    },
  });
  if (reading.hasTooManyRows) throw tooManyRows();
  if (records.length === 0) throw new ImportFileError({ code: 'import_no_words' });
  const first = records[0] ?? [];
  // Our own export's cells that a spreadsheet would run as formulas carry a leading quote
  // (docs/product/transfer.md#formulas-in-csv-cells): taken off only in a file whose header is ours.
  if (isExportHeaderRow(first)) {
    for (const record of records) record.forEach((cell, index) => (record[index] = restoreCell(cell)));
  }
  const isHeader = hasHeaderRow ?? first.some(namesKnownColumn);
  let width = 0;
  for (const record of records) width = Math.max(width, record.length);
  const columns = Array.from({ length: width }, (_, index) => (isHeader ? (first[index] ?? '').trim() : ''));
  const rows = records.map((cells, index) => ({ rowNumber: index + 1, cells })).slice(isHeader ? 1 : 0);
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return {
    shape: { columns, hasHeaderRow: isHeader, isHtml: false, hasReplacedBytes: decoded.hasReplacedBytes },
    rows,
    firstRecords: records,
  };
}
