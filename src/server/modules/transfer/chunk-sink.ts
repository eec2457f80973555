/** docs/product/transfer.md#exports: a file is kept in pieces of at most 1 MB. */
export const MAX_CHUNK_BYTES = 1024 * 1024;

/** Bytes cut into pieces of at most `MAX_CHUNK_BYTES`. */
export function splitIntoChunks(bytes: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_CHUNK_BYTES) {
    chunks.push(bytes.subarray(start, start + MAX_CHUNK_BYTES));
  }
  return chunks;
}

/**
 * Bytes arriving in pieces of any size, stored as chunks of exactly `chunkBytes` (the last one shorter), in
 * order (docs/product/transfer.md: files live in the database in chunks of at most 1 MB). Holds at most one
 * chunk and the piece that filled it.
 */
export function createChunkSink(
  chunkBytes: number,
  writeChunk: (index: number, chunk: Buffer) => Promise<void>,
) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;
  let total = 0;
  const flush = async (isLast: boolean) => {
    while (pendingBytes >= chunkBytes || (isLast && pendingBytes > 0)) {
      const joined = Buffer.concat(pending);
      const chunk = joined.subarray(0, chunkBytes);
      await writeChunk(index, chunk);
      index += 1;
      pending = [joined.subarray(chunk.length)];
      pendingBytes = joined.length - chunk.length;
    }
  };
  return {
    /** Takes a piece, writing every chunk it completes. */
    async push(piece: Buffer) {
      pending.push(piece);
      pendingBytes += piece.length;
      total += piece.length;
      await flush(false);
    },
    /** Writes what is left; answers the bytes taken in all. */
    async end() {
      await flush(true);
      return total;
    },
    get byteCount() {
      return total;
    },
  };
}
