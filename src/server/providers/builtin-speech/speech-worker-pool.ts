import { availableParallelism } from 'node:os';
import type { EspeakRenderRequest } from './espeak-engine';
import {
  type SpeechWorkerQueueOptions,
  type SynthesisResult,
  SpeechWorkerQueue,
} from './speech-worker-queue';

/** What the built-in voice needs of a synthesis queue: one worker, or a pool of them. */
export interface SpeechQueue {
  run(request: EspeakRenderRequest, signal?: AbortSignal): Promise<SynthesisResult>;
  close(): Promise<void>;
}

/**
 * One synthesis queue (a worker thread) per core (docs/product/upload.md#built-in-clips-on-demand): eSpeak
 * is not re-entrant, so a second clip at the same time needs a second worker, and more workers than
 * cores would only compete for them. Each job goes to the least busy worker; each worker still starts
 * on its first job and ends after a long idle spell, so an idle server holds none. A busy worker holds
 * about 190 MB, so a many-core host stops at MAX_WORKERS rather than fill its memory with engines.
 */
const MAX_WORKERS = 4;

export class SpeechWorkerPool implements SpeechQueue {
  private readonly queues: SpeechWorkerQueue[];

  constructor(
    size: number = Math.min(availableParallelism(), MAX_WORKERS),
    options: SpeechWorkerQueueOptions = {},
  ) {
    this.queues = Array.from({ length: Math.max(1, Math.floor(size)) }, () => new SpeechWorkerQueue(options));
  }

  get size(): number {
    return this.queues.length;
  }

  /** Each worker's jobs, waiting or running. */
  get loads(): number[] {
    return this.queues.map((queue) => queue.load);
  }

  run(request: EspeakRenderRequest, signal?: AbortSignal): Promise<SynthesisResult> {
    const [first, ...others] = this.queues;
    if (!first) throw new Error('empty speech worker pool');
    const leastBusy = others.reduce((best, queue) => (queue.load < best.load ? queue : best), first);
    return leastBusy.run(request, signal);
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
