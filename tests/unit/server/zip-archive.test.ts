import { describe, expect, it } from 'vitest';
import { boundedLines } from '../../../src/server/modules/transfer/bounded-lines';
import { chunkedBuffer, openZipArchive } from '../../../src/server/modules/transfer/zip-archive';
import { createChunkedZipWriter } from '../../../src/server/modules/transfer/zip-writer';
import { zipOf } from '../../support/anki-packages';

// docs/product/transfer.md: archives read and written over stored chunks, whatever the chunk size.

describe('a ZIP over stored chunks', () => {
  it('reads every entry, and an entry as a stream of lines, across chunk boundaries', async () => {
    const lines = Array.from({ length: 50 }, (_, index) =>
      JSON.stringify({ index, word: `palabra ${index}` }),
    );
    const bytes = await zipOf([
      ['a.bin', Buffer.from(Array.from({ length: 300 }, (_, index) => index % 256))],
      ['tables/words.jsonl', Buffer.from(`${lines.join('\n')}\n`)],
    ]);
    // Chunks of 7 bytes: every entry and the directory span many of them.
    const archive = await openZipArchive(chunkedBuffer(bytes, 7));
    expect(archive.names()).toEqual(['a.bin', 'tables/words.jsonl']);
    expect([...(await archive.read('a.bin', 1000))!]).toEqual(
      Array.from({ length: 300 }, (_, index) => index % 256),
    );
    const read: string[] = [];
    const stream = await archive.stream('tables/words.jsonl', 100_000);
    for await (const line of boundedLines(stream!, 1000)) {
      if ('bytes' in line) read.push(line.bytes.toString('utf8'));
    }
    expect(read).toEqual(lines);
    await expect(archive.stream('tables/words.jsonl', 100)).rejects.toThrow(/over 100/);
    await expect(archive.read('a.bin', 100)).rejects.toThrow(/over 100/);
    expect(await archive.read('missing', 10)).toBeUndefined();
    archive.close();
  });

  it('is refused when it is not a ZIP', async () => {
    await expect(openZipArchive(chunkedBuffer(Buffer.from('not a zip at all, just text')))).rejects.toThrow(
      /not a ZIP/,
    );
  });

  it('written in chunks of a fixed size reads back with every entry, fetched ones included', async () => {
    const chunks: Buffer[] = [];
    const writer = createChunkedZipWriter(
      16,
      (index, chunk) => {
        chunks[index] = Buffer.from(chunk);
        return Promise.resolve();
      },
      new Date('2030-01-01T00:00:00Z'),
    );
    const later = writer.addLater('media/0', () => Promise.resolve(Buffer.from('a clip')));
    const streamed = writer.addStream('tables/t.jsonl', async function* () {
      yield Buffer.from('{"a":1}\n');
      yield Buffer.from('{"a":2}\n');
    });
    writer.addBuffer('manifest.json', Buffer.from('{}'), { compress: true });
    await Promise.all([later, streamed]);
    const size = await writer.end();
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === 16)).toBe(true);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(size);
    const archive = await openZipArchive(chunkedBuffer(bytes, 16));
    expect(archive.names()).toEqual(['media/0', 'tables/t.jsonl', 'manifest.json']);
    expect((await archive.read('media/0', 100))?.toString()).toBe('a clip');
    expect((await archive.read('tables/t.jsonl', 100))?.toString()).toBe('{"a":1}\n{"a":2}\n');
    archive.close();
  });
});
