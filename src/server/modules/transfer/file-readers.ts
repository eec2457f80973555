import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { workerEntry } from '../../lib/worker-entry';
import type {
  FileReadingAnswer,
  FileReadingTask,
  JsonLine,
  StreamMessage,
  TableAnswer,
  TableRequest,
  WorkerMessage,
} from './file-reading.worker';
import { ImportFileError } from './import-table';

/**
 * The main thread's side of the file-reading worker (docs/product/transfer.md#limits): a small pool of
 * threads started when a file is read and ended after a quiet spell. Each task has a wall-clock budget from
 * the moment a thread takes it (time queued behind another learner's file does not count): a task past it
 * has its thread ended, and the file is refused with `import_too_complex`. Memory is bounded by the byte
 * caps the readers apply while bytes are made; the thread's heap limit is only a backstop, as it does not
 * cover ArrayBuffers or WebAssembly memory.
 */

/** How long a thread may spend on one task: many times what the largest allowed file takes. */
export const FILE_READING_BUDGET_MS = 30_000;
/** Threads at once: two learners' files side by side, and no more of the server's memory. */
const FILE_READING_THREADS = 2;
/**
 * A thread with nothing to do is ended after this long, giving back its heap (what a 20 MB file's reading
 * left there was 100 MB more at the peak of the import that followed) and sql.js's memory. Starting one
 * again is done off the event loop (bench:import's preview times did not change).
 */
const IDLE_THREAD_MS = 1_000;
/** The heap backstop of a thread. */
const THREAD_HEAP_MB = 512;

export interface FileReadersOptions {
  budgetMs?: number;
  threads?: number;
}

const tooComplex = () => new ImportFileError({ code: 'import_too_complex' });

/** A chunk copied into a buffer of its own, so handing it to the thread cannot detach a shared one. */
const ownedCopy = (bytes: Uint8Array) => new Uint8Array(bytes);

/**
 * Feeds the stream to the thread one chunk per `ready`: the thread's pace, never a pile of chunks. `stop`
 * lets go of the source when the task ends early (its file refused, or past its budget).
 */
function feedStream(port: MessagePort, source: AsyncIterable<Uint8Array>) {
  const iterator = source[Symbol.asyncIterator]();
  let isDone = false;
  const stop = () => {
    if (isDone) return;
    isDone = true;
    void iterator.return?.().catch(() => undefined);
  };
  const onMessage = (message: WorkerMessage) => {
    if (message !== 'ready' || isDone) return;
    iterator.next().then(
      ({ value, done }) => {
        if (done) {
          isDone = true;
          port.postMessage({ end: true } satisfies StreamMessage);
          return;
        }
        const chunk = ownedCopy(value);
        port.postMessage({ chunk } satisfies StreamMessage, [chunk.buffer]);
      },
      () => {
        // The source failed (a chunk missing, an entry that does not inflate): the thread is told the
        // stream ended, and what it holds does not read.
        isDone = true;
        port.postMessage({ end: true } satisfies StreamMessage);
      },
    );
  };
  return { onMessage, stop };
}

export function createFileReaders(options: FileReadersOptions = {}) {
  const budgetMs = options.budgetMs ?? FILE_READING_BUDGET_MS;
  const entry = workerEntry('file-reading.worker', import.meta.url);
  const pool = new Piscina({
    filename: entry.filename,
    execArgv: entry.execArgv,
    minThreads: 0,
    maxThreads: options.threads ?? FILE_READING_THREADS,
    idleTimeout: IDLE_THREAD_MS,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });

  type TaskInput = FileReadingTask extends infer Task
    ? Task extends unknown
      ? Omit<Task, 'port'>
      : never
    : never;

  /** Runs a task under its budget; a refused file throws `ImportFileError` with its code. */
  async function run<T>(
    task: TaskInput,
    extras: { source?: AsyncIterable<Uint8Array>; transfer?: ArrayBuffer[] } = {},
  ): Promise<T> {
    const { port1: port, port2: workerPort } = new MessageChannel();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const feed = extras.source ? feedStream(port, extras.source) : undefined;
    port.on('message', (message: WorkerMessage) => {
      if (message === 'started') timer = setTimeout(() => abort.abort(), budgetMs);
      else feed?.onMessage(message);
    });
    try {
      const answer = (await pool.run(
        { ...task, port: workerPort },
        { transferList: [workerPort, ...(extras.transfer ?? [])], signal: abort.signal },
      )) as FileReadingAnswer<T>;
      if ('failure' in answer) throw new ImportFileError(answer.failure, answer.detail);
      return answer.value;
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      // Past its budget (the thread was ended), or out of the heap the thread may use: too complex to read.
      if (abort.signal.aborted || isOutOfMemory(error)) throw tooComplex();
      throw error;
    } finally {
      clearTimeout(timer);
      feed?.stop();
      port.close();
    }
  }

  return {
    /** A stored CSV's bytes → its preview, or its entries under the mapping. */
    readCsv: (source: AsyncIterable<Uint8Array>, hasHeaderRow: boolean | null, request: TableRequest) =>
      run<TableAnswer>({ kind: 'csv', hasHeaderRow, request }, { source }),

    /** A package's collection as its entry inflates (zstd-compressed in the current layout). */
    readAnkiCollection: (source: AsyncIterable<Uint8Array>, isZstd: boolean, request: TableRequest) =>
      run<TableAnswer>({ kind: 'anki-collection', isZstd, request }, { source }),

    /** The zip entries of these media names, from the package's media list. */
    mediaEntries: (source: AsyncIterable<Uint8Array>, isZstd: boolean, maxBytes: number, names: string[]) =>
      run<Map<string, string>>({ kind: 'anki-media-entries', isZstd, maxBytes, names }, { source }),

    /** One zstd-compressed file, decoded within `maxBytes`. */
    async unzstd(bytes: Uint8Array, maxBytes: number): Promise<Buffer> {
      const owned = ownedCopy(bytes);
      const decoded = await run<Uint8Array>(
        { kind: 'unzstd', bytes: owned, maxBytes },
        { transfer: [owned.buffer] },
      );
      return Buffer.from(decoded.buffer, decoded.byteOffset, decoded.length);
    },

    /** A backup's lines as JSON values (null for a line that is no JSON). */
    async parseJsonLines(lines: readonly Uint8Array[]): Promise<JsonLine[]> {
      const owned = lines.map(ownedCopy);
      return run<JsonLine[]>(
        { kind: 'json-lines', lines: owned },
        { transfer: owned.map((line) => line.buffer) },
      );
    },

    close: () => pool.destroy(),
  };
}
export type FileReaders = ReturnType<typeof createFileReaders>;

const isOutOfMemory = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
