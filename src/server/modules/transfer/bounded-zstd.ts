import { Decompress } from 'fzstd';

/**
 * zstd decoded with a byte cap applied while the bytes are made (docs/product/transfer.md#limits): fzstd's
 * streaming decoder hands over each block as it decodes it (at most 128 KB), so a bomb is stopped within a
 * block of its cap. Node 20 has no zstd of its own.
 *
 * fzstd allocates each frame's window as its header declares (up to 2 GB) and moves the whole window for
 * every block, so a frame header is checked before its bytes reach the decoder: a window larger than
 * `MAX_ZSTD_WINDOW_BYTES` is refused. Anki's own frames use a few MB.
 */

/** The largest window a frame may declare; zstd's default levels use at most 8 MB. */
export const MAX_ZSTD_WINDOW_BYTES = 32 * 1024 * 1024;

/** The stream is not zstd, is cut short, or asks for more than the caps allow. */
export class ZstdError extends Error {
  constructor(
    message: string,
    readonly isTooLarge = false,
  ) {
    super(message);
    this.name = 'ZstdError';
  }
}

const ZSTD_MAGIC = 0xfd2fb528;
const isSkippableMagic = (magic: number) => (magic & 0xfffffff0) >>> 0 === 0x184d2a50;
const FRAME_CONTENT_SIZE_BYTES = [0, 2, 4, 8] as const;
const DICTIONARY_ID_BYTES = [0, 1, 2, 4] as const;

const littleEndian = (bytes: readonly number[], from: number, count: number) => {
  let value = 0;
  for (let index = count - 1; index >= 0; index -= 1) value = value * 256 + (bytes[from + index] ?? 0);
  return value;
};

/**
 * Walks the frames of a zstd stream as its bytes arrive (RFC 8878 §3.1): magic, frame header, block
 * headers and their sizes, checksum; skippable frames by their size. It reads only headers, so it costs
 * next to nothing, and it sees every frame header before the decoder does.
 */
function createFrameGuard(maxWindowBytes: number) {
  type State =
    | { at: 'magic' }
    | { at: 'frame-header'; need: number }
    | { at: 'block-header' }
    | { at: 'skip'; left: number; then: 'block-header' | 'magic' }
    | { at: 'skippable-size' };
  let state: State = { at: 'magic' };
  let header: number[] = [];
  let hasChecksum = false;
  let isLastBlock = false;

  function takeHeaderBytes(chunk: Uint8Array, offset: number, need: number): number {
    const take = Math.min(need - header.length, chunk.length - offset);
    for (let index = 0; index < take; index += 1) header.push(chunk[offset + index] ?? 0);
    return offset + take;
  }

  /** The sizes a frame header descriptor gives (RFC 8878 §3.1.1.1.1). */
  function frameLayout(descriptor: number) {
    const isSingleSegment = ((descriptor >> 5) & 1) === 1;
    const contentSizeFlag = descriptor >> 6;
    const contentSizeBytes =
      contentSizeFlag === 0 ? (isSingleSegment ? 1 : 0) : (FRAME_CONTENT_SIZE_BYTES[contentSizeFlag] ?? 0);
    const dictionaryBytes = DICTIONARY_ID_BYTES[descriptor & 3] ?? 0;
    const windowBytes = isSingleSegment ? 0 : 1;
    return {
      isSingleSegment,
      contentSizeFlag,
      contentSizeBytes,
      dictionaryBytes,
      length: 5 + windowBytes + dictionaryBytes + contentSizeBytes,
    };
  }

  /** The frame's window (the content size for a single-segment frame) against the cap. */
  function checkFrameHeader() {
    const descriptor = header[4] ?? 0;
    if ((descriptor & 0x08) !== 0) throw new ZstdError('a reserved frame header bit is set');
    const layout = frameLayout(descriptor);
    let window: number;
    if (layout.isSingleSegment) {
      const contentSize = littleEndian(header, 5 + layout.dictionaryBytes, layout.contentSizeBytes);
      window = contentSize + (layout.contentSizeFlag === 1 ? 256 : 0);
    } else {
      const descriptorByte = header[5] ?? 0;
      const base = 2 ** (10 + (descriptorByte >> 3));
      window = base + (base / 8) * (descriptorByte & 7);
    }
    if (window > maxWindowBytes) {
      throw new ZstdError(`a frame asks for a ${window}-byte window, over ${maxWindowBytes}`, true);
    }
    hasChecksum = ((descriptor >> 2) & 1) === 1;
  }

  return {
    /** True between frames: a stream that ends anywhere else was cut short. */
    get isAtFrameBoundary() {
      return state.at === 'magic' && header.length === 0;
    },
    check(chunk: Uint8Array) {
      let offset = 0;
      while (offset < chunk.length) {
        switch (state.at) {
          case 'magic': {
            offset = takeHeaderBytes(chunk, offset, 4);
            if (header.length < 4) return;
            const magic = littleEndian(header, 0, 4) >>> 0;
            if (magic === ZSTD_MAGIC) state = { at: 'frame-header', need: 5 };
            else if (isSkippableMagic(magic)) state = { at: 'skippable-size' };
            else throw new ZstdError('not a zstd frame');
            break;
          }
          case 'frame-header': {
            offset = takeHeaderBytes(chunk, offset, state.need);
            if (header.length < state.need) return;
            if (state.need === 5) {
              state = { at: 'frame-header', need: frameLayout(header[4] ?? 0).length };
              break;
            }
            checkFrameHeader();
            header = [];
            isLastBlock = false;
            state = { at: 'block-header' };
            break;
          }
          case 'skippable-size': {
            offset = takeHeaderBytes(chunk, offset, 8);
            if (header.length < 8) return;
            state = { at: 'skip', left: littleEndian(header, 4, 4), then: 'magic' };
            header = [];
            break;
          }
          case 'block-header': {
            offset = takeHeaderBytes(chunk, offset, 3);
            if (header.length < 3) return;
            const blockHeader = littleEndian(header, 0, 3);
            header = [];
            isLastBlock = (blockHeader & 1) === 1;
            const blockType = (blockHeader >> 1) & 3;
            const blockSize = blockHeader >> 3;
            if (blockType === 3) throw new ZstdError('a reserved block type');
            const contentBytes = blockType === 1 ? 1 : blockSize;
            const trailing = isLastBlock && hasChecksum ? 4 : 0;
            state = {
              at: 'skip',
              left: contentBytes + trailing,
              then: isLastBlock ? 'magic' : 'block-header',
            };
            break;
          }
          case 'skip': {
            const skipped = Math.min(state.left, chunk.length - offset);
            offset += skipped;
            state = state.left === skipped ? { at: state.then } : { ...state, left: state.left - skipped };
            break;
          }
          default: {
            const unknown: never = state;
            throw new Error(`unknown zstd guard state ${JSON.stringify(unknown)}`);
          }
        }
      }
    },
  };
}

/**
 * A decoder fed piece by piece that throws once its output passes `maxBytes`; `finish` answers the output
 * in the pieces it was made in.
 */
export function createBoundedZstd(maxBytes: number, maxWindowBytes = MAX_ZSTD_WINDOW_BYTES) {
  const guard = createFrameGuard(maxWindowBytes);
  const pieces: Uint8Array[] = [];
  let byteCount = 0;
  let hasInput = false;
  const decoder = new Decompress((piece) => {
    byteCount += piece.length;
    if (byteCount > maxBytes) throw new ZstdError(`more than ${maxBytes} bytes`, true);
    if (piece.length > 0) pieces.push(piece);
  });

  function push(chunk: Uint8Array, isFinal = false) {
    guard.check(chunk);
    if (chunk.length > 0) hasInput = true;
    try {
      decoder.push(chunk, isFinal);
    } catch (error) {
      if (error instanceof ZstdError) throw error;
      // fzstd's own errors: invalid data, a stream cut short.
      throw new ZstdError(`zstd: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    push,
    get byteCount() {
      return byteCount;
    },
    /** Ends the stream; answers the whole output, in the pieces it was made in. */
    finish(): Uint8Array[] {
      if (!hasInput || !guard.isAtFrameBoundary) throw new ZstdError('the zstd stream is empty or cut short');
      push(new Uint8Array(0), true);
      return pieces;
    },
  };
}

/** One buffer decoded whole, within the cap. */
export function unzstdBounded(bytes: Uint8Array, maxBytes: number): Buffer {
  const decoder = createBoundedZstd(maxBytes);
  decoder.push(bytes);
  return Buffer.concat(decoder.finish());
}
