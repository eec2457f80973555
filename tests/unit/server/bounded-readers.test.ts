import { describe, expect, it } from 'vitest';
import { boundedLines } from '../../../src/server/modules/transfer/bounded-lines';
import {
  createBoundedZstd,
  unzstdBounded,
  ZstdError,
} from '../../../src/server/modules/transfer/bounded-zstd';
import { zstdBomb, zstdFrame } from '../../support/zstd-frames';

// docs/product/transfer.md#limits: every size bounded while the bytes are made.

async function linesOf(text: string, maxBytes: number, chunkBytes: number) {
  async function* chunks() {
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
      yield bytes.subarray(offset, offset + chunkBytes);
    }
  }
  const lines: string[] = [];
  for await (const line of boundedLines(chunks(), maxBytes)) {
    lines.push('bytes' in line ? line.bytes.toString() : '<too long>');
  }
  return lines;
}

describe('a stream read as lines of a bounded length', () => {
  it('yields each line across chunks, CRLF or LF, the last one without its end too', async () => {
    for (const chunkBytes of [1, 3, 1000]) {
      expect(await linesOf('uno\r\ndos\n\ntres', 10, chunkBytes)).toEqual(['uno', 'dos', '', 'tres']);
    }
  });

  it('answers a line one byte over the limit as too long, in its place, and reads on', async () => {
    for (const chunkBytes of [1, 4, 64]) {
      expect(await linesOf(`12345\n123456\n1234567\nok\n`, 6, chunkBytes)).toEqual([
        '12345',
        '123456',
        '<too long>',
        'ok',
      ]);
      expect(await linesOf(`123456\r\n${'x'.repeat(50)}`, 6, chunkBytes)).toEqual(['123456', '<too long>']);
    }
  });
});

describe('zstd decoded within a cap', () => {
  it('decodes raw blocks fed in pieces of any size', () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => index % 251));
    const frame = zstdFrame(bytes);
    for (const piece of [7, 4096, frame.length]) {
      const decoder = createBoundedZstd(bytes.length);
      for (let offset = 0; offset < frame.length; offset += piece)
        decoder.push(frame.subarray(offset, offset + piece));
      expect(Buffer.concat(decoder.finish()).equals(bytes)).toBe(true);
    }
  });

  it('stops a bomb within a block of its cap', () => {
    const bomb = zstdBomb(1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(40_000);
    const decoder = createBoundedZstd(1024 * 1024);
    expect(() => decoder.push(bomb)).toThrow(ZstdError);
    expect(decoder.byteCount).toBeLessThanOrEqual(1024 * 1024 + 128 * 1024);
  });

  it('refuses a frame that asks for a window over the limit before the decoder allocates it', () => {
    const hugeWindow = zstdBomb(128 * 1024, { windowLog: 31 });
    expect(() => unzstdBounded(hugeWindow, 1024 * 1024)).toThrow(/window/);
    // A single-segment frame declares its content size as its window: 2 GB here.
    const declared = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x80 | 0x20, 0, 0, 0, 0x80]);
    expect(() => unzstdBounded(declared, 1024)).toThrow(/window/);
  });

  it('refuses what is not zstd, or is cut short', () => {
    expect(() => unzstdBounded(Buffer.from('{"not": "zstd"}'), 1000)).toThrow(/not a zstd frame/);
    const frame = zstdFrame(Buffer.alloc(1000, 1));
    expect(() => unzstdBounded(frame.subarray(0, frame.length - 10), 10_000)).toThrow(/cut short/);
    expect(() => unzstdBounded(Buffer.alloc(0), 10)).toThrow(/empty/);
  });
});
