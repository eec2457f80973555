import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_CSV_COLUMNS,
  exportCsvCells,
  isExportHeaderRow,
  neutraliseCell,
  restoreCell,
} from '../../../src/server/modules/transfer/csv-cells';

// docs/product/transfer.md#formulas-in-csv-cells: OWASP's CSV injection rule, and its exact way back.

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

describe('neutraliseCell', () => {
  it.each([
    ['=A1', "'=A1"],
    ['-ito', "'-ito"],
    ['+34', "'+34"],
    ['@x', "'@x"],
    ['\tcasa', "'\tcasa"],
    ['\rcasa', "'\rcasa"],
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    // Quotes before such a character are the learner's: one more goes in front.
    ["'=A1", "''=A1"],
    ["''-1", "'''-1"],
  ])('prefixes %j as %j', (text, written) => {
    expect(neutraliseCell(text)).toBe(written);
  });

  it.each(['', 'casa', 'собака', "'hola", "'", "''", ' =1', 'a=b', 'casa-grande', '34', '\n=1', 'ñ@x'])(
    'leaves %j as it is',
    (text) => {
      expect(neutraliseCell(text)).toBe(text);
    },
  );

  it('never writes a cell a spreadsheet would start a formula with, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(FORMULA_STARTS).not.toContain(neutraliseCell(text)[0]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('restoreCell', () => {
  it.each([
    ["'=A1", '=A1'],
    ["'-ito", '-ito'],
    ["'+34", '+34'],
    ["'@x", '@x'],
    ["'\tcasa", '\tcasa'],
    ["'\rcasa", '\rcasa'],
    ["''=A1", "'=A1"],
  ])('takes exactly one quote off %j', (written, text) => {
    expect(restoreCell(written)).toBe(text);
  });

  it.each(["'hola", "'", "''", "' =1", 'casa', '=A1', "x'=1", ''])('leaves %j as it is', (text) => {
    expect(restoreCell(text)).toBe(text);
  });

  it('gives back exactly what neutraliseCell was given, for any text', () => {
    const formulaLike = fc
      .tuple(fc.nat({ max: 3 }), fc.constantFrom(...FORMULA_STARTS), fc.string())
      .map(([quotes, start, rest]) => `${"'".repeat(quotes)}${start}${rest}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), formulaLike), (text) => {
        expect(restoreCell(neutraliseCell(text))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('an exported row', () => {
  it('neutralises its text cells and never its count, flag or date', () => {
    expect(
      exportCsvCells({
        spanish: '-ito',
        russian: '=1+1',
        example: '@x',
        example_translation: '+34',
        part_of_speech: 'noun',
        cefr_level: 'A1',
        theme: '\tтема',
        listen_count: 12,
        is_hidden: true,
        created_at: new Date('2031-06-15T10:00:00.000Z'),
      }),
    ).toEqual([
      "'-ito",
      "'=1+1",
      "'@x",
      "'+34",
      'noun',
      'A1',
      "'\tтема",
      '12',
      'true',
      '2031-06-15T10:00:00.000Z',
    ]);
  });

  it('is recognised by its exact header row only', () => {
    expect(isExportHeaderRow([...EXPORT_CSV_COLUMNS])).toBe(true);
    expect(isExportHeaderRow(EXPORT_CSV_COLUMNS.slice(0, -1))).toBe(false);
    expect(isExportHeaderRow([...EXPORT_CSV_COLUMNS, 'notes'])).toBe(false);
    expect(isExportHeaderRow(['Spanish', ...EXPORT_CSV_COLUMNS.slice(1)])).toBe(false);
    expect(isExportHeaderRow([' spanish', ...EXPORT_CSV_COLUMNS.slice(1)])).toBe(false);
    expect(isExportHeaderRow(['spanish', 'russian'])).toBe(false);
  });
});
