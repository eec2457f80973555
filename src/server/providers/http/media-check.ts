import sharp from 'sharp';
import type { GeneratedImage } from '../images';
import { ProviderError, type ProviderName } from '../provider-error';

/**
 * What a provider's media bytes really are, by their first bytes, before anything is stored
 * (docs/product/providers.md#media-checks): a 200 answer may carry an error page, a JSON body or a cut
 * file under a media content type.
 */
export type AudioType = 'audio/mpeg' | 'audio/wav' | 'audio/ogg';
export type ImageType = GeneratedImage['mimeType'];

const startsWith = (bytes: Buffer, text: string, at = 0) =>
  bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

export function sniffAudio(bytes: Buffer): AudioType | undefined {
  if (startsWith(bytes, 'ID3')) {
    // 'ID3' and then anything is not a clip: the tag must be well-formed and end where the audio begins.
    const audioStart = audioAfterId3Tag(bytes);
    return audioStart !== undefined && isMpegAudioFrame(bytes, audioStart) ? 'audio/mpeg' : undefined;
  }
  if (isMpegAudioFrame(bytes)) return 'audio/mpeg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WAVE', 8)) return 'audio/wav';
  if (startsWith(bytes, 'OggS')) return 'audio/ogg';
  return undefined;
}

const ID3_HEADER_BYTES = 10;
const ID3_FOOTER_BYTES = 10;
const ID3_FOOTER_FLAG = 0x10;
/** Per major version, the header flags it leaves undefined, which must be clear. */
const ID3_UNDEFINED_FLAGS: Readonly<Record<number, number>> = { 2: 0x3f, 3: 0x1f, 4: 0x0f };

/**
 * Where the audio after an ID3v2 tag starts (docs/product/providers.md#media-checks), or undefined when
 * the header is not well-formed: major version 2, 3 or 4, a revision that is not 0xFF, no flag its version
 * leaves undefined, and four size bytes of seven bits each ("synchsafe"). The size counts the tag's frames
 * and its padding, so the audio starts right after it, and after a version 4 footer when the flags announce
 * one. Zero bytes past the size are not skipped: encoders write none there, only broken taggers do.
 */
function audioAfterId3Tag(bytes: Buffer): number | undefined {
  if (bytes.length < ID3_HEADER_BYTES) return undefined;
  const [, , , version = 0, revision = 0, flags = 0] = bytes;
  const undefinedFlags = ID3_UNDEFINED_FLAGS[version];
  if (undefinedFlags === undefined || revision === 0xff || (flags & undefinedFlags) !== 0) return undefined;
  let size = 0;
  for (const byte of bytes.subarray(6, ID3_HEADER_BYTES)) {
    if (byte > 0x7f) return undefined;
    size = (size << 7) | byte;
  }
  const footer = version === 4 && (flags & ID3_FOOTER_FLAG) !== 0 ? ID3_FOOTER_BYTES : 0;
  return ID3_HEADER_BYTES + size + footer;
}

/**
 * An MP3 frame header (at `at`): 11 set bits (frame sync), Layer III, a real bitrate and sample rate. The sync alone
 * would also take a UTF-16 byte-order mark (FF FE, which reads as Layer I) or AAC (FF F1) for MP3.
 */
function isMpegAudioFrame(bytes: Buffer, at = 0): boolean {
  if (bytes.length < at + 4) return false;
  const [sync = 0, versionAndLayer = 0, rates = 0] = bytes.subarray(at, at + 3);
  const layer = (versionAndLayer >> 1) & 0b11;
  const version = (versionAndLayer >> 3) & 0b11;
  const bitrate = rates >> 4;
  const sampleRate = (rates >> 2) & 0b11;
  return (
    sync === 0xff &&
    (versionAndLayer & 0xe0) === 0xe0 &&
    version !== 0b01 &&
    layer === 0b01 &&
    bitrate !== 0b0000 &&
    bitrate !== 0b1111 &&
    sampleRate !== 0b11
  );
}

export function sniffImage(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (startsWith(bytes, 'RIFF') && startsWith(bytes, 'WEBP', 8)) return 'image/webp';
  return undefined;
}

/** Well above the largest picture asked for (1792×1024), far below what would strain the server's memory. */
const MAX_PICTURE_PIXELS = 4096 * 4096;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The clip if it is one of `accepted`, labelled with what it really is; else provider_bad_output. Every
 * clip we keep is served and exported as MP3, so callers accept MP3 only and a WAV or Ogg answer is refused
 * rather than stored under the wrong type.
 */
export function checkAudio<T extends AudioType>(
  provider: ProviderName,
  bytes: Buffer,
  accepted: readonly T[],
): { audio: Buffer; mimeType: T } {
  if (bytes.length === 0) throw new ProviderError('provider_bad_output', provider, 'empty audio');
  const type = sniffAudio(bytes);
  if (!type) {
    throw new ProviderError('provider_bad_output', provider, `not audio: starts ${preview(bytes)}`);
  }
  if (!(accepted as readonly AudioType[]).includes(type)) {
    throw new ProviderError(
      'provider_bad_output',
      provider,
      `${type} where ${accepted.join(' or ')} was asked`,
    );
  }
  return { audio: bytes, mimeType: type as T };
}

/**
 * The picture, labelled with its real type, if it is PNG, JPEG or WebP and decodes whole; else
 * provider_bad_output. The decode catches a file that starts right but is cut or corrupt.
 */
export async function checkImage(provider: ProviderName, bytes: Buffer): Promise<GeneratedImage> {
  if (bytes.length === 0) throw new ProviderError('provider_bad_output', provider, 'empty picture');
  const type = sniffImage(bytes);
  if (!type) {
    throw new ProviderError('provider_bad_output', provider, `not a picture: starts ${preview(bytes)}`);
  }
  try {
    // A few KB of compressed PNG can claim a gigapixel: the size is read and bounded before any decode.
    const { width, height } = await sharp(bytes).metadata();
    if (width * height > MAX_PICTURE_PIXELS) {
      throw new Error(`${width}×${height} is larger than any picture the app asks for`);
    }
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_PICTURE_PIXELS }).raw().toBuffer();
  } catch (error) {
    throw new ProviderError(
      'provider_bad_output',
      provider,
      `${type} does not decode: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return { image: bytes, mimeType: type };
}

/** The first bytes, printable, for the log. */
const preview = (bytes: Buffer) => JSON.stringify(bytes.toString('latin1', 0, 16));
