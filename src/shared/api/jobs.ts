import { z } from 'zod';
import { JOB_STATUSES, jobProgressSchema } from '../realtime';
import { DICTIONARY_JOB_KINDS, type DictionaryJobKind, dictionaryJobResultsSchema } from './dictionary';
import {
  createAudiobookResultsSchema,
  generateMissingAudioResultsSchema,
  imageSeriesJobResultsSchema,
  revoiceResultsSchema,
  validateLogicResultsSchema,
} from './audiobook-jobs';
import { coded } from './errors';
import {
  audiobookInputSchema,
  createAudiobookInputSchema,
  exportWordsInputSchema,
  generateImageSeriesInputSchema,
  noInputSchema,
  restoreBackupInputSchema,
  uploadJobInputSchema,
  wordPicturesInputSchema,
} from './job-inputs';
import { exportResultsSchema, restoreResultsSchema } from './transfer';
import { uploadResultsSchema } from './uploads';
import { russianAudioResultsSchema, translationFixResultsSchema } from './word-maintenance';

/**
 * Any background job the learner started, by one call (docs/product/jobs.md#following-a-job): the client
 * follows every kind the same way; an upload's cancel and dismiss stay under `/api/words/job/:id/…`.
 */
export const jobPaths = {
  job: (jobId: string) => `/api/jobs/${jobId}`,
} as const;

export const JOB_KINDS = {
  uploadWords: 'upload-words',
  ...DICTIONARY_JOB_KINDS,
  regenerateTranslations: 'regenerate-translations',
  regenerateAllRussianAudio: 'regenerate-all-russian-audio',
  builtinClips: 'builtin-clips',
  createAudiobook: 'create-audiobook',
  validateAudiobookLogic: 'validate-audiobook-logic',
  generateImageSeries: 'generate-image-series',
  generateAudiobookAudio: 'generate-audiobook-audio',
  revoiceAudiobook: 'revoice-audiobook',
  exportWords: 'export-words',
  exportBackup: 'export-backup',
  restoreBackup: 'restore-backup',
} as const;
export type JobKind = (typeof JOB_KINDS)[keyof typeof JOB_KINDS];

export * from './job-inputs';

/**
 * What each kind of job is started with: the area that starts one (through the server's `JobStarter`) and
 * the job that reads it agree through this table.
 */
export const JOB_INPUTS = {
  [JOB_KINDS.uploadWords]: uploadJobInputSchema,
  [JOB_KINDS.regenerateAllPhrases]: noInputSchema,
  [JOB_KINDS.clearExpiredImages]: noInputSchema,
  [JOB_KINDS.regenerateAllImages]: wordPicturesInputSchema,
  [JOB_KINDS.generateMissingImages]: wordPicturesInputSchema,
  [JOB_KINDS.updateTags]: noInputSchema,
  [JOB_KINDS.regenerateTranslations]: noInputSchema,
  [JOB_KINDS.regenerateAllRussianAudio]: noInputSchema,
  [JOB_KINDS.builtinClips]: noInputSchema,
  [JOB_KINDS.createAudiobook]: createAudiobookInputSchema,
  [JOB_KINDS.validateAudiobookLogic]: noInputSchema,
  [JOB_KINDS.generateImageSeries]: generateImageSeriesInputSchema,
  [JOB_KINDS.generateAudiobookAudio]: audiobookInputSchema,
  [JOB_KINDS.revoiceAudiobook]: audiobookInputSchema,
  [JOB_KINDS.exportWords]: exportWordsInputSchema,
  [JOB_KINDS.exportBackup]: noInputSchema,
  [JOB_KINDS.restoreBackup]: restoreBackupInputSchema,
} as const satisfies Record<JobKind, z.ZodType>;
export type JobInput<TKind extends JobKind> = z.infer<(typeof JOB_INPUTS)[TKind]>;

const jobOf = <TKind extends JobKind, TResults extends z.ZodType>(
  kinds: readonly [TKind, ...TKind[]],
  results: TResults,
) =>
  z.object({
    jobId: z.string(),
    kind: z.enum(kinds),
    status: z.enum(JOB_STATUSES),
    progress: jobProgressSchema,
    /** The kind's own results, once the job is over (a cancelled job keeps what it did); null before. */
    results: results.nullable(),
    /** Why the whole job failed, as a code (docs/product/errors.md); null unless it did. */
    error: coded.nullable(),
  });

/**
 * The built-in clips job (docs/product/upload.md#built-in-clips-on-demand): words it gave every clip they
 * lacked, clips it made, and words it could not finish.
 */
export const builtinClipsResultsSchema = z.object({
  words: z.number().int(),
  clips: z.number().int(),
  failed: z.number().int(),
});
export type BuiltinClipsResults = z.infer<typeof builtinClipsResultsSchema>;

const dictionaryKinds = Object.values(DICTIONARY_JOB_KINDS) as [DictionaryJobKind, ...DictionaryJobKind[]];

/** An upload, as `GET /api/jobs/:id` answers it. */
export const uploadWordsJobSchema = jobOf([JOB_KINDS.uploadWords], uploadResultsSchema);
export type UploadWordsJob = z.infer<typeof uploadWordsJobSchema>;

/** A dictionary job (docs/product/dictionary.md#maintenance-actions), as `GET /api/jobs/:id` answers it. */
export const dictionaryJobSchema = jobOf(dictionaryKinds, dictionaryJobResultsSchema);
export type DictionaryJob = z.infer<typeof dictionaryJobSchema>;

/**
 * `GET /api/words/upload-jobs/current` (docs/product/upload.md#the-upload-comes-back): the learner's running
 * upload, else their last finished one until they dismiss it; null when there is none.
 */
export const currentUploadSchema = z.object({ job: uploadWordsJobSchema.nullable() });
export type CurrentUpload = z.infer<typeof currentUploadSchema>;

/** `POST /api/words/job/:id/dismiss`: false when the job is still running (only a finished one is closed). */
export const dismissUploadSchema = z.object({ dismissed: z.boolean() });

/** `GET /api/jobs/:id`: the job, its results read by its kind. */
export const jobSchema = z.discriminatedUnion('kind', [
  uploadWordsJobSchema,
  dictionaryJobSchema,
  jobOf([JOB_KINDS.regenerateTranslations], translationFixResultsSchema),
  jobOf([JOB_KINDS.regenerateAllRussianAudio], russianAudioResultsSchema),
  jobOf([JOB_KINDS.builtinClips], builtinClipsResultsSchema),
  jobOf([JOB_KINDS.createAudiobook], createAudiobookResultsSchema),
  jobOf([JOB_KINDS.validateAudiobookLogic], validateLogicResultsSchema),
  jobOf([JOB_KINDS.exportWords, JOB_KINDS.exportBackup], exportResultsSchema),
  jobOf([JOB_KINDS.restoreBackup], restoreResultsSchema),
  jobOf([JOB_KINDS.generateImageSeries], imageSeriesJobResultsSchema),
  jobOf([JOB_KINDS.generateAudiobookAudio], generateMissingAudioResultsSchema),
  jobOf([JOB_KINDS.revoiceAudiobook], revoiceResultsSchema),
]);
export type Job = z.infer<typeof jobSchema>;
