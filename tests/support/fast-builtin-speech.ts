import { Mp3Encoder } from '@breezystack/lamejs';
import {
  type BuiltinSpeechSynthesizer,
  createBuiltinSpeech,
} from '../../src/server/providers/builtin-speech/builtin-speech.provider';
import type { EspeakRenderRequest } from '../../src/server/providers/builtin-speech/espeak-engine';
import {
  type SynthesisResult,
  SpeechWorkerQueue,
} from '../../src/server/providers/builtin-speech/speech-worker-queue';

/**
 * A fast, deterministic stand-in for the offline voice, for tests that are not about speech: the real
 * provider (text cleaning, its limits, voice choice, speed and intonation) runs unchanged, only the eSpeak
 * WebAssembly worker behind it is replaced. Every clip is real MP3: a short run of silent frames made
 * once by the same encoder the app uses, after an ID3v2 tag that names what was asked for, so two
 * different requests (text, voice, speed, pitch) never give the same bytes and the audio cache and the
 * media store see distinct clips, as with eSpeak. The real path keeps its own tests
 * (tests/unit/server/builtin-speech.test.ts, the integration tests about built-in voices, the e2e tests).
 */
export function createFastBuiltinSpeech(): BuiltinSpeechSynthesizer {
  return createBuiltinSpeech(new InstantSpeechQueue());
}

const SAMPLE_RATE = 22_050;
/** Two MPEG-2 granules: a fraction of a second, and a few hundred bytes. */
const SILENT_SAMPLES = 576 * 8;
const BITRATE_KBPS = 32;

let silentFrames: Buffer | undefined;

function silence(): Buffer {
  if (silentFrames) return silentFrames;
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts = [encoder.encodeBuffer(new Int16Array(SILENT_SAMPLES)), encoder.flush()].map((part) =>
    Buffer.from(part.buffer, part.byteOffset, part.byteLength),
  );
  silentFrames = Buffer.concat(parts);
  return silentFrames;
}

/** ID3v2.4 sizes are "syncsafe": seven bits per byte, so no size byte can look like an MPEG frame sync. */
function syncsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

/** An ID3v2.4 tag with one user text frame (TXXX, UTF-8) holding `value`. */
function id3Tag(value: string): Buffer {
  const content = Buffer.concat([
    Buffer.from([0x03]),
    Buffer.from('palabra-test-speech\0', 'utf8'),
    Buffer.from(value, 'utf8'),
  ]);
  const frame = Buffer.concat([
    Buffer.from('TXXX', 'latin1'),
    syncsafe(content.length),
    Buffer.alloc(2),
    content,
  ]);
  return Buffer.concat([
    Buffer.from('ID3', 'latin1'),
    Buffer.from([0x04, 0x00, 0x00]),
    syncsafe(frame.length),
    frame,
  ]);
}

class InstantSpeechQueue extends SpeechWorkerQueue {
  override run(request: EspeakRenderRequest, signal?: AbortSignal): Promise<SynthesisResult> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    const mp3 = Buffer.concat([id3Tag(JSON.stringify(request)), silence()]);
    return Promise.resolve({
      mp3,
      durationSeconds: SILENT_SAMPLES / SAMPLE_RATE,
      renderMs: 0,
      encodeMs: 0,
    });
  }
}
