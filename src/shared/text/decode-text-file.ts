import { splitLines } from './word-lines';

/**
 * The encodings an uploaded .txt arrives in. Russian Windows saves "ANSI" as windows-1251; a Spanish-only
 * file from a Western machine is windows-1252, which windows-1251 would turn into 'canciуn'.
 */
export type TextFileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1251' | 'windows-1252';

export type DecodedTextFile = { text: string; encoding: TextFileEncoding };

/**
 * Bytes of an uploaded word list → text. Order: a byte-order mark decides; else NUL bytes betray UTF-16
 * without a mark (a list always has Latin letters, whose UTF-16 units have a zero byte); else strict
 * UTF-8; else a single-byte Windows code page. TextDecoder is used on both sides: it exists in browsers
 * and in Node (full ICU, the default build, knows the windows-125x pages).
 */
export function decodeTextFile(bytes: Uint8Array): DecodedTextFile {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return decode(bytes, 'utf-8');
  if (startsWith(bytes, [0xff, 0xfe])) return decode(bytes, 'utf-16le');
  if (startsWith(bytes, [0xfe, 0xff])) return decode(bytes, 'utf-16be');

  const unmarkedUtf16 = utf16ByZeroBytes(bytes);
  if (unmarkedUtf16) return decode(bytes, unmarkedUtf16);

  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: a legacy code page, chosen below.
  }
  const cyrillic = decode(bytes, 'windows-1251');
  return looksLikeMisreadLatin(cyrillic.text) ? decode(bytes, 'windows-1252') : cyrillic;
}

/** Lines of a decoded text, counted exactly as `parseWordLines` numbers them. */
export function countLines(text: string): number {
  return splitLines(text).length;
}

function decode(bytes: Uint8Array, encoding: TextFileEncoding): DecodedTextFile {
  // Non-fatal: a damaged byte becomes U+FFFD in one word instead of refusing the whole list.
  return { text: new TextDecoder(encoding).decode(bytes), encoding };
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

/**
 * A text file has no NUL characters; zeros at odd offsets mean UTF-16LE, at even offsets UTF-16BE. In
 * UTF-16 every Latin letter, digit, space and separator has a zero byte, so a list has them in a good
 * share of its characters; a stray NUL or two in a UTF-8 file does not make it UTF-16
 * (docs/product/upload.md#invisible-characters).
 */
/** One character in this many, at least, has a zero byte in a UTF-16 word list. */
const MIN_SHARE_OF_ZERO_BYTES = 10;

function utf16ByZeroBytes(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes.length < 2 || bytes.length % 2 !== 0) return null;
  let even = 0;
  let odd = 0;
  bytes.forEach((byte, index) => {
    if (byte === 0) {
      if (index % 2 === 0) even++;
      else odd++;
    }
  });
  if (Math.max(even, odd) < bytes.length / 2 / MIN_SHARE_OF_ZERO_BYTES) return null;
  if (even === odd) return null;
  return odd > even ? 'utf-16le' : 'utf-16be';
}

/**
 * Real Russian words are all Cyrillic. Accented Spanish read as windows-1251 puts Cyrillic letters
 * inside Latin words ('canciуn', 'niсo'); when such mixed words outnumber pure Cyrillic ones, the file
 * was windows-1252.
 */
function looksLikeMisreadLatin(text: string): boolean {
  let mixed = 0;
  let cyrillic = 0;
  for (const [word] of text.matchAll(/\p{L}+/gu)) {
    const hasCyrillic = /\p{Script=Cyrillic}/u.test(word);
    if (hasCyrillic && /\p{Script=Latin}/u.test(word)) mixed++;
    else if (hasCyrillic) cyrillic++;
  }
  return mixed > cyrillic;
}
