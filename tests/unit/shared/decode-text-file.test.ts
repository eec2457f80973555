import { describe, expect, it } from 'vitest';
import { countLines, decodeTextFile } from '../../../src/shared/text/decode-text-file';
import { parseWordLines } from '../../../src/shared/text/word-lines';

const ascii = (text: string) => Array.from(text).map((char) => char.charCodeAt(0));
const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const utf16 = (text: string, order: 'le' | 'be') =>
  Array.from(text).flatMap((char) => {
    const unit = char.charCodeAt(0);
    return order === 'le' ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff];
  });

/** 'casa / дом' as Russian Windows "ANSI" saves it: д=0xE4, о=0xEE, м=0xEC. */
const CASA_DOM_1251 = [...ascii('casa / '), 0xe4, 0xee, 0xec];

describe('decodeTextFile', () => {
  it('reads Windows-1251 when the bytes are not UTF-8', () => {
    const result = decodeTextFile(
      new Uint8Array([
        ...CASA_DOM_1251,
        0x0d,
        0x0a,
        ...ascii('perro / '),
        0xf1,
        0xee,
        0xe1,
        0xe0,
        0xea,
        0xe0,
      ]),
    );
    expect(result).toEqual({ text: 'casa / дом\r\nperro / собака', encoding: 'windows-1251' });
    expect(parseWordLines(result.text).entries.map((entry) => entry.russian)).toEqual(['дом', 'собака']);
  });

  it('reads UTF-8 without a BOM', () => {
    expect(decodeTextFile(new Uint8Array(utf8('casa / дом\ncanción / песня')))).toEqual({
      text: 'casa / дом\ncanción / песня',
      encoding: 'utf-8',
    });
  });

  it('reads UTF-8 with a BOM and drops the mark', () => {
    const result = decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('casa / дом')]));
    expect(result).toEqual({ text: 'casa / дом', encoding: 'utf-8' });
  });

  it('reads plain ASCII as UTF-8', () => {
    expect(decodeTextFile(new Uint8Array(ascii('casa / house')))).toEqual({
      text: 'casa / house',
      encoding: 'utf-8',
    });
  });

  it('reads UTF-16LE and UTF-16BE with a BOM', () => {
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, ...utf16('casa / дом\r\n', 'le')]))).toEqual({
      text: 'casa / дом\r\n',
      encoding: 'utf-16le',
    });
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, ...utf16('niño / ребёнок', 'be')]))).toEqual({
      text: 'niño / ребёнок',
      encoding: 'utf-16be',
    });
  });

  it('trusts the BOM when the text has no zero bytes to go by', () => {
    // Cyrillic alone: every UTF-16 unit is 0x04xx, so only the mark tells the byte order.
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, ...utf16('дом', 'le')]))).toEqual({
      text: 'дом',
      encoding: 'utf-16le',
    });
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, ...utf16('дом', 'be')]))).toEqual({
      text: 'дом',
      encoding: 'utf-16be',
    });
  });

  it('recognises UTF-16 without a BOM by its zero bytes', () => {
    expect(decodeTextFile(new Uint8Array(utf16('casa / дом', 'le')))).toEqual({
      text: 'casa / дом',
      encoding: 'utf-16le',
    });
    expect(decodeTextFile(new Uint8Array(utf16('casa / дом', 'be')))).toEqual({
      text: 'casa / дом',
      encoding: 'utf-16be',
    });
  });

  it('does not take a UTF-8 file with a stray NUL byte for UTF-16', () => {
    const text = 'la me\u0000sa / стол\nel gato / кот\n\n';
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length % 2).toBe(0);
    expect(decodeTextFile(bytes)).toEqual({ text, encoding: 'utf-8' });
  });

  it('reads accented Spanish in Windows-1252 instead of turning it Cyrillic', () => {
    // canción / niño / adiós: ó=0xF3, ñ=0xF1 — in Windows-1251 these would be 'у' and 'с'.
    const bytes = [...ascii('canci'), 0xf3, ...ascii('n\nni'), 0xf1, ...ascii('o\nadi'), 0xf3, ...ascii('s')];
    expect(decodeTextFile(new Uint8Array(bytes))).toEqual({
      text: 'canción\nniño\nadiós',
      encoding: 'windows-1252',
    });
  });

  it('keeps Windows-1251 for a list that mixes Russian and plain Spanish', () => {
    expect(decodeTextFile(new Uint8Array(CASA_DOM_1251)).encoding).toBe('windows-1251');
  });

  it('reads an empty file as empty UTF-8 text', () => {
    expect(decodeTextFile(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
  });
});

describe('countLines', () => {
  it.each([
    ['', 0],
    ['casa / дом', 1],
    ['casa / дом\n', 1],
    ['casa / дом\r\n\r\n', 2],
    ['a\rb\r\nc\nd', 4],
    ['\uFEFFa\n', 1],
  ])('%j has %i lines', (text, lines) => {
    expect(countLines(text)).toBe(lines);
  });

  it('agrees with the lines parseWordLines numbers', () => {
    const text = 'casa / дом\r\n\r\nдом\rperro\n\n';
    const parsed = parseWordLines(text);
    expect(parsed.entries.length + parsed.rejected.length + parsed.blankLineNumbers.length).toBe(
      countLines(text),
    );
  });
});
