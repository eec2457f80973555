import type { MessagePort } from 'node:worker_threads';
import type { ImportMapping } from '../../../shared/api/transfer';
import type { UploadEntry } from '../../../shared/api/jobs';
import { entriesOfMediaNames } from './anki-formats';
import { MAX_COLLECTION_BYTES, openCollection } from './anki-collection';
import { createBoundedZstd, unzstdBounded, ZstdError } from './bounded-zstd';
import { readCsvTable } from './csv-table';
import {
  entriesOfRows,
  ImportFileError,
  previewOfTable,
  type RejectedRow,
  type TablePreview,
  unreadable,
} from './import-table';

/**
 * The file-reading worker (docs/product/transfer.md#limits): every synchronous parser of a learner's file
 * runs here, off the event loop — CSV decoding and parsing, zstd, SQLite, a backup's JSON lines. The main
 * thread reads the ZIP and inflates its entries, and streams an entry's bytes in over the task's port
 * (`{chunk}`… `{end}`, one chunk per `ready` this side sends, so nothing piles up); it stops a task that
 * outlives its budget by ending this thread. A task answers a value or the failure its file is refused for,
 * never throws for a bad file.
 */

/**
 * How a table task reads its rows: the preview; the entries under a mapping (the suggested one if none); or
 * only how many entries and rejected rows that mapping makes, which starting an import checks without
 * handing 20,000 rows to the main thread.
 */
export type TableRequest = { mode: 'preview' } | { mode: 'entries' | 'count'; mapping: ImportMapping | null };
export type TableEntries = { entries: UploadEntry[]; rejected: RejectedRow[]; mapping: ImportMapping };
export type TableCount = { entryCount: number; rejectedCount: number; mapping: ImportMapping };
export type TableAnswer = TablePreview | TableEntries | TableCount;

export type FileReadingTask = { port: MessagePort } & (
  | { kind: 'csv'; hasHeaderRow: boolean | null; request: TableRequest }
  | { kind: 'anki-collection'; isZstd: boolean; request: TableRequest }
  | { kind: 'anki-media-entries'; isZstd: boolean; maxBytes: number; names: string[] }
  | { kind: 'unzstd'; bytes: Uint8Array; maxBytes: number }
  | { kind: 'json-lines'; lines: Uint8Array[] }
);

/** A line of a backup: its value, or null when it is no JSON. */
export type JsonLine = { value: unknown } | null;

/** A task's value, or the failure its file is refused for, with what the reader met, for the log. */
export type FileReadingAnswer<T> = { value: T } | { failure: ImportFileError['failure']; detail: string };

/** Main → worker. */
export type StreamMessage = { chunk: Uint8Array } | { end: true };
/** Worker → main. */
export type WorkerMessage = 'started' | 'ready';

/** The entry's bytes as the main thread streams them in, each handed to `onChunk` as it arrives. */
function receiveStream(port: MessagePort, onChunk: (chunk: Uint8Array) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    port.on('message', (message: StreamMessage) => {
      try {
        if ('end' in message) {
          port.removeAllListeners('message');
          resolve();
          return;
        }
        onChunk(message.chunk);
        port.postMessage('ready' satisfies WorkerMessage);
      } catch (error) {
        port.removeAllListeners('message');
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    port.postMessage('ready' satisfies WorkerMessage);
  });
}

/** The whole stream, within `maxBytes` (zstd decoded as it arrives when `isZstd`). */
async function receiveBytes(port: MessagePort, isZstd: boolean, maxBytes: number): Promise<Uint8Array> {
  const pieces: Uint8Array[] = [];
  let byteCount = 0;
  const zstd = isZstd ? createBoundedZstd(maxBytes) : undefined;
  await receiveStream(port, (chunk) => {
    if (zstd) {
      zstd.push(chunk);
      return;
    }
    byteCount += chunk.length;
    if (byteCount > maxBytes) throw new ZstdError(`more than ${maxBytes} bytes`, true);
    pieces.push(chunk);
  });
  return Buffer.concat(zstd ? zstd.finish() : pieces);
}

function answerOf(
  request: Exclude<TableRequest, { mode: 'preview' }>,
  mapping: ImportMapping,
  read: Pick<TableEntries, 'entries' | 'rejected'>,
): TableEntries | TableCount {
  if (request.mode === 'entries') return { ...read, mapping };
  return { entryCount: read.entries.length, rejectedCount: read.rejected.length, mapping };
}

async function readTable(task: Extract<FileReadingTask, { kind: 'csv' | 'anki-collection' }>) {
  const request = task.request;
  if (task.kind === 'csv') {
    // A CSV's limit was applied when it was stored; the stream carries what was kept.
    const bytes = await receiveBytes(task.port, false, Number.MAX_SAFE_INTEGER);
    const table = readCsvTable(bytes, task.hasHeaderRow ?? undefined);
    if (request.mode === 'preview') return previewOfTable(table.shape, table.firstRecords, table.rows.length);
    const mapping = request.mapping ?? previewOfTable(table.shape, table.firstRecords, 0).suggestedMapping;
    return answerOf(request, mapping, entriesOfRows(table.shape, mapping, table.rows));
  }
  const collection = await openCollection(await receiveBytes(task.port, task.isZstd, MAX_COLLECTION_BYTES));
  try {
    const { shape } = collection;
    if (request.mode === 'preview') {
      return previewOfTable(shape, collection.firstRecords(), collection.rowCount());
    }
    const mapping = request.mapping ?? previewOfTable(shape, collection.firstRecords(), 0).suggestedMapping;
    return answerOf(request, mapping, entriesOfRows(shape, mapping, collection.rows()));
  } finally {
    collection.close();
  }
}

async function run(task: FileReadingTask): Promise<unknown> {
  switch (task.kind) {
    case 'csv':
    case 'anki-collection':
      return readTable(task);
    case 'anki-media-entries': {
      const list = await receiveBytes(task.port, task.isZstd, task.maxBytes);
      return entriesOfMediaNames(list, task.isZstd, task.names);
    }
    case 'unzstd':
      return unzstdBounded(task.bytes, task.maxBytes);
    case 'json-lines':
      return task.lines.map((line): JsonLine => {
        try {
          return {
            value: JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.length).toString('utf8')),
          };
        } catch {
          return null;
        }
      });
    default: {
      const unknown: never = task;
      throw new Error(`unknown file-reading task ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The failure a file that does not read is refused for. sql.js and the decoders throw plain errors for what
 * they cannot read, so any error here is the file's; its message goes to the log.
 */
function failureOf(error: unknown): { failure: ImportFileError['failure']; detail: string } {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { failure: error instanceof ImportFileError ? error.failure : unreadable(detail).failure, detail };
}

export default async function readFile(task: FileReadingTask): Promise<FileReadingAnswer<unknown>> {
  task.port.postMessage('started' satisfies WorkerMessage);
  try {
    return { value: await run(task) };
  } catch (error) {
    return failureOf(error);
  } finally {
    task.port.close();
  }
}
