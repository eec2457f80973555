import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '../../../src/shared/api/transfer';
import { PALABRA_NOTE_TYPE } from '../../../src/server/modules/transfer/anki-export';
import { protobufFields } from '../../../src/server/modules/transfer/anki-formats';
import { MAX_IMPORT_CELL_CHARACTERS, readCsvTable } from '../../../src/server/modules/transfer/csv-table';
import {
  entriesOfRows,
  ImportFileError,
  mediaNameOfField,
  plainTextOfField,
  previewOfTable,
  suggestMapping,
  type TableShape,
} from '../../../src/server/modules/transfer/import-table';

// docs/product/transfer.md#imports: the rows of a CSV or a package as an import reads them.

const previewOf = (table: ReturnType<typeof readCsvTable>) =>
  previewOfTable(table.shape, table.firstRecords, table.rows.length);

const refusalOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof ImportFileError) return error.failure;
    throw error;
  }
  return undefined;
};

describe('a CSV', () => {
  it('is read with its delimiter guessed, quotes as RFC 4180 says, and a header told by its names', () => {
    const table = readCsvTable(
      Buffer.from('\uFEFFword;translation;note\r\n"el ""perro""";собака;"a;b"\r\ngato;кошка;\r\n'),
    );
    expect(table.shape.hasHeaderRow).toBe(true);
    expect(table.shape.columns).toEqual(['word', 'translation', 'note']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['el "perro"', 'собака', 'a;b'] },
      { rowNumber: 3, cells: ['gato', 'кошка', ''] },
    ]);
    expect(previewOf(table).suggestedMapping).toEqual({ spanish: 0, russian: 1 });
  });

  it('without names keeps its first row as data, unless the learner says it is a header', () => {
    const bytes = Buffer.from('perro\tсобака\ngato\tкошка\n');
    expect(readCsvTable(bytes).rows).toHaveLength(2);
    expect(previewOf(readCsvTable(bytes)).suggestedMapping).toEqual({ spanish: 0, russian: 1 });
    expect(readCsvTable(bytes, true).rows).toEqual([{ rowNumber: 2, cells: ['gato', 'кошка'] }]);
  });

  it('in Windows-1251 reads its Cyrillic', () => {
    const bytes = Buffer.from([0x63, 0x61, 0x73, 0x61, 0x2c, 0xe4, 0xee, 0xec, 0x0a]);
    expect(readCsvTable(bytes).rows[0]?.cells).toEqual(['casa', 'дом']);
  });

  it('maps rows to entries, each with its own fields, and rejects a row without Spanish by its number', () => {
    const table = readCsvTable(
      Buffer.from('spanish,russian,example,cefr_level\n perro , собака ,El perro.,A1\n,кот,,\n'),
    );
    const { suggestedMapping } = previewOf(table);
    const { entries, rejected } = entriesOfRows(table.shape, suggestedMapping, table.rows);
    expect(suggestedMapping).toEqual({ spanish: 0, russian: 1, example: 2, cefrLevel: 3 });
    expect(entries).toEqual([
      {
        lineNumber: 2,
        spanish: 'perro',
        russian: 'собака',
        imported: { example: 'El perro.', cefrLevel: 'A1' },
      },
    ]);
    expect(rejected).toEqual([
      { lineNumber: 3, raw: ' | кот |  | ', reason: { code: 'import_row_no_spanish' } },
    ]);
  });

  it('stops at the row cap, keeps at most the column cap and cuts a long cell', () => {
    const rows = (count: number) =>
      Buffer.from(Array.from({ length: count }, (_, n) => `a${n},b\n`).join(''));
    expect(readCsvTable(rows(MAX_IMPORT_ROWS)).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(refusalOf(() => readCsvTable(rows(MAX_IMPORT_ROWS + 2)))).toEqual({
      code: 'import_too_many_rows',
      params: { max: MAX_IMPORT_ROWS },
    });
    const wide = readCsvTable(Buffer.from(`${'x,'.repeat(MAX_IMPORT_COLUMNS + 50)}y\n`));
    expect(wide.shape.columns).toHaveLength(MAX_IMPORT_COLUMNS);
    const long = readCsvTable(Buffer.from(`"${'é'.repeat(MAX_IMPORT_CELL_CHARACTERS + 10)}",b\n`));
    expect(long.rows[0]?.cells[0]).toHaveLength(MAX_IMPORT_CELL_CHARACTERS);
    expect(refusalOf(() => readCsvTable(Buffer.from('\n\n\r\n')))).toEqual({ code: 'import_no_words' });
  });

  it('rejects a row whose mapped cells hold bytes that did not read, and only that row', () => {
    // UTF-8 with one byte that is not (1 in 21 of its non-ASCII sequences): the file stays UTF-8, the bad
    // byte becomes U+FFFD in its row.
    const bytes = Buffer.concat([
      Buffer.from('perro,собака\ngato,ко'),
      Buffer.from([0xff]),
      Buffer.from('шка\nmesa,стол\nlibro,книга\n'),
    ]);
    const table = readCsvTable(bytes);
    const { entries, rejected } = entriesOfRows(table.shape, { spanish: 0, russian: 1 }, table.rows);
    expect(entries.map((entry) => entry.russian)).toEqual(['собака', 'стол', 'книга']);
    expect(rejected).toEqual([
      {
        lineNumber: 2,
        raw: 'gato | ко\uFFFDшка',
        reason: { code: 'import_row_bad_bytes', params: { line: 'gato | ко\uFFFDшка' } },
      },
    ]);
  });
});

describe('an Anki field', () => {
  const packageShape: TableShape = {
    columns: ['Front', 'Back', 'Audio'],
    hasHeaderRow: false,
    isHtml: true,
    hasReplacedBytes: false,
  };

  it('reads as text without tags, sounds and entities', () => {
    expect(plainTextOfField('<div><b>el&nbsp;perro</b></div>[sound:perro.mp3]<br>&lt;perro&gt; &#233;')).toBe(
      'el perro <perro> é',
    );
  });

  it('names its first sound and its first picture, entities decoded', () => {
    expect(mediaNameOfField('x [sound:a&amp;b.mp3] [sound:c.mp3]', 'sound')).toBe('a&b.mp3');
    expect(mediaNameOfField(`<img class="x" src='perro 1.jpg'><img src="b.png">`, 'picture')).toBe(
      'perro 1.jpg',
    );
    expect(mediaNameOfField('<img src=gato.webp>', 'picture')).toBe('gato.webp');
    expect(mediaNameOfField('no media', 'sound')).toBeUndefined();
  });

  it('that does not read fails its row alone: an entity naming no character, a NUL in a media name', () => {
    const rows = [
      { rowNumber: 1, cells: ['perro', 'собака', '[sound:perro.mp3]'] },
      { rowNumber: 2, cells: ['gato &#x110000;', 'кошка', ''] },
      { rowNumber: 3, cells: ['casa', 'дом', '[sound:casa&#0;.mp3]'] },
      { rowNumber: 4, cells: ['mesa', 'стол', `[sound:${'m'.repeat(300)}.mp3]`] },
      { rowNumber: 5, cells: ['silla', 'стул', '[sound:silla.mp3]'] },
    ];
    const { entries, rejected } = entriesOfRows(packageShape, { spanish: 0, russian: 1, audio: 2 }, rows);
    expect(entries.map((entry) => [entry.spanish, entry.imported?.audio])).toEqual([
      ['perro', 'perro.mp3'],
      ['silla', 'silla.mp3'],
    ]);
    expect(rejected.map((row) => [row.lineNumber, row.reason.code])).toEqual([
      [2, 'import_row_unreadable'],
      [3, 'import_row_unreadable'],
      [4, 'import_row_unreadable'],
    ]);
    // The preview shows what reads, and an empty cell for what does not.
    expect(previewOfTable(packageShape, [rows[1]!.cells], 1).rows).toEqual([['', 'кошка', '']]);
  });

  it('of a package suggests its sound column when no name says where the audio is', () => {
    const preview = previewOfTable(
      { columns: ['Front', 'Back', 'Extra'], hasHeaderRow: false, isHtml: true, hasReplacedBytes: false },
      [['perro', 'собака', '[sound:perro.mp3]']],
      1,
    );
    expect(preview.suggestedMapping).toEqual({ spanish: 0, russian: 1, audio: 2 });
    expect(preview.rows).toEqual([['perro', 'собака', '']]);
  });

  it('maps the fields of our own Anki note type to the fields they came from', () => {
    expect(suggestMapping(PALABRA_NOTE_TYPE.fields, true)).toEqual({
      spanish: 0,
      russian: 1,
      example: 2,
      exampleTranslation: 3,
      picture: 4,
      audio: 5,
      secondVoiceAudio: 6,
      russianAudio: 7,
      partOfSpeech: 8,
      cefrLevel: 9,
      theme: 10,
    });
  });
});

describe('a package’s protobuf', () => {
  it('yields varint and length-delimited fields, skipping fixed-width ones', () => {
    const message = Uint8Array.from([0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69, 0x1d, 1, 2, 3, 4, 0x20, 0x03]);
    const fields = [...protobufFields(message)].map(([field, value]) => [
      field,
      typeof value === 'number' ? value : Buffer.from(value).toString('utf8'),
    ]);
    expect(fields).toEqual([
      [1, 150],
      [2, 'hi'],
      [4, 3],
    ]);
  });

  it('that runs past its end is refused', () => {
    expect(() => [...protobufFields(Uint8Array.from([0x12, 0x05, 0x68]))]).toThrow(/past its message/);
  });
});
