import { Worker } from 'node:worker_threads';
import { ProviderError } from '../provider-error';
import type { EspeakRenderRequest } from './espeak-engine';
import type { SynthesisJob, SynthesisReply } from './speech-synthesis.worker';

export interface SynthesisResult {
  mp3: Buffer;
  durationSeconds: number;
  renderMs: number;
  encodeMs: number;
}

export interface SpeechWorkerQueueOptions {
  /** A job still running after this long is taken as a hung engine: the worker is replaced. */
  jobTimeoutMs?: number;
  /** An idle worker is ended after this long (default 10 min) to give back the ~110 MB that it, eSpeak and its data hold. */
  idleShutdownMs?: number;
}

interface Pending {
  job: SynthesisJob;
  isBackground: boolean;
  resolve: (result: SynthesisResult) => void;
  reject: (error: Error) => void;
  settled: boolean;
  cleanup: () => void;
}

const WORKER_FILE = 'speech-synthesis.worker';

/**
 * Node 20 cannot load TypeScript by itself, and neither tsx's loader (the server) nor vitest's transform
 * (the tests) is reliably inherited by a worker thread. tsx's scoped `tsImport` compiles the entry inside
 * the worker and works the same under both; a compiled build would find a `.js` entry and skip it.
 */
function spawnWorker(): Worker {
  const ownUrl = import.meta.url;
  const extension = /\.[cm]?ts$/.test(ownUrl) ? 'ts' : 'js';
  const entry = new URL(`./${WORKER_FILE}.${extension}`, ownUrl);
  if (extension === 'js') return new Worker(entry);
  // The ESM build: tsx's CommonJS API build cannot find its own ESM hooks when imported this way.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(bootstrap, { eval: true });
}

const unavailable = (detail: string) => new ProviderError('provider_unavailable', 'builtin', detail);

/**
 * Runs synthesis jobs one at a time on a single worker thread. eSpeak is not re-entrant, and on the small
 * machines the app targets a second instance would only compete for the same cores. The worker is started
 * on the first job, referenced only while a job runs (an idle one never holds the process open), ended
 * after a long idle spell, and replaced if it crashes or hangs.
 */
export class SpeechWorkerQueue {
  private readonly jobTimeoutMs: number;
  private readonly idleShutdownMs: number;
  private worker: Worker | undefined;
  private readonly waiting: Pending[] = [];
  private active: Pending | undefined;
  private activeTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private nextId = 1;

  constructor(options: SpeechWorkerQueueOptions = {}) {
    this.jobTimeoutMs = options.jobTimeoutMs ?? 60_000;
    this.idleShutdownMs = options.idleShutdownMs ?? 10 * 60_000;
  }

  /** Jobs waiting or running: how busy this worker is, for a pool choosing one. */
  get load(): number {
    return this.waiting.length + (this.active ? 1 : 0);
  }

  /** What a clip someone waits for would wait for here: the running job and the other such clips. */
  get urgentLoad(): number {
    return this.waiting.filter((pending) => !pending.isBackground).length + (this.active ? 1 : 0);
  }

  /**
   * Queues one clip. A background clip (`isBackground`, a job's) waits behind everything; any other goes
   * ahead of every background clip still waiting, so a learner's tap is never stuck behind an upload.
   */
  run(request: EspeakRenderRequest, signal?: AbortSignal, isBackground = false): Promise<SynthesisResult> {
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<SynthesisResult>((resolve, reject) => {
      const onAbort = () => {
        // A job already inside eSpeak cannot be interrupted; its result is simply dropped.
        const index = this.waiting.indexOf(pending);
        if (index >= 0) this.waiting.splice(index, 1);
        settle(pending, () => reject(signal?.reason as Error));
      };
      const pending: Pending = {
        job: { id: this.nextId++, request },
        isBackground,
        resolve: (result) => settle(pending, () => resolve(result)),
        reject: (error) => settle(pending, () => reject(error)),
        settled: false,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const firstBackground = isBackground ? -1 : this.waiting.findIndex((waiting) => waiting.isBackground);
      if (firstBackground === -1) this.waiting.push(pending);
      else this.waiting.splice(firstBackground, 0, pending);
      this.pump();
    });
  }

  /** Ends the worker; queued and running jobs fail. For tests and shutdown. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.detachWorker();
    this.failActive(unavailable('speech worker closed'));
    for (const pending of this.waiting.splice(0)) pending.reject(unavailable('speech worker closed'));
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.active) return;
    const next = this.waiting.shift();
    if (!next) {
      this.scheduleIdleShutdown();
      return;
    }
    clearTimeout(this.idleTimer);
    this.active = next;
    const worker = this.ensureWorker();
    worker.ref();
    this.activeTimer = setTimeout(() => {
      const hung = this.worker;
      this.detachWorker();
      void hung?.terminate();
      this.failActive(unavailable(`speech synthesis took longer than ${this.jobTimeoutMs} ms`));
      this.pump();
    }, this.jobTimeoutMs);
    worker.postMessage(next.job);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker();
    worker.on('message', (reply: SynthesisReply) => {
      if (worker !== this.worker) return;
      this.onReply(reply);
    });
    const onFailure = (detail: string) => {
      if (worker !== this.worker) return;
      this.detachWorker();
      this.failActive(unavailable(detail));
      this.pump();
    };
    worker.on('error', (error) => onFailure(`speech worker failed: ${error.message}`));
    worker.on('exit', (code) => onFailure(`speech worker exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private onReply(reply: SynthesisReply): void {
    const active = this.active;
    if (active?.job.id !== reply.id) return;
    clearTimeout(this.activeTimer);
    this.active = undefined;
    if (reply.ok) {
      active.resolve({
        mp3: Buffer.from(reply.mp3),
        durationSeconds: reply.durationSeconds,
        renderMs: reply.renderMs,
        encodeMs: reply.encodeMs,
      });
    } else {
      active.reject(new ProviderError('provider_bad_output', 'builtin', reply.message));
    }
    if (this.waiting.length === 0) this.worker?.unref();
    this.pump();
  }

  private failActive(error: ProviderError): void {
    clearTimeout(this.activeTimer);
    const active = this.active;
    this.active = undefined;
    active?.reject(error);
  }

  private detachWorker(): void {
    clearTimeout(this.idleTimer);
    this.worker?.removeAllListeners();
    // Late events of a discarded worker must not be taken for a crash of its successor.
    this.worker?.on('error', () => undefined);
    this.worker?.unref();
    this.worker = undefined;
  }

  private scheduleIdleShutdown(): void {
    if (!this.worker) return;
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const idle = this.worker;
      this.detachWorker();
      void idle?.terminate();
    }, this.idleShutdownMs);
    this.idleTimer.unref();
  }
}

function settle(pending: Pending, action: () => void): void {
  if (pending.settled) return;
  pending.settled = true;
  pending.cleanup();
  action();
}
