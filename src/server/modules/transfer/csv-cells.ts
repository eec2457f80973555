/**
 * The CSV export's row shape and its one cell rule (docs/product/transfer.md#formulas-in-csv-cells), for
 * the export that writes it and the import that reads our own files back.
 */

/** The CSV's header row: one column per field of a word, in this order. */
export const EXPORT_CSV_COLUMNS = [
  'spanish',
  'russian',
  'example',
  'example_translation',
  'part_of_speech',
  'cefr_level',
  'theme',
  'listen_count',
  'is_hidden',
  'created_at',
] as const;
export type ExportCsvColumn = (typeof EXPORT_CSV_COLUMNS)[number];

/** A word as the export writes it: text columns are strings; the rest are never text a learner typed. */
export type ExportCsvRow = Record<
  Exclude<ExportCsvColumn, 'listen_count' | 'is_hidden' | 'created_at'>,
  string
> & { listen_count: number; is_hidden: boolean; created_at: Date };

/**
 * OWASP's CSV injection rule: a spreadsheet takes a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return for a formula. Quotes in front are counted too, so that a text which itself starts
 * with quotes before such a character gets one more and reads back exactly.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A text cell as the export writes it: with a leading `'` when a spreadsheet would run it. */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell of our own export as the learner wrote it: the one `'` that `neutraliseCell` added, taken off. */
export function restoreCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** The cells of one exported word, in the columns' order; numbers, flags and dates are never prefixed. */
export function exportCsvCells(row: ExportCsvRow): string[] {
  return EXPORT_CSV_COLUMNS.map((column) => {
    if (column === 'listen_count') return String(row.listen_count);
    if (column === 'is_hidden') return row.is_hidden ? 'true' : 'false';
    if (column === 'created_at') return row.created_at.toISOString();
    return neutraliseCell(row[column]);
  });
}

/**
 * Whether a file's first row is exactly our export's header: only then were its text cells written by
 * `neutraliseCell`, and only then does an import take the quote off with `restoreCell`. Another file's
 * leading `'` is the learner's own.
 */
export function isExportHeaderRow(cells: readonly string[]): boolean {
  return (
    cells.length === EXPORT_CSV_COLUMNS.length && EXPORT_CSV_COLUMNS.every((name, at) => cells[at] === name)
  );
}
