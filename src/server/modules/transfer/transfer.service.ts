import { Readable } from 'node:stream';
import {
  EXPORT_LIFETIME_MS,
  type ExportRequest,
  type ImportFormat,
  type ImportMapping,
  type ImportOptions,
  type ImportPreview,
  importOptionsSchema,
  MAX_IMPORT_ARCHIVE_BYTES,
  MAX_IMPORT_CSV_BYTES,
} from '../../../shared/api/transfer';
import { MAX_DICTIONARY_WORDS } from '../../../shared/api/uploads';
import { AppError, notFound } from '../../http/app-error';
import {
  type ExportWordsInput,
  JOB_KINDS,
  type NoInput,
  type RestoreBackupInput,
  type UploadEntry,
  type UploadJobInput,
} from '../../../shared/api/jobs';
import { JobFailure } from '../../http/job-failure';
import type { JobStarter } from '../../lib/job-starter';
import { PackageError } from './anki-formats';
import { openPackageMedia, readPackageTable } from './anki-package.reader';
import {
  type BackupArchive,
  BACKUP_MANIFEST,
  BACKUP_VERSION,
  type BackupLine,
  backupManifestSchema,
  MAX_BACKUP_LINE_BYTES,
  summaryOfManifest,
} from './backup-tables';
import { boundedLines } from './bounded-lines';
import { createChunkSink, MAX_CHUNK_BYTES } from './chunk-sink';
import type { FileReaders } from './file-readers';
import type { TableAnswer, TableRequest } from './file-reading.worker';
import { ImportFileError, type RejectedRow, type TablePreview } from './import-table';
import { type ImportMediaSource, MAX_IMPORTED_MEDIA_BYTES } from './imported-words.step';
import type { TransferRepository } from './transfer.repository';
import { dictionaryFull } from '../words/dictionary-room';
import { ArchiveError, type ChunkedBytes, openZipArchive, type ZipArchive } from './zip-archive';

/** A file as the request carries it: its name and its bytes, arriving. */
export interface IncomingFile {
  fileName: string;
  stream: AsyncIterable<Buffer>;
}

const FORMAT_OF_EXTENSION: ReadonlyArray<readonly [RegExp, ImportFormat]> = [
  [/\.(csv|tsv|txt)$/i, 'csv'],
  [/\.(apkg|colpkg)$/i, 'apkg'],
  [/\.zip$/i, 'backup'],
];
const LIMIT_OF_FORMAT: Readonly<Record<ImportFormat, number>> = {
  csv: MAX_IMPORT_CSV_BYTES,
  apkg: MAX_IMPORT_ARCHIVE_BYTES,
  backup: MAX_IMPORT_ARCHIVE_BYTES,
};
const CONTENT_TYPE_OF_FORMAT: Readonly<Record<ImportFormat, string>> = {
  csv: 'text/csv',
  apkg: 'application/zip',
  backup: 'application/zip',
};
/** A manifest is a few KB per thousand media files. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
/** A backup's lines parsed in one task of the worker: a page of rows, and no more bytes than this. */
const LINES_PER_TASK = 500;
const BYTES_PER_TASK = 8 * 1024 * 1024;

/**
 * How long a file kept for an import waits for it (docs/product/transfer.md#limits): an hour after its
 * preview. Its import's job keeps it a day at most, and deletes it when it is done with it.
 */
export const IMPORT_FILE_LIFETIME_MS = 60 * 60 * 1000;
/**
 * What one learner's stored import and export files may take together: the largest backup a restore takes
 * plus one more import.
 */
export const TRANSFER_QUOTA_BYTES = 2 * MAX_IMPORT_ARCHIVE_BYTES;

const MB = 1024 * 1024;
const tooLarge = (format: ImportFormat) =>
  new AppError('import_too_large', 413, { maxMb: LIMIT_OF_FORMAT[format] / MB });
const overQuota = (quotaBytes: number) =>
  new AppError('transfer_quota_exceeded', 413, { maxMb: Math.floor(quotaBytes / MB) });
const unreadable = () => new AppError('import_unreadable', 400);

/** A file the readers refused, as the answer to the request; what else goes wrong is rethrown. */
function refusal(error: unknown): never {
  if (error instanceof ImportFileError) throw new AppError(error.failure.code, 400, error.failure.params);
  if (error instanceof PackageError || error instanceof ArchiveError) throw unreadable();
  throw error;
}

/**
 * Exports (docs/product/transfer.md#exports): started as a job, downloaded by the learner who made them
 * while they last, read from the database one chunk at a time. Imports (docs/product/transfer.md#imports):
 * the file is stored the same way, read as rows in the file-reading worker, and handed to the upload job
 * as entries; a file refused is deleted at once.
 */
export function createTransferService(deps: {
  transfer: TransferRepository;
  jobStarter: Pick<JobStarter, 'start'>;
  readers: FileReaders;
  /** The learner's words, against the dictionary cap (docs/product/upload.md#dictionary-cap). */
  countWords(userId: string): Promise<number>;
  /** What one learner's stored files may take together; `TRANSFER_QUOTA_BYTES` unless a test says less. */
  quotaBytes?: number | undefined;
  now?: () => Date;
}) {
  const quotaBytes = deps.quotaBytes ?? TRANSFER_QUOTA_BYTES;
  const now = deps.now ?? (() => new Date());
  const { transfer, readers } = deps;

  const chunksOf = (fileId: string, byteSize: number): ChunkedBytes => ({
    byteSize,
    chunkBytes: MAX_CHUNK_BYTES,
    readChunk: (index) => transfer.readChunk(fileId, index),
  });

  /** A stored file's bytes, a chunk at a time. */
  async function* storedBytes(fileId: string) {
    for (let index = 0; ; index += 1) {
      const chunk = await transfer.readChunk(fileId, index);
      if (!chunk) return;
      yield chunk;
    }
  }

  /**
   * Streams the learner's file into the database in 1 MB chunks, refusing it (and keeping nothing) once it
   * passes its format's limit or the learner's quota.
   */
  async function storeImport(userId: string, file: IncomingFile) {
    const format = FORMAT_OF_EXTENSION.find(([pattern]) => pattern.test(file.fileName))?.[1];
    if (!format) throw new AppError('import_unknown_format', 400);
    const quotaLeft = quotaBytes - (await transfer.storedBytes(userId));
    if (quotaLeft <= 0) throw overQuota(quotaBytes);
    const fileId = await transfer.createFile({
      userId,
      kind: 'import',
      format,
      fileName: file.fileName.slice(0, 200),
      contentType: CONTENT_TYPE_OF_FORMAT[format],
      expiresAt: new Date(now().getTime() + IMPORT_FILE_LIFETIME_MS),
    });
    try {
      const sink = createChunkSink(MAX_CHUNK_BYTES, (index, chunk) =>
        transfer.writeChunks(fileId, index, [chunk]),
      );
      for await (const part of file.stream) {
        const byteCount = sink.byteCount + part.length;
        if (byteCount > LIMIT_OF_FORMAT[format]) throw tooLarge(format);
        if (byteCount > quotaLeft) throw overQuota(quotaBytes);
        await sink.push(part);
      }
      await sink.end();
      const byteSize = await transfer.completeFile(fileId);
      return { fileId, format, fileName: file.fileName, byteSize };
    } catch (error) {
      await transfer.deleteFile(fileId);
      throw error;
    }
  }

  async function findImport(userId: string, fileId: string) {
    const file = await transfer.findComplete(userId, fileId, 'import', now());
    if (!file || file.byteSize === null) throw notFound();
    return { fileId, format: file.format, fileName: file.fileName, byteSize: file.byteSize };
  }

  async function openArchive(fileId: string, byteSize: number): Promise<ZipArchive> {
    return openZipArchive(chunksOf(fileId, byteSize));
  }

  /** A stored CSV or package read as a preview or as entries, in the worker. */
  async function readTable(
    file: { fileId: string; format: ImportFormat; byteSize: number },
    hasHeaderRow: boolean | null,
    request: TableRequest,
  ): Promise<TableAnswer> {
    if (file.format === 'csv') return readers.readCsv(storedBytes(file.fileId), hasHeaderRow, request);
    const archive = await openArchive(file.fileId, file.byteSize);
    try {
      return await readPackageTable(archive, readers, request);
    } finally {
      archive.close();
    }
  }

  /** A backup's lines as JSON values, parsed in the worker a page at a time; a line over the limit is skipped. */
  async function* backupLines(lines: AsyncIterable<Buffer>): AsyncGenerator<BackupLine> {
    let batch: Buffer[] = [];
    let batchBytes = 0;
    async function* parsed(): AsyncGenerator<BackupLine> {
      if (batch.length === 0) return;
      const values = await readers.parseJsonLines(batch);
      batch = [];
      batchBytes = 0;
      for (const line of values) yield line ?? { isUnreadable: true };
    }
    for await (const line of boundedLines(lines, MAX_BACKUP_LINE_BYTES)) {
      if ('isTooLong' in line) {
        yield* parsed();
        yield line;
        continue;
      }
      if (line.bytes.toString('latin1').trim() === '') continue;
      batch.push(line.bytes);
      batchBytes += line.bytes.length;
      if (batch.length >= LINES_PER_TASK || batchBytes >= BYTES_PER_TASK) yield* parsed();
    }
    yield* parsed();
  }

  /** A backup's archive and manifest; a file that is not one of ours, or of a later layout, is unreadable. */
  async function openBackup(fileId: string, byteSize: number): Promise<BackupArchive> {
    const archive = await openArchive(fileId, byteSize);
    try {
      const bytes = await archive.read(BACKUP_MANIFEST, MAX_MANIFEST_BYTES);
      const [line] = bytes ? await readers.parseJsonLines([bytes]) : [];
      const manifest = backupManifestSchema.safeParse(line?.value);
      if (!manifest.success || manifest.data.version > BACKUP_VERSION) throw unreadable();
      return {
        manifest: manifest.data,
        async *rows(entry) {
          // A table that stops reading (a broken header, bytes that do not inflate, lines past the worker's
          // budget) is an error of that table: the rows read before it are kept, and the restore goes on.
          try {
            const stream = await archive.stream(entry, MAX_IMPORT_ARCHIVE_BYTES);
            if (stream) yield* backupLines(stream);
          } catch (error) {
            if (!(error instanceof ArchiveError || error instanceof ImportFileError)) throw error;
            yield { isUnreadable: true };
          }
        },
        readMedia: (name) => archive.read(`media/${name}`, MAX_IMPORTED_MEDIA_BYTES),
        close: () => archive.close(),
      };
    } catch (error) {
      archive.close();
      throw error;
    }
  }

  /** The file is done with: its import refused, or its job over. */
  const discard = (fileId: string) => transfer.deleteFile(fileId);

  /** Reads the file, and deletes it if it is refused (docs/product/transfer.md#limits). */
  async function readOrDiscard<T>(fileId: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      await discard(fileId);
      return refusal(error);
    }
  }

  /** The import's file is kept while its job reads it, a day at most. */
  const keepForJob = (userId: string, fileId: string) =>
    transfer.keepUntil(userId, fileId, new Date(now().getTime() + EXPORT_LIFETIME_MS));

  return {
    async startExport(userId: string, request: ExportRequest): Promise<{ jobId: string }> {
      if ((await transfer.storedBytes(userId)) >= quotaBytes) throw overQuota(quotaBytes);
      if (request.format === 'backup') {
        const input: NoInput = {};
        return { jobId: await deps.jobStarter.start(userId, JOB_KINDS.exportBackup, input, 0) };
      }
      const input: ExportWordsInput = { format: request.format, wordIds: request.wordIds ?? null };
      const jobId = await deps.jobStarter.start(userId, JOB_KINDS.exportWords, input, 0);
      return { jobId };
    },

    /** The file's name, type and size, and its bytes as a stream; another learner's or an expired one is 404. */
    async openDownload(userId: string, fileId: string) {
      const file = await transfer.findComplete(userId, fileId, 'export', now());
      if (!file) throw notFound();
      return { file, stream: Readable.from(storedBytes(fileId)) };
    },

    /** Keeps the learner's file for an import (in the same request, or after a preview). */
    storeImport,

    /** Keeps the file for the import that follows and shows its first rows and the mapping they suggest. */
    async previewImport(userId: string, incoming: IncomingFile): Promise<ImportPreview> {
      const file = await storeImport(userId, incoming);
      const common = { fileId: file.fileId, fileName: file.fileName, format: file.format };
      if (file.format === 'backup') {
        const backup = await readOrDiscard(file.fileId, () => openBackup(file.fileId, file.byteSize));
        backup.close();
        return {
          ...common,
          columns: [],
          rows: [],
          rowCount: backup.manifest.rows.words ?? 0,
          hasHeaderRow: false,
          suggestedMapping: { spanish: 0 },
          backup: summaryOfManifest(backup.manifest),
        };
      }
      const preview = (await readOrDiscard(file.fileId, () =>
        readTable(file, null, { mode: 'preview' }),
      )) as TablePreview;
      return { ...common, ...preview, backup: null };
    },

    /**
     * Checks the file's rows under the learner's mapping and starts the upload job on them: the same
     * duplicate rules, progress and report as an upload (docs/product/transfer.md#imports). The job reads
     * the rows (and a package's media) from the file it keeps, and deletes it once done.
     */
    async startImport(
      userId: string,
      request: { fileId: string; mapping?: ImportMapping | undefined; options?: ImportOptions | undefined },
    ): Promise<{ jobId: string }> {
      const options = importOptionsSchema.parse(request.options ?? {});
      const file = await findImport(userId, request.fileId);
      if (file.format === 'backup') {
        // A restore into a full dictionary adds no word; one into a nearly full one adds up to the cap.
        if ((await deps.countWords(userId)) >= MAX_DICTIONARY_WORDS) throw dictionaryFull();
        // Checked now, so a file that is no backup is refused before any job starts.
        (await readOrDiscard(file.fileId, () => openBackup(file.fileId, file.byteSize))).close();
        await keepForJob(userId, file.fileId);
        const input: RestoreBackupInput = { fileId: file.fileId };
        return { jobId: await deps.jobStarter.start(userId, JOB_KINDS.restoreBackup, input, 0) };
      }
      // Counted now so a mapping the file does not fit, or a file of no words, is answered before any job
      // starts; the job reads the rows from the file it keeps (docs/product/transfer.md#imports).
      const hasHeaderRow = file.format === 'csv' ? options.hasHeaderRow : null;
      const answer = await readOrDiscard(file.fileId, () =>
        readTable(file, hasHeaderRow, { mode: 'count', mapping: request.mapping ?? null }),
      );
      if (!('entryCount' in answer) || answer.entryCount === 0) {
        await discard(file.fileId);
        throw new AppError('import_no_words', 400);
      }
      const { entryCount, rejectedCount, mapping } = answer;
      if ((await deps.countWords(userId)) + entryCount > MAX_DICTIONARY_WORDS) {
        await discard(file.fileId);
        throw dictionaryFull();
      }
      const input: UploadJobInput = {
        entries: [],
        rejected: [],
        enhanceWithAI: options.enrichMissing,
        generateImages: options.generateImages,
        imageStyle: null,
        import: {
          fileId: file.fileId,
          overwriteExisting: options.overwriteExisting,
          rows: { mapping, hasHeaderRow },
        },
      };
      await keepForJob(userId, file.fileId);
      const jobId = await deps.jobStarter.start(
        userId,
        JOB_KINDS.uploadWords,
        input,
        entryCount + rejectedCount,
      );
      return { jobId };
    },

    /**
     * An import's rows read again by its job from the file it keeps, with the learner's mapping; a file gone
     * by now (a day after its import started) fails the job.
     */
    async readImportEntries(
      userId: string,
      fileId: string,
      rows: { mapping: ImportMapping; hasHeaderRow: boolean | null },
    ): Promise<{ entries: UploadEntry[]; rejected: RejectedRow[] }> {
      const file = await transfer.findComplete(userId, fileId, 'import', new Date(0));
      if (!file?.byteSize) throw new JobFailure({ code: 'import_unreadable' });
      try {
        const answer = await readTable(
          { fileId, format: file.format, byteSize: file.byteSize },
          rows.hasHeaderRow,
          { mode: 'entries', mapping: rows.mapping },
        );
        if (!('entries' in answer)) throw new JobFailure({ code: 'import_unreadable' });
        return { entries: answer.entries, rejected: answer.rejected };
      } catch (error) {
        if (error instanceof ImportFileError) throw new JobFailure(error.failure);
        if (error instanceof PackageError || error instanceof ArchiveError) {
          throw new JobFailure({ code: 'import_unreadable' });
        }
        throw error;
      }
    },

    /**
     * The stored package's media the import's rows name, for the upload job. A package gone meanwhile
     * (expired, or unreadable now) has none: its rows report their files missing.
     */
    async openImportMedia(userId: string, fileId: string, names: string[]): Promise<ImportMediaSource> {
      const none: ImportMediaSource = { read: () => Promise.resolve(undefined), close: () => undefined };
      const file = await transfer.findComplete(userId, fileId, 'import', new Date(0));
      if (!file?.byteSize) return none;
      let archive: ZipArchive | undefined;
      try {
        archive = await openArchive(fileId, file.byteSize);
        return await openPackageMedia(archive, readers, names);
      } catch (error) {
        archive?.close();
        if (
          error instanceof ImportFileError ||
          error instanceof PackageError ||
          error instanceof ArchiveError
        ) {
          return none;
        }
        throw error;
      }
    },

    /** The stored backup, for the restore job; gone or unreadable by now, the job fails with that code. */
    async openBackup(userId: string, fileId: string): Promise<BackupArchive> {
      const file = await transfer.findComplete(userId, fileId, 'import', new Date(0));
      if (!file?.byteSize) throw new JobFailure({ code: 'import_unreadable' });
      try {
        return await openBackup(fileId, file.byteSize);
      } catch (error) {
        if (error instanceof AppError) throw new JobFailure({ code: error.code });
        if (error instanceof ImportFileError) throw new JobFailure(error.failure);
        if (error instanceof ArchiveError) throw new JobFailure({ code: 'import_unreadable' });
        throw error;
      }
    },

    /** Deletes an import's file once its job is done with it; another learner's is left alone. */
    async discardImport(userId: string, fileId: string): Promise<void> {
      if (await transfer.findComplete(userId, fileId, 'import', new Date(0))) await discard(fileId);
    },

    purgeExpired: () => transfer.deleteExpired(now()),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
