import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { createLimiter } from '../../lib/concurrency';

/**
 * Reading a ZIP (an Anki package, a backup) where it is stored: in the database, in chunks of a fixed size
 * (docs/product/transfer.md#imports). The central directory lists every entry; an entry's bytes are read by
 * range and inflated by yauzl off the event loop (zlib's threads), so a package of hundreds of megabytes is
 * never held whole. What the inflated bytes are is read in the file-reading worker (file-readers.ts).
 */

/** Where the archive's bytes come from: chunk `index` holds bytes `[index × chunkBytes, …)`. */
export interface ChunkedBytes {
  byteSize: number;
  chunkBytes: number;
  readChunk(index: number): Promise<Buffer | undefined>;
}

/** The archive does not read as a ZIP, or an entry is larger than its caller allows. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/**
 * Chunks kept, and chunks loaded at once. Entries are read in about the order they were written, many at a
 * time (a chunk of words' clips and pictures): a few recent chunks serve nearly all of them, and the bound
 * on loads keeps a burst of reads from holding a megabyte each.
 */
const CACHED_CHUNKS = 8;
const CHUNK_LOADS_AT_ONCE = 2;
/**
 * Directory entries read between two turns of the event loop: once its chunks are loaded, the directory
 * reads as promises alone, and 2,000 entries in one turn kept every other request waiting half a second
 * (`npm run bench:import`).
 */
const ENTRIES_PER_TURN = 256;

class ChunkReader extends yauzl.RandomAccessReader {
  private readonly cache = new Map<number, Promise<Buffer>>();
  private readonly load = createLimiter(CHUNK_LOADS_AT_ONCE);

  constructor(private readonly source: ChunkedBytes) {
    super();
  }

  chunk(index: number): Promise<Buffer> {
    const cached = this.cache.get(index);
    if (cached) {
      // Most recently used last: the first key is the one to drop.
      this.cache.delete(index);
      this.cache.set(index, cached);
      return cached;
    }
    const loading = this.load(async () => {
      const bytes = await this.source.readChunk(index);
      if (!bytes) throw new ArchiveError(`chunk ${index} is missing`);
      return bytes;
    });
    // A failed load is not kept: the next read asks again.
    loading.catch(() => this.cache.delete(index));
    this.cache.set(index, loading);
    if (this.cache.size > CACHED_CHUNKS) {
      const [oldest] = this.cache.keys();
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    return loading;
  }

  /**
   * A small read (a directory entry, a local header) copied from the chunks: yauzl's default pipes three
   * streams for every one, which made reading a directory ten times slower.
   */
  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    const { chunkBytes } = this.source;
    const end = position + length;
    const copy = async () => {
      let written = 0;
      for (let index = Math.floor(position / chunkBytes); index * chunkBytes < end; index += 1) {
        const bytes = await this.chunk(index);
        const from = Math.max(position - index * chunkBytes, 0);
        const to = Math.min(end - index * chunkBytes, bytes.length);
        if (to <= from) break;
        written += bytes.copy(buffer, offset + written, from, to);
      }
      return written;
    };
    copy().then(
      (written) => callback(null, written),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const { chunkBytes } = this.source;
    const chunk = (index: number) => this.chunk(index);
    async function* range() {
      for (let index = Math.floor(start / chunkBytes); index * chunkBytes < end; index += 1) {
        const bytes = await chunk(index);
        const from = Math.max(start - index * chunkBytes, 0);
        const to = Math.min(end - index * chunkBytes, bytes.length);
        // A copy: the chunk itself is not held by whoever reads the range.
        if (to > from) yield Buffer.from(bytes.subarray(from, to));
      }
    }
    return Readable.from(range(), { objectMode: false });
  }
}

/** An opened archive: its entries by name, and each one's bytes on request. */
export interface ZipArchive {
  names(): string[];
  has(name: string): boolean;
  /** The entry's uncompressed size, or undefined when there is no such entry. */
  sizeOf(name: string): number | undefined;
  /** The entry's bytes, inflated; undefined when there is no such entry; refused above `maxBytes`. */
  read(name: string, maxBytes: number): Promise<Buffer | undefined>;
  /**
   * The entry's bytes as they inflate (undefined when there is no such entry), refused above `maxBytes`: its
   * header's size is checked first, and yauzl fails the stream as soon as it yields more than the header
   * said, so a lying header costs nothing.
   */
  stream(name: string, maxBytes: number): Promise<AsyncIterable<Buffer> | undefined>;
  close(): void;
}

export async function openZipArchive(source: ChunkedBytes): Promise<ZipArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new ChunkReader(source), source.byteSize, {
      autoClose: false,
      lazyEntries: true,
      // Names inside packages are ours to look up, never paths on disk.
      strictFileNames: false,
    });
  } catch (error) {
    throw new ArchiveError(`not a ZIP archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    let count = 0;
    for await (const entry of zip.eachEntry()) {
      entries.set(entry.fileName, entry);
      count += 1;
      if (count % ENTRIES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } catch (error) {
    zip.close();
    throw new ArchiveError(
      `unreadable ZIP directory: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  async function openEntry(name: string, maxBytes: number): Promise<Readable | undefined> {
    const entry = entries.get(name);
    if (!entry) return undefined;
    if (entry.uncompressedSize > maxBytes) {
      throw new ArchiveError(`${name} is ${entry.uncompressedSize} bytes, over ${maxBytes}`);
    }
    try {
      return await zip.openReadStreamPromise(entry);
    } catch (error) {
      throw new ArchiveError(
        `${name} does not read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return {
    names: () => [...entries.keys()],
    has: (name) => entries.has(name),
    sizeOf: (name) => entries.get(name)?.uncompressedSize,
    async read(name, maxBytes) {
      const stream = await openEntry(name, maxBytes);
      if (!stream) return undefined;
      try {
        const parts: Buffer[] = [];
        for await (const part of stream) parts.push(part as Buffer);
        return Buffer.concat(parts);
      } catch (error) {
        throw new ArchiveError(
          `${name} does not read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    async stream(name, maxBytes) {
      const stream = await openEntry(name, maxBytes);
      if (!stream) return undefined;
      return (async function* inflated() {
        try {
          for await (const part of stream) yield part as Buffer;
        } catch (error) {
          throw new ArchiveError(
            `${name} does not read: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      })();
    },
    close: () => zip.close(),
  };
}

/** Bytes in memory as chunks (a package built in a test, a file read in one piece). */
export function chunkedBuffer(bytes: Buffer, chunkBytes = 1024 * 1024): ChunkedBytes {
  return {
    byteSize: bytes.length,
    chunkBytes,
    readChunk: (index) =>
      Promise.resolve(
        index * chunkBytes < bytes.length
          ? bytes.subarray(index * chunkBytes, (index + 1) * chunkBytes)
          : undefined,
      ),
  };
}
