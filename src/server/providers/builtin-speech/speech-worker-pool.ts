import { availableParallelism } from 'node:os';
import type { EspeakRenderRequest } from './espeak-engine';
import {
  type SpeechWorkerQueueOptions,
  type SynthesisResult,
  SpeechWorkerQueue,
} from './speech-worker-queue';

/** What the built-in voice needs of a synthesis queue: one worker, or a pool of them. */
export interface SpeechQueue {
  run(request: EspeakRenderRequest, signal?: AbortSignal, isBackground?: boolean): Promise<SynthesisResult>;
  close(): Promise<void>;
}

/**
 * Synthesis queues (a worker thread each, docs/product/upload.md#built-in-clips-on-demand): eSpeak is not
 * re-entrant, so a second clip at the same time needs a second worker, and more workers than cores would
 * only compete for them. A busy worker holds about 110 MB (the WebAssembly engine, its 24 MB of voice data
 * read twice, the thread), and the embedded default promises under 500 MB while it makes an upload's clips
 * (docs/product/decisions.md#embedded-database); the rest of a busy server measured about 300 MB, which
 * leaves room for one: the memory budget, not the cores, sets the size. Clips a learner waits for pass the
 * background ones in its queue, so one worker still answers a tap at once. Each worker starts on its first
 * job and ends after an idle spell, so an idle server holds none.
 */
export const WORKER_MEMORY_MB = 110;
export const SPEECH_MEMORY_BUDGET_MB = 200;
const MAX_WORKERS = 4;

const defaultSpeechWorkers = () =>
  Math.max(
    1,
    Math.min(availableParallelism(), MAX_WORKERS, Math.floor(SPEECH_MEMORY_BUDGET_MB / WORKER_MEMORY_MB)),
  );

export class SpeechWorkerPool implements SpeechQueue {
  private readonly queues: SpeechWorkerQueue[];

  constructor(size: number = defaultSpeechWorkers(), options: SpeechWorkerQueueOptions = {}) {
    this.queues = Array.from({ length: Math.max(1, Math.floor(size)) }, () => new SpeechWorkerQueue(options));
  }

  get size(): number {
    return this.queues.length;
  }

  /** Each worker's jobs, waiting or running. */
  get loads(): number[] {
    return this.queues.map((queue) => queue.load);
  }

  run(request: EspeakRenderRequest, signal?: AbortSignal, isBackground = false): Promise<SynthesisResult> {
    const [first, ...others] = this.queues;
    if (!first) throw new Error('empty speech worker pool');
    // A clip someone waits for goes where the fewest such clips wait: background work queued there
    // already will let it pass.
    const loadOf = (queue: SpeechWorkerQueue) => (isBackground ? queue.load : queue.urgentLoad);
    const leastBusy = others.reduce((best, queue) => (loadOf(queue) < loadOf(best) ? queue : best), first);
    return leastBusy.run(request, signal, isBackground);
  }

  async close(): Promise<void> {
    await Promise.all(this.queues.map((queue) => queue.close()));
  }
}
