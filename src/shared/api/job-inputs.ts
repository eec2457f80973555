import { z } from 'zod';
import { AUDIOBOOK_LEVELS } from '../catalogs/audiobook-genres';
import { coded } from './errors';
import { IMAGE_SERVICE_PROVIDERS } from './providers';
import { importMappingSchema, WORD_EXPORT_FORMATS } from './transfer';

/**
 * What each kind of job is started with (docs/product/jobs.md#versioned-schemas): the current version of
 * its input, which the area that starts the job writes and the job reads. Older versions and their
 * converters stay with the job (src/server/jobs/); `jobs.ts` maps each kind to its input here.
 */

/** The input of a job that takes none. */
export const noInputSchema = z.object({});
export type NoInput = z.infer<typeof noInputSchema>;

/**
 * What an import's row brought besides the pair (docs/product/transfer.md#imports): kept as it is; the media
 * fields name files inside the import's package.
 */
export const importedFieldsSchema = z.object({
  example: z.string().optional(),
  exampleTranslation: z.string().optional(),
  partOfSpeech: z.string().optional(),
  cefrLevel: z.string().optional(),
  theme: z.string().optional(),
  picture: z.string().optional(),
  audio: z.string().optional(),
  secondVoiceAudio: z.string().optional(),
  russianAudio: z.string().optional(),
});
export type ImportedFields = z.infer<typeof importedFieldsSchema>;

/** One word of an upload, with the line it came from (and an import's own fields). */
export const uploadEntrySchema = z.object({
  lineNumber: z.number().int(),
  spanish: z.string(),
  russian: z.string().nullable(),
  imported: importedFieldsSchema.optional(),
});
export type UploadEntry = z.infer<typeof uploadEntrySchema>;

/**
 * An upload or an import: the entries, the lines that could not be read (reported as errors with their line
 * numbers), the options, and for an import its stored file, whose rows the job reads with the learner's
 * mapping (`import.rows`; null for an import whose rows are the entries).
 */
export const uploadJobInputSchema = z.object({
  entries: z.array(uploadEntrySchema),
  enhanceWithAI: z.boolean(),
  generateImages: z.boolean(),
  imageStyle: z.string().nullable(),
  rejected: z.array(z.object({ lineNumber: z.number().int(), raw: z.string(), reason: coded })),
  import: z
    .object({
      fileId: z.uuid().nullable(),
      overwriteExisting: z.boolean(),
      rows: z.object({ mapping: importMappingSchema, hasHeaderRow: z.boolean().nullable() }).nullable(),
    })
    .nullable(),
});
export type UploadJobInput = z.infer<typeof uploadJobInputSchema>;

/** Dictionary → regenerate all images / generate missing images. */
export const wordPicturesInputSchema = z.object({
  /** A style id or key; the settings' default style when null. */
  imageStyle: z.union([z.string(), z.number()]).nullable(),
});
export type WordPicturesJobInput = z.infer<typeof wordPicturesInputSchema>;

export const createAudiobookInputSchema = z.object({
  audiobookId: z.number().int(),
  /** Genre labels the model reads (built-in keys and the learner's own names). */
  genres: z.array(z.string()),
  grammarLevel: z.enum(AUDIOBOOK_LEVELS),
  targetWordCount: z.number().int(),
  imageStep: z.number().int(),
  /** An image style id or key; the learner's defaultAudiobookImageStyle when null. */
  imageStyle: z.union([z.string(), z.number()]).nullable(),
});
export type CreateAudiobookInput = z.infer<typeof createAudiobookInputSchema>;

export const generateImageSeriesInputSchema = z.object({
  audiobookId: z.number().int(),
  seriesId: z.number().int(),
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS),
  imageStyle: z.string(),
  imageStep: z.number().int(),
});
export type GenerateImageSeriesInput = z.infer<typeof generateImageSeriesInputSchema>;

/** A book's missing clips made, or the book voiced again. */
export const audiobookInputSchema = z.object({ audiobookId: z.number().int() });
export type AudiobookJobInput = z.infer<typeof audiobookInputSchema>;

export const exportWordsInputSchema = z.object({
  format: z.enum(WORD_EXPORT_FORMATS),
  wordIds: z.array(z.number().int()).nullable(),
});
export type ExportWordsInput = z.infer<typeof exportWordsInputSchema>;

export const restoreBackupInputSchema = z.object({ fileId: z.uuid() });
export type RestoreBackupInput = z.infer<typeof restoreBackupInputSchema>;
