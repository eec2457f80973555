import { z } from 'zod';
import { safeText } from './fields';
import { JOB_STATUSES, jobProgressSchema } from '../realtime';
import { coded } from './errors';
export { uploadPaths } from './upload-paths';

/** The ten monitoring stages of docs/product/upload.md#stages, in order. */
export const UPLOAD_STAGES = [
  'duplicates',
  'translation',
  'analysis',
  'examples',
  'tags',
  'images',
  'themes',
  'audio',
  'pronunciation',
  'saving',
] as const;
export type UploadStage = (typeof UPLOAD_STAGES)[number];

export const MAX_UPLOAD_BYTES = 1024 * 1024;
export const MAX_UPLOAD_LINES = 5000;
/**
 * The most words one learner's dictionary holds (docs/product/upload.md#dictionary-cap): uploads, imports and
 * restores alike stop there (`dictionary_full`).
 */
export const MAX_DICTIONARY_WORDS = 100_000;
/**
 * The lines each list of a report holds (words added, duplicates, errors); an import of 20,000 rows counts
 * the rest instead of carrying megabytes in one answer (docs/product/upload.md#results-report).
 */
export const MAX_REPORTED_LINES = MAX_UPLOAD_LINES;

export const processBatchRequestSchema = z.object({
  text: z
    .string()
    .max(MAX_UPLOAD_BYTES)
    .refine((text) => text.trim().length > 0, 'Введите слова для загрузки'),
  enhanceWithAI: z.boolean().default(true),
  /** Absent: the learner's `autoGenerateImages` setting decides (docs/product/upload.md#upload-screen). */
  generateImages: z.boolean().optional(),
  /** An upload style (sketch, dramatic…) or any catalogue style; the settings' default when absent. */
  imageStyle: safeText().max(50).nullish(),
});
export type ProcessBatchRequest = z.input<typeof processBatchRequestSchema>;

export const processBatchResponseSchema = z.object({ jobId: z.string() });

/** `POST /api/words/upload` (multipart .txt): the lines read from the file and the job that enriches them. */
export const fileUploadResponseSchema = z.object({
  jobId: z.string(),
  processed: z.number().int(),
  words: z.array(z.object({ spanish: z.string(), russian: z.string().nullable() })),
});

/** The fields the upload can fill without a language model (docs/product/upload.md#fills-without-a-model). */
export const UPLOAD_FILLED_FIELDS = ['article', 'partOfSpeech'] as const;
/**
 * A field the app filled by its own rules, not by a model, with what the learner typed there — the
 * Spanish without the article, or null for a part of speech left empty — so the report can undo it.
 */
export const uploadFillSchema = z.object({
  field: z.enum(UPLOAD_FILLED_FIELDS),
  typed: z.string().nullable(),
});
export type UploadFill = z.infer<typeof uploadFillSchema>;
export const uploadedWordSchema = z.object({
  id: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  example: z.string().nullable(),
  exampleTranslation: z.string().nullable(),
  cefrLevel: z.string().nullable(),
  partOfSpeech: z.string().nullable(),
  /** The default reads reports the upload screen stored in the browser before fills were reported. */
  filled: z.array(uploadFillSchema).default([]),
});
export const uploadDuplicateSchema = z.object({
  spanish: z.string(),
  newRussian: z.string().nullable(),
  existingRussian: z.string().nullable(),
  /**
   * The dictionary word it duplicates, for the report's edit link and 'add the translation'
   * (docs/product/upload.md#new-translation); null for a line repeated inside the upload. The default reads
   * reports stored before it was carried.
   */
  existingWordId: z.number().int().nullable().default(null),
  isActive: z.boolean(),
  /** Why the line was skipped, as a code (docs/product/errors.md): upload_word_exists or upload_word_repeated. */
  reason: coded,
});
/** A line the job could not take, with why as a code (docs/product/errors.md) and the stage it failed in. */
export const uploadErrorSchema = coded.extend({
  /** 1-based line of the pasted text or file; null for errors not tied to a line. */
  lineNumber: z.number().int().nullable(),
  spanish: z.string().nullable(),
  stage: z.enum(UPLOAD_STAGES),
});
/** The stages where a word falls back to the built-in providers (docs/product/providers.md#fallback). */
export const UPLOAD_FALLBACK_STAGES = ['images', 'audio'] as const;
/**
 * A word saved with the built-in picture or voice because the learner's provider failed for it; the
 * code and params are that failure's (docs/product/errors.md).
 */
export const uploadFallbackSchema = coded.extend({
  lineNumber: z.number().int(),
  spanish: z.string(),
  stage: z.enum(UPLOAD_FALLBACK_STAGES),
});
export type UploadFallback = z.infer<typeof uploadFallbackSchema>;
/**
 * A provider the upload stopped calling after it stopped answering: said once, for the rest of the
 * upload used the built-in voices and pictures (docs/product/upload.md#results-report).
 */
export const uploadStoppedProviderSchema = z.object({ provider: z.string() });
export const uploadResultsSchema = z.object({
  words: z.array(uploadedWordSchema),
  duplicates: z.array(uploadDuplicateSchema),
  errors: z.array(uploadErrorSchema),
  // Defaults: a report the upload screen stored in the browser before these were added still reads.
  fallbacks: z.array(uploadFallbackSchema).default([]),
  stoppedProviders: z.array(uploadStoppedProviderSchema).default([]),
  /**
   * The background job making the words' built-in clips (docs/product/upload.md#built-in-clips-on-demand),
   * which the report follows; null when the upload left none to make.
   */
  builtinClipsJobId: z.string().nullable().default(null),
  /**
   * Each list holds its first `MAX_REPORTED_LINES` lines (every line of an upload, which has at most 5,000);
   * these count the rest of an import's or a restore's (docs/product/upload.md#results-report).
   */
  moreWords: z.number().int().default(0),
  moreDuplicates: z.number().int().default(0),
  moreErrors: z.number().int().default(0),
});
export type UploadResults = z.infer<typeof uploadResultsSchema>;

/**
 * Why a stage did not run (docs/product/upload.md#skipped-stages): the learner has no language model, asked
 * for no AI help, or asked for no pictures.
 */
export const UPLOAD_STAGE_SKIP_REASONS = ['no_language_model', 'ai_off', 'images_off'] as const;
export type UploadStageSkipReason = (typeof UPLOAD_STAGE_SKIP_REASONS)[number];

export const stageProgressSchema = z.object({
  name: z.enum(UPLOAD_STAGES),
  completed: z.number().int(),
  total: z.number().int(),
  /** Set when the stage did not run; its counts are then 0 of 0. */
  skipped: z.object({ reason: z.string() }).optional(),
});

/**
 * An upload as the upload screen shows it (its ten stages named), made from the job `GET /api/jobs/:id`
 * answers and its `/ws` messages (src/client/features/upload/lib/upload-job-state.ts).
 */
export const uploadJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: jobProgressSchema.extend({ stages: z.array(stageProgressSchema) }),
  results: uploadResultsSchema.nullable(),
  /** Why the whole job failed, as a code (docs/product/errors.md); null unless it did. */
  error: coded.nullable(),
});
export type UploadJob = z.infer<typeof uploadJobSchema>;
