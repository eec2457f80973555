import { z } from 'zod';

/**
 * The small formats of an Anki package besides its collection (docs/product/transfer.md#anki-packages):
 * - `meta` (current layout): a protobuf `PackageMetadata` whose field 1 is the layout version;
 * - `media`: in the legacy layout a JSON map from the zip entry ("0", "1"…) to the file's name; in the
 *   current one a zstd-compressed protobuf `MediaEntries` list whose n-th name is zip entry "n".
 */

/** The package's layout could not be read: named by the reason, worded to the learner as import_unreadable. */
export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}

/** Reads a varint at `offset`; answers the value and the offset after it. */
function readVarint(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0;
  let shift = 0;
  for (let at = offset; at < bytes.length; at += 1) {
    const byte = bytes[at] ?? 0;
    value += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [value, at + 1];
    shift += 7;
    if (shift > 63) break;
  }
  throw new PackageError('a protobuf varint runs past its message');
}

/** Each field of a protobuf message: its number and its varint value or length-delimited bytes. */
export function* protobufFields(bytes: Uint8Array): Generator<[number, number | Uint8Array]> {
  let offset = 0;
  while (offset < bytes.length) {
    const [key, afterKey] = readVarint(bytes, offset);
    const field = Math.floor(key / 8);
    const wireType = key & 7;
    if (wireType === 0) {
      const [value, after] = readVarint(bytes, afterKey);
      yield [field, value];
      offset = after;
    } else if (wireType === 2) {
      const [length, afterLength] = readVarint(bytes, afterKey);
      if (afterLength + length > bytes.length)
        throw new PackageError('a protobuf field runs past its message');
      yield [field, bytes.subarray(afterLength, afterLength + length)];
      offset = afterLength + length;
    } else if (wireType === 1) offset = afterKey + 8;
    else if (wireType === 5) offset = afterKey + 4;
    else throw new PackageError(`protobuf wire type ${wireType} is not used by packages`);
  }
}

/** `PackageMetadata.version` (field 1); 0 when the message does not say. */
export function packageVersion(meta: Uint8Array): number {
  for (const [field, value] of protobufFields(meta))
    if (field === 1 && typeof value === 'number') return value;
  return 0;
}

/** `MediaEntries.entries[].name` in order: the n-th is zip entry "n". */
function mediaEntryNames(list: Uint8Array): string[] {
  const names: string[] = [];
  for (const [field, entry] of protobufFields(list)) {
    if (field !== 1 || typeof entry === 'number') continue;
    let name = '';
    for (const [entryField, value] of protobufFields(entry)) {
      if (entryField === 1 && typeof value !== 'number') name = Buffer.from(value).toString('utf8');
    }
    names.push(name);
  }
  return names;
}

const legacyMediaSchema = z.record(z.string(), z.string());

/**
 * The zip entries of the media files `wanted` names (as the notes write them, or in NFC), from the package's
 * media list (decoded already: the current layout's is zstd). A name the list lacks is left out.
 */
export function entriesOfMediaNames(
  list: Uint8Array,
  isLatest: boolean,
  wanted: readonly string[],
): Map<string, string> {
  const entryOfName = new Map<string, string>();
  if (isLatest) {
    mediaEntryNames(list).forEach((name, index) => entryOfName.set(name, String(index)));
  } else {
    let map: unknown;
    try {
      map = JSON.parse(Buffer.from(list).toString('utf8'));
    } catch {
      throw new PackageError('the media map is not JSON');
    }
    const parsed = legacyMediaSchema.safeParse(map);
    if (!parsed.success) throw new PackageError('the media map is not a map of names');
    for (const [entry, name] of Object.entries(parsed.data)) entryOfName.set(name, entry);
  }
  const found = new Map<string, string>();
  for (const name of wanted) {
    const entry = entryOfName.get(name) ?? entryOfName.get(name.normalize('NFC'));
    if (entry !== undefined) found.set(name, entry);
  }
  return found;
}
