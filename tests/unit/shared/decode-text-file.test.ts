import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countLines,
  decodeTextFile,
  holdsReplacedBytes,
  MIN_VALID_UTF8_PERCENT,
} from '../../../src/shared/text/decode-text-file';
import { parseWordLines } from '../../../src/shared/text/word-lines';

const ascii = (text: string) => Array.from(text).map((char) => char.charCodeAt(0));
const utf8 = (text: string) => [...new TextEncoder().encode(text)];
const utf16 = (text: string, order: 'le' | 'be') =>
  Array.from(text).flatMap((char) => {
    const unit = char.charCodeAt(0);
    return order === 'le' ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff];
  });

/** Text as Windows saves it in a code page, through the platform's own table read backwards. */
function inCodePage(encoding: 'windows-1251' | 'windows-1252', text: string): Uint8Array {
  const table = new TextDecoder(encoding).decode(Uint8Array.from({ length: 256 }, (_, byte) => byte));
  return Uint8Array.from(text, (character) => {
    const byte = table.indexOf(character);
    if (byte < 0) throw new Error(`${character} is not in ${encoding}`);
    return byte;
  });
}

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
    expect(result).toEqual({
      text: 'casa / дом\r\nperro / собака',
      encoding: 'windows-1251',
      hasReplacedBytes: false,
    });
    expect(parseWordLines(result.text).entries.map((entry) => entry.russian)).toEqual(['дом', 'собака']);
  });

  it('reads UTF-8 without a BOM', () => {
    expect(decodeTextFile(new Uint8Array(utf8('casa / дом\ncanción / песня')))).toEqual({
      text: 'casa / дом\ncanción / песня',
      encoding: 'utf-8',
      hasReplacedBytes: false,
    });
  });

  it('reads UTF-8 with a BOM and drops the mark', () => {
    const result = decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('casa / дом')]));
    expect(result).toEqual({ text: 'casa / дом', encoding: 'utf-8', hasReplacedBytes: false });
  });

  it('reads plain ASCII as UTF-8', () => {
    expect(decodeTextFile(new Uint8Array(ascii('casa / house')))).toEqual({
      text: 'casa / house',
      encoding: 'utf-8',
      hasReplacedBytes: false,
    });
  });

  it('reads UTF-16LE and UTF-16BE with a BOM', () => {
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, ...utf16('casa / дом\r\n', 'le')]))).toEqual({
      text: 'casa / дом\r\n',
      encoding: 'utf-16le',
      hasReplacedBytes: false,
    });
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, ...utf16('niño / ребёнок', 'be')]))).toEqual({
      text: 'niño / ребёнок',
      encoding: 'utf-16be',
      hasReplacedBytes: false,
    });
  });

  it('trusts the BOM when the text has no zero bytes to go by', () => {
    // Cyrillic alone: every UTF-16 unit is 0x04xx, so only the mark tells the byte order.
    expect(decodeTextFile(new Uint8Array([0xff, 0xfe, ...utf16('дом', 'le')]))).toEqual({
      text: 'дом',
      encoding: 'utf-16le',
      hasReplacedBytes: false,
    });
    expect(decodeTextFile(new Uint8Array([0xfe, 0xff, ...utf16('дом', 'be')]))).toEqual({
      text: 'дом',
      encoding: 'utf-16be',
      hasReplacedBytes: false,
    });
  });

  it('recognises UTF-16 without a BOM by its zero bytes', () => {
    expect(decodeTextFile(new Uint8Array(utf16('casa / дом', 'le')))).toEqual({
      text: 'casa / дом',
      encoding: 'utf-16le',
      hasReplacedBytes: false,
    });
    expect(decodeTextFile(new Uint8Array(utf16('casa / дом', 'be')))).toEqual({
      text: 'casa / дом',
      encoding: 'utf-16be',
      hasReplacedBytes: false,
    });
  });

  it('does not take a UTF-8 file with a stray NUL byte for UTF-16', () => {
    const text = 'la me\u0000sa / стол\nel gato / кот\n\n';
    const bytes = new TextEncoder().encode(text);
    expect(bytes.length % 2).toBe(0);
    expect(decodeTextFile(bytes)).toEqual({ text, encoding: 'utf-8', hasReplacedBytes: false });
  });

  it('reads accented Spanish in Windows-1252 instead of turning it Cyrillic', () => {
    // canción / niño / adiós: ó=0xF3, ñ=0xF1 — in Windows-1251 these would be 'у' and 'с'.
    const bytes = [...ascii('canci'), 0xf3, ...ascii('n\nni'), 0xf1, ...ascii('o\nadi'), 0xf3, ...ascii('s')];
    expect(decodeTextFile(new Uint8Array(bytes))).toEqual({
      text: 'canción\nniño\nadiós',
      encoding: 'windows-1252',
      hasReplacedBytes: false,
    });
  });

  it('keeps Windows-1251 for a list that mixes Russian and plain Spanish', () => {
    expect(decodeTextFile(new Uint8Array(CASA_DOM_1251)).encoding).toBe('windows-1251');
  });

  it('reads an empty file as empty UTF-8 text', () => {
    expect(decodeTextFile(new Uint8Array())).toEqual({
      text: '',
      encoding: 'utf-8',
      hasReplacedBytes: false,
    });
  });
});

describe('a UTF-8 file with bytes that do not read (docs/product/upload.md#file-encodings)', () => {
  /** A word list as a learner keeps one: Spanish and Russian, UTF-8, no mark. */
  const LIST = [
    'el perro / собака',
    'el gato / кошка',
    'la casa / дом',
    'el árbol / дерево',
    'el niño / мальчик',
  ];

  it('stays Russian when one byte is invalid: that byte alone becomes U+FFFD', () => {
    // A Latin-1 'ñ' (0xF1) typed into the UTF-8 list.
    const bytes = [...utf8(`${LIST.slice(0, 4).join('\n')}\nla ni`), 0xf1, ...utf8('a / девочка\n')];
    expect(decodeTextFile(new Uint8Array(bytes))).toEqual({
      text: `${LIST.slice(0, 4).join('\n')}\nla ni\uFFFDa / девочка\n`,
      encoding: 'utf-8',
      hasReplacedBytes: true,
    });
    // The list with the second byte of the 'о' in 'собака' lost.
    const cut = utf8(LIST.join('\n'));
    cut.splice(cut.indexOf(0xbe), 1);
    const decoded = decodeTextFile(new Uint8Array(cut));
    expect(decoded).toMatchObject({ encoding: 'utf-8', hasReplacedBytes: true });
    expect(decoded.text.split('\n')).toEqual(['el perro / с\uFFFDбака', ...LIST.slice(1)]);
  });

  it(`is read as UTF-8 with ${MIN_VALID_UTF8_PERCENT} % of its non-ASCII sequences valid, and as a code page below`, () => {
    const file = (validCharacters: number, badSequence: number[], badSequences: number) =>
      new Uint8Array([
        ...utf8(`casa / ${'д'.repeat(validCharacters)}\n`),
        ...Array.from({ length: badSequences }, () => [...badSequence, 0x20]).flat(),
      ]);
    // A lone byte, a 3-byte sequence cut after its second byte, the lead of an overlong form: each is one
    // U+FFFD to the decoder, and one sequence to the rule.
    for (const bad of [[0xff], [0xe2, 0x82], [0xc0]]) {
      const at95 = decodeTextFile(file(95, bad, 5));
      expect(at95).toMatchObject({ encoding: 'utf-8', hasReplacedBytes: true });
      expect(at95.text).toBe(`casa / ${'д'.repeat(95)}\n${'\uFFFD '.repeat(5)}`);
      expect(decodeTextFile(file(94, bad, 6))).toMatchObject({
        encoding: 'windows-1251',
        hasReplacedBytes: false,
      });
      expect(decodeTextFile(file(190, bad, 10)).encoding).toBe('utf-8');
      expect(decodeTextFile(file(189, bad, 11)).encoding).toBe('windows-1251');
    }
  });

  it('still reads a real Windows-1251 list and a Windows-1252 Spanish one, replacing nothing', () => {
    const russian = 'el erizo / Ёжик\r\nel perro / собака\r\nla casa / дом\r\nla mesa / стол\r\n';
    expect(decodeTextFile(inCodePage('windows-1251', russian))).toEqual({
      text: russian,
      encoding: 'windows-1251',
      hasReplacedBytes: false,
    });
    const spanish = 'la canción\nel niño\nel árbol\n¿Qué tal?';
    expect(decodeTextFile(inCodePage('windows-1252', spanish))).toEqual({
      text: spanish,
      encoding: 'windows-1252',
      hasReplacedBytes: false,
    });
  });

  it('chooses between Windows-1251 and Windows-1252 by the words of the text, as before', () => {
    /** The rule as it read the windows-1251 text word by word before it read the bytes. */
    const misreadLatin = (text: string) => {
      let mixed = 0;
      let cyrillic = 0;
      for (const [word] of text.matchAll(/\p{L}+/gu)) {
        const hasCyrillic = /\p{Script=Cyrillic}/u.test(word);
        if (hasCyrillic && /\p{Script=Latin}/u.test(word)) mixed++;
        else if (hasCyrillic) cyrillic++;
      }
      return mixed > cyrillic;
    };
    const letterish = fc.oneof(
      fc.integer({ min: 0x41, max: 0x7a }),
      fc.integer({ min: 0x80, max: 0xff }),
      fc.constantFrom(0x20, 0x0a, 0x2f),
    );
    fc.assert(
      fc.property(fc.array(letterish, { minLength: 1, maxLength: 120 }), (values) => {
        const bytes = new Uint8Array(values);
        const decoded = decodeTextFile(bytes);
        fc.pre(decoded.encoding === 'windows-1251' || decoded.encoding === 'windows-1252');
        const cyrillic = new TextDecoder('windows-1251').decode(bytes);
        expect(decoded.encoding).toBe(misreadLatin(cyrillic) ? 'windows-1252' : 'windows-1251');
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a 20 MB file that is a single word in a code page', () => {
    // Matching such a text word by word overflowed the regular expression engine's stack (from about 5 MB).
    const text = decodeTextFile(new Uint8Array(20 * 1024 * 1024).fill(0xff));
    expect(text.encoding).toBe('windows-1251');
    expect(text.text).toHaveLength(20 * 1024 * 1024);
    expect(text.text.startsWith('яяя')).toBe(true);
  });

  it('says so for a file with a mark or in UTF-16 whose units do not read', () => {
    expect(decodeTextFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('casa / д'), 0xff]))).toEqual({
      text: 'casa / д\uFFFD',
      encoding: 'utf-8',
      hasReplacedBytes: true,
    });
    // A lone high surrogate (D800) in UTF-16LE with its mark.
    expect(
      decodeTextFile(
        new Uint8Array([0xff, 0xfe, ...utf16('casa', 'le'), 0x00, 0xd8, ...utf16(' / дом', 'le')]),
      ),
    ).toEqual({
      text: 'casa\uFFFD / дом',
      encoding: 'utf-16le',
      hasReplacedBytes: true,
    });
  });

  it('replaces bytes exactly when the bytes are not valid UTF-8, for any file read as UTF-8', () => {
    const isValidUtf8 = (bytes: Uint8Array) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
    };
    const listWithNoise = fc
      .tuple(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0x80, max: 0xff })), { maxLength: 3 }),
      )
      .map(([text, noise]) => {
        const bytes = utf8(text);
        for (const [at, byte] of noise) bytes.splice(bytes.length === 0 ? 0 : at % bytes.length, 0, byte);
        return new Uint8Array(bytes);
      });
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), listWithNoise), (bytes) => {
        const decoded = decodeTextFile(bytes);
        if (decoded.encoding === 'utf-8' && bytes[0] !== 0xef) {
          expect(decoded.hasReplacedBytes).toBe(!isValidUtf8(bytes));
          expect(decoded.text).toBe(new TextDecoder('utf-8').decode(bytes));
        }
        if (decoded.encoding === 'windows-1251' || decoded.encoding === 'windows-1252') {
          expect(decoded.hasReplacedBytes).toBe(false);
          expect(decoded.text).not.toContain('\uFFFD');
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('holdsReplacedBytes', () => {
  it('finds the lines whose bytes did not read, and none in a file that read cleanly', () => {
    const damaged = decodeTextFile(
      new Uint8Array([
        ...utf8('casa / дом\nperro / соб'),
        0xff,
        ...utf8('ака\ngato / кошка / кот\nárbol / дерево'),
      ]),
    );
    expect(damaged.text.split('\n').map((line) => holdsReplacedBytes(damaged, line))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    const clean = decodeTextFile(new Uint8Array(utf8('signo / \uFFFD знак')));
    expect(clean).toMatchObject({ encoding: 'utf-8', hasReplacedBytes: false });
    expect(holdsReplacedBytes(clean, clean.text)).toBe(false);
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
