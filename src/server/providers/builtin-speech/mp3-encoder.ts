import { createMp3Encoder, type WasmMediaEncoder } from 'wasm-media-encoders';

/** Plenty for eSpeak's 22 kHz formant speech, and small enough that a sentence stays around 10 KB. */
export const MP3_BITRATE_KBPS = 48;

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

/**
 * LAME compiled to WebAssembly, one per thread, made on the first clip and reset for each: about four times
 * faster than lamejs (LAME ported to JavaScript), which made encoding most of a clip's time, and of a first
 * tap's wait on a card whose clips are not made yet (docs/product/upload.md#built-in-clips-on-demand).
 */
let encoder: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** Mono 16-bit PCM to a constant-bitrate MP3. Calls must not overlap: the one encoder is reset for each. */
export async function encodeMp3(samples: Int16Array, sampleRate: number): Promise<Buffer> {
  encoder ??= createMp3Encoder();
  const mp3 = await encoder;
  mp3.configure({ channels: 1, sampleRate, bitrate: MP3_BITRATE_KBPS });
  const pcm = Float32Array.from(samples, (sample) => sample / 32768);
  // Both answers are views of the encoder's own memory: copied before its next call.
  const frames = Buffer.from(mp3.encode([pcm]));
  return Buffer.concat([frames, Buffer.from(mp3.finalize())]);
}
