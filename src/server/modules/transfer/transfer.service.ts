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
import { AppError, notFound } from '../../http/app-error';
import {
  backupManifestSchema,
  EXPORT_BACKUP_JOB,
  type ExportBackupInput,
  summaryOfManifest,
} from '../../jobs/export-backup.job';
import { EXPORT_WORDS_JOB, type ExportWordsInput, MAX_CHUNK_BYTES } from '../../jobs/export-words.job';
import { JobFailure } from '../../jobs/job-failure';
import {
  type BackupArchive,
  RESTORE_BACKUP_JOB,
  type RestoreBackupInput,
} from '../../jobs/restore-backup.job';
import { BACKUP_MANIFEST, BACKUP_VERSION } from './backup-tables';
import type { JobRuntime } from '../../jobs/job-runtime';
import { UPLOAD_WORDS_JOB, type UploadJobInput } from '../../jobs/upload-words.job';
import { type AnkiPackage, PackageError, readAnkiPackage } from './anki-package.reader';
import { checkMapping, entriesOfTable, type ImportTable, readCsvTable } from './import-table';
import { type ImportMediaSource, MAX_IMPORTED_MEDIA_BYTES } from './imported-media.step';
import { createChunkSink } from './chunk-sink';
import type { TransferRepository } from './transfer.repository';
import { ArchiveError, type ChunkedBytes, openZipArchive } from './zip-archive';

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

const tooLarge = (format: ImportFormat) =>
  new AppError('import_too_large', 413, { maxMb: LIMIT_OF_FORMAT[format] / (1024 * 1024) });
const unreadable = () => new AppError('import_unreadable', 400);

/**
 * Exports (docs/product/transfer.md#exports): started as a job, downloaded by the learner who made them
 * while they last, read from the database one chunk at a time. Imports (docs/product/transfer.md#imports):
 * the file is stored the same way, read as rows, mapped to words and handed to the upload job.
 */
export function createTransferService(deps: {
  transfer: TransferRepository;
  jobRuntime: Pick<JobRuntime, 'start'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { transfer } = deps;

  const chunksOf = (fileId: string, byteSize: number): ChunkedBytes => ({
    byteSize,
    chunkBytes: MAX_CHUNK_BYTES,
    readChunk: (index) => transfer.readChunk(fileId, index),
  });

  /**
   * Streams the learner's file into the database in 1 MB chunks, refusing it (and keeping nothing) once it
   * passes its format's limit.
   */
  async function storeImport(userId: string, file: IncomingFile) {
    const format = FORMAT_OF_EXTENSION.find(([pattern]) => pattern.test(file.fileName))?.[1];
    if (!format) throw new AppError('import_unknown_format', 400);
    const fileId = await transfer.createFile({
      userId,
      kind: 'import',
      format,
      fileName: file.fileName.slice(0, 200),
      contentType: CONTENT_TYPE_OF_FORMAT[format],
      expiresAt: new Date(now().getTime() + EXPORT_LIFETIME_MS),
    });
    try {
      const sink = createChunkSink(MAX_CHUNK_BYTES, (index, chunk) =>
        transfer.writeChunks(fileId, index, [chunk]),
      );
      for await (const part of file.stream) {
        if (sink.byteCount + part.length > LIMIT_OF_FORMAT[format]) throw tooLarge(format);
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

  /** The package's collection and media; a file that does not read as one is the learner's to mend. */
  async function openPackage(fileId: string, byteSize: number): Promise<AnkiPackage> {
    try {
      const archive = await openZipArchive(chunksOf(fileId, byteSize));
      try {
        return await readAnkiPackage(archive);
      } catch (error) {
        archive.close();
        throw error;
      }
    } catch (error) {
      if (error instanceof PackageError || error instanceof ArchiveError) throw unreadable();
      throw error;
    }
  }

  /** A backup's archive and manifest; a file that is not one of ours, or of a later layout, is unreadable. */
  async function openBackup(fileId: string, byteSize: number): Promise<BackupArchive> {
    let archive;
    try {
      archive = await openZipArchive(chunksOf(fileId, byteSize));
    } catch (error) {
      if (error instanceof ArchiveError) throw unreadable();
      throw error;
    }
    try {
      const bytes = await archive.read(BACKUP_MANIFEST, MAX_MANIFEST_BYTES);
      const manifest = backupManifestSchema.safeParse(bytes ? JSON.parse(bytes.toString('utf8')) : null);
      if (!manifest.success || manifest.data.version > BACKUP_VERSION) throw unreadable();
      const opened = archive;
      return {
        manifest: manifest.data,
        lines: (entry) => opened.lines(entry),
        readMedia: (name) => opened.read(`media/${name}`, MAX_IMPORTED_MEDIA_BYTES),
        close: () => opened.close(),
      };
    } catch (error) {
      archive.close();
      if (error instanceof ArchiveError || error instanceof SyntaxError) throw unreadable();
      throw error;
    }
  }

  async function readTable(
    file: { fileId: string; format: ImportFormat; byteSize: number },
    hasHeaderRow?: boolean,
  ): Promise<ImportTable> {
    if (file.format === 'apkg') {
      const ankiPackage = await openPackage(file.fileId, file.byteSize);
      ankiPackage.media.close();
      return ankiPackage.table;
    }
    const parts: Buffer[] = [];
    for (let index = 0; index * MAX_CHUNK_BYTES < file.byteSize; index += 1) {
      const chunk = await transfer.readChunk(file.fileId, index);
      if (chunk) parts.push(chunk);
    }
    return readCsvTable(Buffer.concat(parts), hasHeaderRow);
  }

  return {
    async startExport(userId: string, request: ExportRequest): Promise<{ jobId: string }> {
      if (request.format === 'backup') {
        const input: ExportBackupInput = {};
        return { jobId: await deps.jobRuntime.start(userId, EXPORT_BACKUP_JOB, input, 0) };
      }
      const input: ExportWordsInput = { format: request.format, wordIds: request.wordIds ?? null };
      const jobId = await deps.jobRuntime.start(userId, EXPORT_WORDS_JOB, input, 0);
      return { jobId };
    },

    /** The file's name, type and size, and its bytes as a stream; another learner's or an expired one is 404. */
    async openDownload(userId: string, fileId: string) {
      const file = await transfer.findComplete(userId, fileId, 'export', now());
      if (!file) throw notFound();
      async function* chunks() {
        for (let index = 0; ; index += 1) {
          const chunk = await transfer.readChunk(fileId, index);
          if (!chunk) return;
          yield chunk;
        }
      }
      return { file, stream: Readable.from(chunks()) };
    },

    /** Keeps the learner's file for an import (in the same request, or after a preview). */
    storeImport,

    /** Keeps the file for the import that follows and shows its first rows and the mapping they suggest. */
    async previewImport(userId: string, incoming: IncomingFile): Promise<ImportPreview> {
      const file = await storeImport(userId, incoming);
      if (file.format === 'backup') {
        const backup = await openBackup(file.fileId, file.byteSize);
        backup.close();
        return {
          fileId: file.fileId,
          fileName: file.fileName,
          format: file.format,
          columns: [],
          rows: [],
          rowCount: backup.manifest.rows.words ?? 0,
          hasHeaderRow: false,
          suggestedMapping: { spanish: 0 },
          backup: summaryOfManifest(backup.manifest),
        };
      }
      const table = await readTable(file);
      return {
        fileId: file.fileId,
        fileName: file.fileName,
        format: file.format,
        columns: table.columns,
        rows: table.previewRows,
        rowCount: table.rows.length,
        hasHeaderRow: table.hasHeaderRow,
        suggestedMapping: table.suggestedMapping,
        backup: null,
      };
    },

    /**
     * Reads the file's rows with the learner's mapping and starts the upload job on them: the same
     * duplicate rules, progress and report as an upload (docs/product/transfer.md#imports).
     */
    async startImport(
      userId: string,
      request: { fileId: string; mapping?: ImportMapping | undefined; options?: ImportOptions | undefined },
    ): Promise<{ jobId: string }> {
      const options = importOptionsSchema.parse(request.options ?? {});
      const file = await findImport(userId, request.fileId);
      if (file.format === 'backup') {
        // Checked now, so a file that is no backup is refused before any job starts.
        (await openBackup(file.fileId, file.byteSize)).close();
        const input: RestoreBackupInput = { fileId: file.fileId };
        return { jobId: await deps.jobRuntime.start(userId, RESTORE_BACKUP_JOB, input, 0) };
      }
      const table = await readTable(file, file.format === 'csv' ? options.hasHeaderRow : undefined);
      const mapping = request.mapping ?? table.suggestedMapping;
      checkMapping(table, mapping);
      const { entries, rejected } = entriesOfTable(table, mapping);
      if (entries.length === 0) throw new AppError('import_no_words', 400);
      const input: UploadJobInput = {
        entries,
        rejected,
        enhanceWithAI: options.enrichMissing,
        generateImages: options.generateImages,
        imageStyle: null,
        import: {
          fileId: file.format === 'apkg' ? file.fileId : null,
          overwriteExisting: options.overwriteExisting,
        },
      };
      const jobId = await deps.jobRuntime.start(
        userId,
        UPLOAD_WORDS_JOB,
        input,
        entries.length + rejected.length,
      );
      return { jobId };
    },

    /**
     * The stored package's media, for the upload job. A package gone meanwhile (expired, or unreadable now)
     * has none: its rows report their files missing.
     */
    async openImportMedia(userId: string, fileId: string): Promise<ImportMediaSource> {
      const file = await transfer.findComplete(userId, fileId, 'import', new Date(0));
      if (!file?.byteSize) return { read: () => Promise.resolve(undefined), close: () => undefined };
      try {
        return (await openPackage(fileId, file.byteSize)).media;
      } catch (error) {
        if (error instanceof AppError)
          return { read: () => Promise.resolve(undefined), close: () => undefined };
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
        throw error;
      }
    },

    purgeExpired: () => transfer.deleteExpired(now()),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
