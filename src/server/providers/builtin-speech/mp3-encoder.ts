import { Mp3Encoder } from '@breezystack/lamejs';

/** Plenty for eSpeak's 22 kHz formant speech, and small enough that a sentence stays around 10 KB. */
export const MP3_BITRATE_KBPS = 48;

/** A multiple of the 576-sample MPEG-2 granule, so lamejs works on whole frames without re-buffering. */
const BLOCK_SAMPLES = 576 * 16;

/** eSpeak variants differ in loudness by a few dB; a common peak keeps voices even when cards alternate. */
const TARGET_PEAK = Math.round(0.85 * 32767);
/** Only a little lift: a nearly silent clip is better left quiet than full of amplified hiss. */
const MAX_GAIN = 3;

/** Scales in place so every clip peaks near the same level (and clear of MP3 overshoot clipping). */
export function normalizePeak(samples: Int16Array): void {
  let peak = 0;
  for (const sample of samples) {
    const magnitude = Math.abs(sample);
    if (magnitude > peak) peak = magnitude;
  }
  if (peak === 0) return;
  const gain = Math.min(MAX_GAIN, TARGET_PEAK / peak);
  if (Math.abs(gain - 1) < 0.02) return;
  samples.forEach((sample, index) => {
    samples[index] = Math.round(sample * gain);
  });
}

/** Mono 16-bit PCM to a constant-bitrate MP3. */
export function encodeMp3(samples: Int16Array, sampleRate: number): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, MP3_BITRATE_KBPS);
  const parts: Buffer[] = [];
  // lamejs hands out Int8Arrays whatever its typings say; view the same bytes as a Buffer.
  const keep = (part: ArrayBufferView) =>
    parts.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
  for (let offset = 0; offset < samples.length; offset += BLOCK_SAMPLES) {
    keep(encoder.encodeBuffer(samples.subarray(offset, offset + BLOCK_SAMPLES)));
  }
  keep(encoder.flush());
  return Buffer.concat(parts);
}
