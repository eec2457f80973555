import { z } from 'zod';
import {
  AUDIOBOOK_LEVELS,
  AUDIOBOOK_WORD_COUNT,
  DEFAULT_AUDIOBOOK_LEVEL,
} from '../catalogs/audiobook-genres';
import { coded } from './errors';
import { int32, rowId, rowIdParam, safeText } from './fields';

/**
 * The audiobook library and creation (docs/product/audiobooks.md): genres, books, a book's sentences and
 * a sentence's clip, and the library's maintenance actions. Creation answers at once and runs as the
 * `create-audiobook` job, followed like any other job (docs/product/jobs.md#following-a-job).
 */
export const audiobookPaths = {
  genres: '/api/audiobook-genres',
  genre: '/api/audiobook-genres/:id',
  books: '/api/audiobooks',
  book: '/api/audiobooks/:id',
  sentences: '/api/audiobooks/:id/sentences',
  sentenceAudio: '/api/audiobooks/:id/sentences/:sentenceId/audio',
  reVerifyAll: '/api/audiobooks/re-verify-all',
  fixTags: '/api/audiobooks/fix-tags',
  analyzeContent: '/api/audiobooks/analyze-content',
  optimizeCovers: '/api/audiobooks/optimize-covers',
  validateTagConflicts: '/api/audiobooks/validate-tag-conflicts',
  validateLogic: '/api/audiobooks/validate-logic',
} as const;

/** `/api/audiobooks/:id` and below with the ids filled in. */
export const audiobookPathOf = {
  book: (id: number) => `/api/audiobooks/${id}`,
  sentences: (id: number) => `/api/audiobooks/${id}/sentences`,
  sentenceAudio: (id: number, sentenceId: number) => `/api/audiobooks/${id}/sentences/${sentenceId}/audio`,
  genre: (id: number) => `/api/audiobook-genres/${id}`,
} as const;

export const audiobookIdParamsSchema = z.object({ id: rowIdParam('audiobook_not_found') });
export const sentenceParamsSchema = z.object({
  id: rowIdParam('audiobook_not_found'),
  sentenceId: rowIdParam('audiobook_not_found'),
});
export const genreIdParamsSchema = z.object({ id: rowIdParam('genre_not_found') });

// ---- Genres -------------------------------------------------------------------------------------------

export const GENRE_SORTS = ['name', 'createdAt'] as const;
export type GenreSort = (typeof GENRE_SORTS)[number];
export const genreListQuerySchema = z.object({ sortBy: z.enum(GENRE_SORTS).default('name') });

/**
 * A genre of the learner's. `isBuiltin`: one of the twelve catalogue genres, whose `name` is its key and
 * whose label the client translates (docs/product/audiobooks.md#genres); it cannot be deleted.
 */
export const genreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isBuiltin: z.boolean(),
  createdAt: z.string(),
});
export type Genre = z.infer<typeof genreSchema>;
export const genreListSchema = z.array(genreSchema);

export const GENRE_NAME_MAX = 60;
export const createGenreRequestSchema = z.object({ name: safeText().trim().min(1).max(GENRE_NAME_MAX) });
export const deleteGenreResponseSchema = z.object({ id: z.number().int() });

// ---- Books --------------------------------------------------------------------------------------------

export const AUDIOBOOK_STATUSES = ['processing', 'ready', 'failed'] as const;
export type AudiobookStatus = (typeof AUDIOBOOK_STATUSES)[number];

/** The style badge of a book's selected illustration series; null for the original pictures. */
export const seriesBadgeSchema = z.object({
  id: z.number().int(),
  serviceProvider: z.string(),
  imageStyle: z.string(),
  styleName: z.string().nullable(),
});

/**
 * A book as the library lists it and `GET /api/audiobooks/:id` answers it: counts and paths, no media
 * bytes (`coverImageData` is a `/media/…` path or null).
 */
export const audiobookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first genre's name, as the original API had it. */
  genre: z.string().nullable(),
  /** Every genre the book was written for: built-in keys or the learner's own names. */
  genreNames: z.array(z.string()),
  genreIds: z.array(z.number().int()),
  grammarLevel: z.enum(AUDIOBOOK_LEVELS).nullable(),
  targetWordCount: z.number().int(),
  /** Words of the story, Spanish and Russian; `actualWordCountSpanish` the Spanish alone. */
  actualWordCountTotal: z.number().int(),
  actualWordCountSpanish: z.number().int(),
  sentenceCount: z.number().int(),
  activeWordsUsed: z.number().int(),
  totalActiveWords: z.number().int(),
  passiveWordsUsed: z.number().int(),
  totalPassiveWords: z.number().int(),
  listenCount: z.number().int(),
  coverImageData: z.string().nullable(),
  imageCount: z.number().int(),
  imageStep: z.number().int(),
  verificationCompleted: z.boolean(),
  selectedImageSeriesId: z.number().int().nullable(),
  selectedSeries: seriesBadgeSchema.nullable(),
  status: z.enum(AUDIOBOOK_STATUSES),
  /** The creation job, to follow while the book is processing. */
  jobId: z.string().nullable(),
  /** Why creation failed; null unless `status` is 'failed'. */
  error: coded.nullable(),
  createdAt: z.string(),
});
export type Audiobook = z.infer<typeof audiobookSchema>;
export const audiobookListSchema = z.array(audiobookSchema);

export const IMAGE_STEP_MAX = 20;
export const AUDIOBOOK_TITLE_MAX = 200;
/**
 * `POST /api/audiobooks`. The original client's `title`, `genre`, `characterStyle` and `jobId` are read
 * but not trusted: the title defaults to one built from the genres, and a job id is always the server's.
 */
export const createAudiobookRequestSchema = z.object({
  genreIds: z.array(rowId()).min(1).max(20),
  grammarLevel: z.enum(AUDIOBOOK_LEVELS).default(DEFAULT_AUDIOBOOK_LEVEL),
  targetWordCount: z
    .number()
    .int()
    .min(AUDIOBOOK_WORD_COUNT.min)
    .max(AUDIOBOOK_WORD_COUNT.max)
    .multipleOf(AUDIOBOOK_WORD_COUNT.step)
    .default(AUDIOBOOK_WORD_COUNT.default),
  title: safeText().trim().min(1).max(AUDIOBOOK_TITLE_MAX).optional(),
  /** A picture every `imageStep`-th sentence; the book's default (3) when absent. */
  imageStep: z.number().int().min(1).max(IMAGE_STEP_MAX).optional(),
  /** An image style id or key; the learner's `defaultAudiobookImageStyle` when absent. */
  imageStyle: z.union([safeText().max(50), int32()]).optional(),
});
export type CreateAudiobookRequest = z.infer<typeof createAudiobookRequestSchema>;
export const createAudiobookResponseSchema = z.object({ audiobook: audiobookSchema, jobId: z.string() });

export const renameAudiobookRequestSchema = z.object({
  title: safeText().trim().min(1).max(AUDIOBOOK_TITLE_MAX),
});
export const deleteAudiobookResponseSchema = z.object({ id: z.number().int() });

// ---- Sentences ----------------------------------------------------------------------------------------

/** A sentence, its clips and picture as `/media/…` paths (null until made). */
export const sentenceSchema = z.object({
  id: z.number().int(),
  orderIndex: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  audioData: z.string().nullable(),
  secondVoiceAudioData: z.string().nullable(),
  russianAudioData: z.string().nullable(),
  imageData: z.string().nullable(),
  imageStyle: z.string().nullable(),
  listenCount: z.number().int(),
});
export type Sentence = z.infer<typeof sentenceSchema>;
export const sentenceListSchema = z.array(sentenceSchema);

/**
 * `GET …/sentences/:sentenceId/audio`: the sentence's clip in the first Spanish voice, or the second
 * (`voiceType=second`) or Russian one (`voiceType=russian` or `language=russian`), made on demand and kept.
 */
export const sentenceAudioQuerySchema = z.object({
  voiceType: z.enum(['main', 'second', 'russian']).default('main'),
  language: z.enum(['spanish', 'russian']).optional(),
});
export const sentenceAudioResponseSchema = z.object({
  success: z.boolean(),
  /** A `/media/…` path; null when it could not be made (`error` says why). */
  audio: z.string().nullable(),
  /** True when the clip existed before this call. */
  cached: z.boolean(),
  error: coded.nullable(),
});

// ---- Maintenance (docs/product/audiobooks.md#maintenance) ---------------------------------------------

export const reVerifyAllResponseSchema = z.object({
  totalAudiobooks: z.number().int(),
  successCount: z.number().int(),
  failedCount: z.number().int(),
});
export const fixTagsResponseSchema = z.object({
  statistics: z.object({ processed: z.number().int(), updated: z.number().int() }),
});
export const analyzeContentResponseSchema = z.object({
  statistics: z.object({ processed: z.number().int(), analyzed: z.number().int() }),
});
export const optimizeCoversResponseSchema = z.object({ success: z.number().int(), failed: z.number().int() });
export const validateTagConflictsResponseSchema = z.object({
  statistics: z.object({ conflictsFound: z.number().int(), conflictsResolved: z.number().int() }),
});
/**
 * validate-logic asks the language model about every book: it runs as a job and answers its id (results:
 * `audiobook-jobs.ts`).
 */
export const validateLogicResponseSchema = z.object({ jobId: z.string() });
