import { splitLines } from './word-lines';

/**
 * The encodings an uploaded .txt arrives in. Russian Windows saves "ANSI" as windows-1251; a Spanish-only
 * file from a Western machine is windows-1252, which windows-1251 would turn into 'canciуn'.
 */
export type TextFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1251' | 'windows-1252';

export type DecodedTextFile = {
  text: string;
  encoding: TextFileEncoding;
  /** Some bytes did not read in `encoding` and stand as U+FFFD in `text` (see `holdsReplacedBytes`). */
  hasReplacedBytes: boolean;
};

/** The share of a file's non-ASCII sequences, in percent, that must be valid UTF-8 for it to read as UTF-8. */
export const MIN_VALID_UTF8_PERCENT = 95;

const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * Bytes of an uploaded word list → text (docs/product/upload.md#file-encodings). Order: a byte-order mark
 * decides; else NUL bytes betray UTF-16 without a mark (a list always has Latin letters, whose UTF-16 units
 * have a zero byte); else UTF-8 when at least 95 % of the non-ASCII sequences are valid UTF-8, so a damaged
 * byte costs one character (U+FFFD) instead of turning the whole file into mojibake; else a single-byte
 * Windows code page. One pass over the bytes counts what the choice needs, one native decode reads the text
 * (a second pass only for a file in a code page). TextDecoder is used on both sides: it exists in browsers
 * and in Node (full ICU, the default build, knows the windows-125x pages).
 */
export function decodeTextFile(bytes: Uint8Array): DecodedTextFile {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return decodeIn(bytes, 'utf-8');
  if (startsWith(bytes, [0xff, 0xfe])) return decodeIn(bytes, 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return decodeIn(bytes, 'utf-16be');

  const counts = countBytes(bytes);
  const unmarkedUtf16 = utf16ByZeroBytes(bytes.length, counts);
  if (unmarkedUtf16) return decodeIn(bytes, unmarkedUtf16);

  const { validUtf8, invalidUtf8 } = counts;
  if (validUtf8 * 100 >= MIN_VALID_UTF8_PERCENT * (validUtf8 + invalidUtf8)) {
    // Non-fatal: each invalid sequence becomes one U+FFFD, exactly as counted.
    const text = new TextDecoder('utf-8').decode(bytes);
    return { text, encoding: 'utf-8', hasReplacedBytes: invalidUtf8 > 0 };
  }
  // A Windows code page gives every byte a character: nothing is replaced.
  const encoding = looksLikeMisreadLatin(bytes) ? 'windows-1252' : 'windows-1251';
  return { text: new TextDecoder(encoding).decode(bytes), encoding, hasReplacedBytes: false };
}

/**
 * Whether a line or a cell of the decoded file holds bytes that did not read: such a row is reported
 * (`import_row_bad_bytes`) rather than saved with U+FFFD in it. A file that read cleanly has none, even
 * when it spells U+FFFD itself.
 */
export function holdsReplacedBytes(file: Pick<DecodedTextFile, 'hasReplacedBytes'>, part: string): boolean {
  return file.hasReplacedBytes && part.includes(REPLACEMENT_CHARACTER);
}

/** Lines of a decoded text, counted exactly as `parseWordLines` numbers them. */
export function countLines(text: string): number {
  return splitLines(text).length;
}

/** A file in a known encoding (its mark, or UTF-16's zero bytes): damaged units read as U+FFFD. */
function decodeIn(bytes: Uint8Array, encoding: TextFileEncoding): DecodedTextFile {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return { text, encoding, hasReplacedBytes: false };
  } catch {
    // A damaged byte becomes U+FFFD in one line instead of refusing the whole list.
    return { text: new TextDecoder(encoding).decode(bytes), encoding, hasReplacedBytes: true };
  }
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

interface ByteCounts {
  /** Zero bytes at even and at odd offsets. */
  evenZeros: number;
  oddZeros: number;
  /** Non-ASCII sequences read as UTF-8: characters, and the ill-formed runs each replaced by one U+FFFD. */
  validUtf8: number;
  invalidUtf8: number;
}

/**
 * One pass over the bytes. UTF-8 sequences are counted as the WHATWG decoder reads them: a lead byte and
 * the continuation bytes Unicode's table of well-formed sequences allows after it (no overlong forms, no
 * surrogates, nothing past U+10FFFF); an ill-formed run is the lead and the continuations that still fit,
 * or a lone byte, one U+FFFD each. Zeros are ASCII, so they are always met in the first branch.
 */
function countBytes(bytes: Uint8Array): ByteCounts {
  const counts: ByteCounts = { evenZeros: 0, oddZeros: 0, validUtf8: 0, invalidUtf8: 0 };
  const end = bytes.length;
  let at = 0;
  while (at < end) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      if (lead === 0) {
        if (at % 2 === 0) counts.evenZeros++;
        else counts.oddZeros++;
      }
      at += 1;
      continue;
    }
    let needed = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      if (lead === 0xe0) lower = 0xa0;
      else if (lead === 0xed) upper = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      if (lead === 0xf0) lower = 0x90;
      else if (lead === 0xf4) upper = 0x8f;
    }
    let read = 1;
    while (read <= needed) {
      const next = bytes[at + read];
      if (next === undefined || next < lower || next > upper) break;
      lower = 0x80;
      upper = 0xbf;
      read += 1;
    }
    if (needed > 0 && read > needed) counts.validUtf8++;
    else counts.invalidUtf8++;
    at += read;
  }
  return counts;
}

/**
 * A text file has no NUL characters; zeros at odd offsets mean UTF-16LE, at even offsets UTF-16BE. In
 * UTF-16 every Latin letter, digit, space and separator has a zero byte, so a list has them in a good
 * share of its characters; a stray NUL or two in a UTF-8 file does not make it UTF-16
 * (docs/product/upload.md#invisible-characters).
 */
/** One character in this many, at least, has a zero byte in a UTF-16 word list. */
const MIN_SHARE_OF_ZERO_BYTES = 10;

function utf16ByZeroBytes(length: number, counts: ByteCounts): 'utf-16le' | 'utf-16be' | null {
  if (length < 2 || length % 2 !== 0) return null;
  const { evenZeros, oddZeros } = counts;
  if (Math.max(evenZeros, oddZeros) < length / 2 / MIN_SHARE_OF_ZERO_BYTES) return null;
  if (evenZeros === oddZeros) return null;
  return oddZeros > evenZeros ? 'utf-16le' : 'utf-16be';
}

const LETTER = 1;
const LATIN = 2;
const CYRILLIC = 4;
let windows1251Letters: Uint8Array | undefined;

/**
 * What each byte is in windows-1251: a letter (`\p{L}`) and its script. One character per byte, so a word
 * of the decoded text is a run of letter bytes, and the rule below reads the bytes instead of matching
 * the text word by word, which took a second on a 15 MB file.
 */
function windows1251LettersByByte(): Uint8Array {
  windows1251Letters ??= Uint8Array.from(
    new TextDecoder('windows-1251').decode(Uint8Array.from({ length: 256 }, (_, byte) => byte)),
    (character) =>
      /\p{L}/u.test(character)
        ? LETTER |
          (/\p{Script=Latin}/u.test(character) ? LATIN : 0) |
          (/\p{Script=Cyrillic}/u.test(character) ? CYRILLIC : 0)
        : 0,
  );
  return windows1251Letters;
}

/**
 * Real Russian words are all Cyrillic. Accented Spanish read as windows-1251 puts Cyrillic letters
 * inside Latin words ('canciуn', 'niсo'); when such mixed words outnumber pure Cyrillic ones, the file
 * was windows-1252.
 */
function looksLikeMisreadLatin(bytes: Uint8Array): boolean {
  const letters = windows1251LettersByByte();
  let mixed = 0;
  let cyrillic = 0;
  let word = 0;
  for (let at = 0; at <= bytes.length; at++) {
    const kind = at < bytes.length ? (letters[bytes[at] ?? 0] ?? 0) : 0;
    if (kind !== 0) {
      word |= kind;
      continue;
    }
    if (word & CYRILLIC) {
      if (word & LATIN) mixed++;
      else cyrillic++;
    }
    word = 0;
  }
  return mixed > cyrillic;
}
