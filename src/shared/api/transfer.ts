import { z } from 'zod';
import { rowId } from './fields';

/**
 * Your words out (docs/product/transfer.md): an export runs as a job like any other, and its file is
 * downloaded by its learner alone, for 24 hours. CSV is the format so far.
 */
export const EXPORT_FORMATS = ['csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const transferPaths = {
  exports: '/api/exports',
  download: '/api/exports/:fileId/download',
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

export const exportFileParamsSchema = z.object({ fileId: z.uuid() });

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

/** The CSV's columns, one per field of a word, in this order. */
export const CSV_COLUMNS = [
  'spanish',
  'russian',
  'example',
  'example_translation',
  'part_of_speech',
  'cefr_level',
  'theme',
  'listen_count',
  'is_hidden',
  'created_at',
] as const;
