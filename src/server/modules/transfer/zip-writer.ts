import { Readable, Writable } from 'node:stream';
import yazl from 'yazl';
import { createChunkSink } from './chunk-sink';

/**
 * A ZIP written straight into stored chunks (docs/product/transfer.md#exports): entries are read only when
 * the archive reaches them, and the bytes go out in pieces of `chunkBytes`, so memory holds one entry and
 * one chunk, whatever the archive's size. yazl writes ZIP64 records when an archive needs them.
 */
export interface ChunkedZipWriter {
  /** Adds an entry now in memory (the collection, the media map). */
  addBuffer(name: string, bytes: Buffer, options?: { compress: boolean }): void;
  /**
   * Adds an entry whose bytes are fetched when the archive reaches it (a clip, a picture); answers once it
   * is written. An entry whose fetch answers undefined is written empty.
   */
  addLater(name: string, fetch: () => Promise<Buffer | undefined>): Promise<void>;
  /** Adds an entry whose bytes come piece by piece when the archive reaches it; answers once it is written. */
  addStream(name: string, pieces: () => AsyncIterable<Buffer>): Promise<void>;
  /** Ends the archive; answers its size once every chunk is stored. */
  end(): Promise<number>;
}

export function createChunkedZipWriter(
  chunkBytes: number,
  writeChunk: (index: number, chunk: Buffer) => Promise<void>,
  now: Date,
): ChunkedZipWriter {
  const zip = new yazl.ZipFile();
  const chunks = createChunkSink(chunkBytes, writeChunk);
  const sink = new Writable({
    write(part: Buffer, _encoding, done) {
      chunks.push(part).then(() => done(), done);
    },
    final(done) {
      chunks.end().then(() => done(), done);
    },
  });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('finish', resolve);
    sink.on('error', reject);
    zip.outputStream.on('error', reject);
  });
  // A rejection before `end` is awaited must not go unhandled; `end` reports it.
  finished.catch(() => undefined);
  zip.outputStream.pipe(sink);
  const options = { mtime: now, compress: false };

  return {
    addBuffer(name, bytes, entryOptions) {
      zip.addBuffer(bytes, name, { ...options, ...entryOptions });
    },
    addLater(name, fetch) {
      return new Promise<void>((resolve, reject) => {
        zip.addReadStreamLazy(name, options, (callback) => {
          fetch().then(
            (bytes) => {
              const stream = Readable.from([bytes ?? Buffer.alloc(0)], { objectMode: false });
              stream.on('end', () => resolve());
              callback(null, stream);
            },
            (error: unknown) => {
              reject(error instanceof Error ? error : new Error(String(error)));
              callback(error, Readable.from([], { objectMode: false }));
            },
          );
        });
      });
    },
    addStream(name, pieces) {
      return new Promise<void>((resolve, reject) => {
        zip.addReadStreamLazy(name, { ...options, compress: true }, (callback) => {
          const stream = Readable.from(pieces(), { objectMode: false });
          stream.on('end', () => resolve());
          stream.on('error', reject);
          callback(null, stream);
        });
      });
    },
    async end() {
      zip.end();
      await finished;
      return chunks.byteCount;
    },
  };
}
