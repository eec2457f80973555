import { z } from 'zod';
import { rowId } from './fields';
import { uploadResultsSchema } from './uploads';

/**
 * Your words in and out (docs/product/transfer.md): an export runs as a job like any other, and its file is
 * downloaded by its learner alone, for 24 hours; an import is an upload whose words come from a file.
 */
export const EXPORT_FORMATS = ['csv', 'apkg', 'backup'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The exports of words alone (the backup holds everything else too). */
export const WORD_EXPORT_FORMATS = ['csv', 'apkg'] as const;

/** What an import reads: a CSV, an Anki package (`.apkg`, `.colpkg`), or a backup (`.zip`). */
export const IMPORT_FORMATS = ['csv', 'apkg', 'backup'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const transferPaths = {
  exports: '/api/exports',
  download: '/api/exports/:fileId/download',
  imports: '/api/imports',
  importPreview: '/api/imports/preview',
} as const;

export const exportDownloadPath = (fileId: string) => transferPaths.download.replace(':fileId', fileId);

/** An export keeps its file this long. */
export const EXPORT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** `POST /api/exports`: every word, or only these (the dictionary's filter or selection). */
export const exportRequestSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  wordIds: z.array(rowId()).min(1).max(100_000).optional(),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;

export const exportStartedSchema = z.object({ jobId: z.string() });

/** A stored file's id: an export's download, or an import's preview. */
export const transferFileIdSchema = z.uuid();
export const exportFileParamsSchema = z.object({ fileId: transferFileIdSchema });

/**
 * An export's results (and its checkpoint while it runs): the file, the words written so far and, once it is
 * complete, where the learner downloads it until `expiresAt`. A cancelled export has no download.
 */
export const exportResultsSchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  fileId: z.uuid().nullable(),
  fileName: z.string(),
  words: z.number().int(),
  byteSize: z.number().int(),
  downloadUrl: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ExportResults = z.infer<typeof exportResultsSchema>;

// ---- Imports (docs/product/transfer.md#imports) ----

/** docs/product/transfer.md#limits: a CSV file, an Anki package, and the rows either may hold. */
export const MAX_IMPORT_CSV_BYTES = 20 * 1024 * 1024;
/**
 * An Anki package or a backup: both hold every picture and clip, and both are read a piece at a time; the
 * limit stays below what a stored file's size can count.
 */
export const MAX_IMPORT_ARCHIVE_BYTES = 2000 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** The columns an import reads; a CSV's cells beyond them are left out. */
export const MAX_IMPORT_COLUMNS = 500;

/** The word's fields an import column can fill; Spanish is the one it must. */
export const IMPORT_FIELDS = [
  'spanish',
  'russian',
  'example',
  'exampleTranslation',
  'partOfSpeech',
  'cefrLevel',
  'theme',
  'picture',
  'audio',
  'secondVoiceAudio',
  'russianAudio',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Fields that name a media file of the package (a CSV has none). */
export const IMPORT_MEDIA_FIELDS = ['picture', 'audio', 'secondVoiceAudio', 'russianAudio'] as const;
export type ImportMediaField = (typeof IMPORT_MEDIA_FIELDS)[number];

const columnIndex = z
  .number()
  .int()
  .min(0)
  .max(MAX_IMPORT_COLUMNS - 1);

/** Which column (0-based, as the preview lists them) fills which field. */
export const importMappingSchema = z.object({
  spanish: columnIndex,
  russian: columnIndex.optional(),
  example: columnIndex.optional(),
  exampleTranslation: columnIndex.optional(),
  partOfSpeech: columnIndex.optional(),
  cefrLevel: columnIndex.optional(),
  theme: columnIndex.optional(),
  picture: columnIndex.optional(),
  audio: columnIndex.optional(),
  secondVoiceAudio: columnIndex.optional(),
  russianAudio: columnIndex.optional(),
} satisfies Record<ImportField, z.ZodType>);
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * What the learner chose besides the mapping: whether the CSV's first row names its columns, whether
 * fields the file leaves empty are filled by the language model (paid: off unless asked), whether words
 * already in the dictionary take the file's fields, and whether words without a picture get one drawn.
 */
export const importOptionsSchema = z.object({
  hasHeaderRow: z.boolean().default(true),
  enrichMissing: z.boolean().default(false),
  overwriteExisting: z.boolean().default(false),
  generateImages: z.boolean().default(false),
});
export type ImportOptions = z.input<typeof importOptionsSchema>;

/** Cells shown in the preview are cut to this length. */
export const PREVIEW_CELL_LENGTH = 200;
export const PREVIEW_ROWS = 6;

/**
 * `POST /api/imports/preview` (multipart `file`): the file is kept for the import that follows (by its
 * `fileId`), and the learner sees its first rows to choose the mapping. For a CSV the rows include the first
 * one, header or not; a package's columns are its note types' field names.
 */
export const importPreviewSchema = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  hasHeaderRow: z.boolean(),
  suggestedMapping: importMappingSchema,
  /** A backup's summary; null for a CSV or a package. */
  backup: z.lazy(() => backupSummarySchema).nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * `POST /api/imports` (multipart): `file` (or `fileId` of a preview), `mapping` as JSON (absent: the
 * suggested one), `options` as JSON. Answers the upload job that imports the words.
 */
export const importStartedSchema = z.object({ jobId: z.string() });

// ---- Backups (docs/product/transfer.md#backup) ----

/** A backup's summary, read from its manifest for the preview: when it was made and its rows per table. */
export const backupSummarySchema = z.object({
  createdAt: z.iso.datetime({ offset: true }),
  rows: z.record(z.string(), z.number().int()),
  mediaFiles: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

/**
 * A restore's results: the upload's report (words added, duplicates kept as the account had them, errors)
 * and the rows restored per table.
 */
export const restoreResultsSchema = uploadResultsSchema.extend({
  restored: z.record(z.string(), z.number().int()),
  mediaFiles: z.number().int(),
});
export type RestoreResults = z.infer<typeof restoreResultsSchema>;
