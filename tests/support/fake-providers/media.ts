/**
 * Real media bytes for the fakes: adapters decode, store and serve what they receive, so a placeholder
 * string would hide bugs that a real PNG or MP3 exposes (wrong mime type, base64 mix-ups, size checks).
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import sharp from 'sharp';
import { hash32 } from './fake-http';

export type ImageFormat = 'png' | 'jpeg' | 'webp';

const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

export const imageContentType = (format: ImageFormat): string => IMAGE_CONTENT_TYPES[format];

// Rendering a 1536×1024 image costs tens of milliseconds of CPU, which a big upload would spend a
// thousand times over on the machine it is measured on: pictures are drawn in 64 colours, cached, and
// made distinct per prompt by a comment the decoders skip (PNG iTXt, JPEG COM).
const imageCache = new Map<string, Promise<Buffer>>();
const COLOURS = 64;

/** A flat picture whose colour and comment come from `seed` (the prompt): different prompts, different bytes. */
export async function renderImage(
  width: number,
  height: number,
  seed: string,
  format: ImageFormat,
): Promise<Buffer> {
  const colour = hash32(seed) % COLOURS;
  // WebP has no comment to vary, so each seed is drawn on its own (no test asks for many).
  const key =
    format === 'webp' ? `${width}x${height}:${seed}:webp` : `${width}x${height}:${colour}:${format}`;
  let rendered = imageCache.get(key);
  if (!rendered) {
    rendered = draw(width, height, format === 'webp' ? hash32(seed) : colourSeed(colour), format);
    if (imageCache.size > 256) imageCache.clear();
    imageCache.set(key, rendered);
  }
  const image = await rendered;
  return format === 'png'
    ? withPngText(image, seed)
    : format === 'jpeg'
      ? withJpegComment(image, seed)
      : image;
}

/** Spreads the 64 colours over the whole RGB cube. */
const colourSeed = (colour: number) => hash32(`colour-${colour}`);

function draw(width: number, height: number, h: number, format: ImageFormat): Promise<Buffer> {
  const background = { r: h & 0xff, g: (h >>> 8) & 0xff, b: (h >>> 16) & 0xff };
  const radius = Math.max(1, Math.floor(Math.min(width, height) / 4));
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${radius}" fill="rgb(${255 - background.r},${255 - background.g},${255 - background.b})"/></svg>`,
  );
  const image = sharp({ create: { width, height, channels: 3, background } }).composite([{ input: disc }]);
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp()).toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The PNG with an uncompressed `iTXt` chunk ("Comment", UTF-8 text) inserted before IEND. */
function withPngText(png: Buffer, text: string): Buffer {
  // keyword \0, compression flag and method, empty language tag \0, empty translated keyword \0, text.
  const data = Buffer.concat([Buffer.from('Comment\0\0\0\0\0', 'latin1'), Buffer.from(text, 'utf8')]);
  const typeAndData = Buffer.concat([Buffer.from('iTXt', 'latin1'), data]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + data.length);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** The JPEG with a COM segment right after SOI. */
function withJpegComment(jpeg: Buffer, text: string): Buffer {
  const comment = Buffer.from(text, 'utf8').subarray(0, 60_000);
  const segment = Buffer.alloc(4 + comment.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  comment.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

export interface AudioOptions {
  sampleRate: number;
  /** MP3 bitrate in kbit/s. */
  kbps: number;
}

/** Long enough to tell texts apart by duration, short enough that encoding stays cheap in tests. */
export function speechSeconds(text: string): number {
  // Quarter-second steps: encodings are cached per length and pitch, so a big upload stays cheap.
  return Math.round(Math.min(3, 0.3 + 0.02 * text.length) * 4) / 4;
}

/** One of eight pitches, so different texts still sound different. */
const pitchOf = (text: string) => 220 + (hash32(text) % 8) * 55;

function tone(text: string, sampleRate: number): Int16Array {
  const samples = new Int16Array(Math.round(speechSeconds(text) * sampleRate));
  const frequency = pitchOf(text);
  for (let i = 0; i < samples.length; i++) {
    // A short fade in and out keeps decoders from reporting clicks as clipping.
    const edge = Math.min(1, i / 400, (samples.length - i) / 400);
    samples[i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * 8000 * edge);
  }
  return samples;
}

const mp3Cache = new Map<string, Buffer>();

/** A real MP3 (MPEG-1/2 Layer III frames from lamejs) of a sine tone whose length grows with the text. */
export function synthesiseMp3(text: string, options: AudioOptions): Buffer {
  const key = `${options.sampleRate}:${options.kbps}:${speechSeconds(text)}:${pitchOf(text)}`;
  const cached = mp3Cache.get(key);
  if (cached) return cached;
  const samples = tone(text, options.sampleRate);
  const encoder = new Mp3Encoder(1, options.sampleRate, options.kbps);
  const chunks: Buffer[] = [];
  const frame = 1152;
  for (let i = 0; i < samples.length; i += frame) {
    const encoded = encoder.encodeBuffer(samples.subarray(i, i + frame));
    if (encoded.length > 0) chunks.push(Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength));
  const mp3 = Buffer.concat(chunks);
  if (mp3Cache.size > 256) mp3Cache.clear();
  mp3Cache.set(key, mp3);
  return mp3;
}

/** Raw signed 16-bit little-endian mono PCM, as ElevenLabs `pcm_*` and OpenAI `pcm` answer. */
export function synthesisePcm(text: string, sampleRate: number): Buffer {
  const samples = tone(text, sampleRate);
  return Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** A RIFF/WAVE file around the same PCM. */
export function synthesiseWav(text: string, sampleRate: number): Buffer {
  const pcm = synthesisePcm(text, sampleRate);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
