/**
 * Worker-thread entry: owns the one eSpeak instance of the process and turns render requests into MP3.
 * Rendering and encoding (LAME in WebAssembly) are synchronous and take tens of milliseconds per clip, which
 * would stall every request the server is handling if they ran on the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { EspeakEngine, type EspeakRenderRequest } from './espeak-engine';
import { encodeMp3, normalizePeak } from './mp3-encoder';

export interface SynthesisJob {
  id: number;
  request: EspeakRenderRequest;
}

export type SynthesisReply =
  | {
      id: number;
      ok: true;
      /** Transferred, not copied. */
      mp3: ArrayBuffer;
      durationSeconds: number;
      renderMs: number;
      encodeMs: number;
    }
  | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('speech-synthesis.worker must run in a worker thread');

/**
 * Loaded on the first job. A load failure is left uncaught on purpose: the worker dies, the queue reports
 * the job as unavailable, and the next job gets a fresh worker that tries again.
 */
let engine: Promise<EspeakEngine> | undefined;
/** The queue sends one job at a time; chaining anyway keeps eSpeak single-caller if that ever changes. */
let previous: Promise<void> = Promise.resolve();

async function handle(loaded: EspeakEngine, job: SynthesisJob): Promise<SynthesisReply> {
  try {
    const started = performance.now();
    const pcm = loaded.render(job.request);
    const rendered = performance.now();
    if (pcm.samples.length === 0) return { id: job.id, ok: false, message: 'eSpeak produced no audio' };
    normalizePeak(pcm.samples);
    // A fresh copy: Buffer.concat may hand out a slice of Node's shared pool, which must not be transferred.
    const mp3 = new Uint8Array(await encodeMp3(pcm.samples, pcm.sampleRate)).buffer;
    return {
      id: job.id,
      ok: true,
      mp3,
      durationSeconds: pcm.samples.length / pcm.sampleRate,
      renderMs: rendered - started,
      encodeMs: performance.now() - rendered,
    };
  } catch (error) {
    return { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (job: SynthesisJob) => {
  previous = previous.then(async () => {
    engine ??= EspeakEngine.load();
    const reply = await handle(await engine, job);
    port.postMessage(reply, reply.ok ? [reply.mp3] : []);
  });
});
