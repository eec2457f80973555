/**
 * zstd frames written by hand (RFC 8878), for tests of what decodes them: raw blocks carry bytes as they
 * are; an RLE block repeats one byte up to 128 KB from 4 bytes of input, which makes a bomb of any size
 * from a few KB. No encoder is needed.
 */
const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const MAX_BLOCK = 128 * 1024;

const blockHeader = (size: number, type: 0 | 1, isLast: boolean) => {
  const header = (size << 3) | (type << 1) | (isLast ? 1 : 0);
  return Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]);
};

/** A frame header without a content size, whose window is `2 ** windowLog` bytes. */
export const frameHeader = (windowLog: number) => Buffer.from([...MAGIC, 0x00, (windowLog - 10) << 3]);

/** A frame of raw (stored) blocks, as Anki's streamed frames: no content size in its header, a 2 MB window. */
export function zstdFrame(bytes: Buffer): Buffer {
  const parts: Buffer[] = [frameHeader(21)];
  let offset = 0;
  do {
    const size = Math.min(MAX_BLOCK, bytes.length - offset);
    parts.push(blockHeader(size, 0, offset + size >= bytes.length), bytes.subarray(offset, offset + size));
    offset += size;
  } while (offset < bytes.length);
  return Buffer.concat(parts);
}

/** A frame that decodes to `byteCount` copies of `byte` (a multiple of 128 KB), in RLE blocks. */
export function zstdBomb(byteCount: number, options: { byte?: number; windowLog?: number } = {}): Buffer {
  const blocks = Math.ceil(byteCount / MAX_BLOCK);
  const parts: Buffer[] = [frameHeader(options.windowLog ?? 20)];
  for (let index = 0; index < blocks; index += 1) {
    parts.push(blockHeader(MAX_BLOCK, 1, index === blocks - 1), Buffer.from([options.byte ?? 0x61]));
  }
  return Buffer.concat(parts);
}
