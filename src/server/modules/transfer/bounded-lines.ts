/**
 * A stream's lines, each at most `maxBytes` long (docs/product/transfer.md#backup): the bytes of a longer
 * line are dropped as they arrive, so one line of hundreds of megabytes never exists in memory, and the
 * line is answered as too long, in its place. Only line ends are looked for here (a native byte search);
 * what a line holds is read in the file-reading worker. A line's `\r\n` end counts as `\n`.
 */
export type BoundedLine = { bytes: Buffer } | { isTooLong: true };

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

export async function* boundedLines(
  source: AsyncIterable<Buffer>,
  maxBytes: number,
): AsyncGenerator<BoundedLine> {
  // The line being read; an object, as the helpers below change it.
  const line = { pieces: [] as Buffer[], byteCount: 0, isTooLong: false };

  const ended = (): BoundedLine => {
    let bytes = Buffer.concat(line.pieces, line.byteCount);
    const wasTooLong = line.isTooLong;
    line.pieces = [];
    line.byteCount = 0;
    line.isTooLong = false;
    if (bytes[bytes.length - 1] === CARRIAGE_RETURN) bytes = bytes.subarray(0, bytes.length - 1);
    return wasTooLong || bytes.length > maxBytes ? { isTooLong: true } : { bytes };
  };
  const take = (piece: Buffer) => {
    if (line.isTooLong || piece.length === 0) return;
    // One more byte than the limit may be the `\r` of a line exactly at it.
    if (line.byteCount + piece.length > maxBytes + 1) {
      line.isTooLong = true;
      line.pieces = [];
      line.byteCount = 0;
      return;
    }
    // A copy: the chunk itself is not held while its line waits for its end.
    line.pieces.push(Buffer.from(piece));
    line.byteCount += piece.length;
  };

  for await (const chunk of source) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      take(chunk.subarray(start, end));
      yield ended();
      start = end + 1;
    }
    take(chunk.subarray(start));
  }
  if (line.isTooLong || line.byteCount > 0) yield ended();
}
