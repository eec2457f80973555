import { describe, expect, it } from 'vitest';
import { PALABRA_NOTE_TYPE } from '../../../src/server/modules/transfer/anki-export';
import { protobufFields } from '../../../src/server/modules/transfer/anki-package.reader';
import {
  entriesOfTable,
  mediaNameOfField,
  packageTable,
  plainTextOfField,
  readCsvTable,
  suggestMapping,
} from '../../../src/server/modules/transfer/import-table';

// docs/product/transfer.md#imports: the rows of a CSV or a package as an import reads them.

describe('a CSV', () => {
  it('is read with its delimiter guessed, quotes as RFC 4180 says, and a header told by its names', () => {
    const table = readCsvTable(
      Buffer.from('\uFEFFword;translation;note\r\n"el ""perro""";собака;"a;b"\r\ngato;кошка;\r\n'),
    );
    expect(table.hasHeaderRow).toBe(true);
    expect(table.columns).toEqual(['word', 'translation', 'note']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['el "perro"', 'собака', 'a;b'] },
      { rowNumber: 3, cells: ['gato', 'кошка', ''] },
    ]);
    expect(table.suggestedMapping).toEqual({ spanish: 0, russian: 1 });
  });

  it('without names keeps its first row as data, unless the learner says it is a header', () => {
    const bytes = Buffer.from('perro\tсобака\ngato\tкошка\n');
    expect(readCsvTable(bytes).rows).toHaveLength(2);
    expect(readCsvTable(bytes).suggestedMapping).toEqual({ spanish: 0, russian: 1 });
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
    const { entries, rejected } = entriesOfTable(table, table.suggestedMapping);
    expect(table.suggestedMapping).toEqual({ spanish: 0, russian: 1, example: 2, cefrLevel: 3 });
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
});

describe('an Anki field', () => {
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

  it('of a package suggests its sound column when no name says where the audio is', () => {
    const table = packageTable(
      ['Front', 'Back', 'Extra'],
      [{ rowNumber: 1, cells: ['perro', 'собака', '[sound:perro.mp3]'] }],
    );
    expect(table.suggestedMapping).toEqual({ spanish: 0, russian: 1, audio: 2 });
    expect(table.previewRows).toEqual([['perro', 'собака', '']]);
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
