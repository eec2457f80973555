import { z } from 'zod';
import { IMAGE_SERVICE_PROVIDERS } from './providers';
import { coded } from './errors';
import { int32, rowIdParam, safeText } from './fields';
import { sentenceSchema } from './audiobooks';

/**
 * The audiobook player's calls (docs/product/audiobooks.md#player): listens, position, a sentence's clips,
 * text and picture made again, the cover, audio readiness, and illustration series with their generation
 * jobs. Every path but the style previews' is below `/api/audiobooks/:id`; another learner's book answers
 * 404.
 */
export const playerPaths = {
  sentenceListens: '/api/audiobooks/:id/sentences/:orderIndex',
  regenerateAudio: '/api/audiobooks/:id/sentences/:sentenceId/regenerate-audio',
  regenerateSpanish: '/api/audiobooks/:id/sentences/:sentenceId/regenerate-spanish',
  regenerateRussian: '/api/audiobooks/:id/sentences/:sentenceId/regenerate-russian',
  regenerateImage: '/api/audiobooks/:id/sentences/:sentenceId/regenerate-image',
  sentenceImage: '/api/audiobooks/:id/sentences/:sentenceId/image',
  cover: '/api/audiobooks/:id/cover',
  position: '/api/audiobooks/:id/position',
  audioStatus: '/api/audiobooks/:id/audio-status',
  generateMissingAudio: '/api/audiobooks/:id/generate-missing-audio',
  revoice: '/api/audiobooks/:id/revoice',
  imageStats: '/api/audiobooks/:id/image-stats',
  imageJobs: '/api/audiobooks/:id/image-generation-jobs',
  series: '/api/audiobooks/:id/image-series',
  seriesItems: '/api/audiobooks/:id/image-series/:seriesId/items',
  seriesImage: '/api/audiobooks/:id/image-series/:seriesId/image/:sentenceId',
  seriesDelete: '/api/audiobooks/:id/image-series/:seriesId/delete',
  selectedSeries: '/api/audiobooks/:id/selected-image-series',
  autoCompleteSeries: '/api/audiobooks/:id/auto-complete-series',
  /** Across the learner's books: the Settings audio diagnostics' count. */
  sentencesWithoutAudio: '/api/audiobooks/sentences-without-audio',
  /** The catalogue's style previews, the same for every learner (the AI series dialog's tiles). */
  stylePreviews: '/api/image-styles/previews',
} as const;

const base = (id: number) => `/api/audiobooks/${id}`;
/** The paths above with their ids filled in. */
export const playerPathOf = {
  sentenceListens: (id: number, orderIndex: number) => `${base(id)}/sentences/${orderIndex}`,
  sentenceAction: (
    id: number,
    sentenceId: number,
    action: 'regenerate-audio' | 'regenerate-spanish' | 'regenerate-russian' | 'regenerate-image',
  ) => `${base(id)}/sentences/${sentenceId}/${action}`,
  cover: (id: number) => `${base(id)}/cover`,
  position: (id: number) => `${base(id)}/position`,
  audioStatus: (id: number) => `${base(id)}/audio-status`,
  generateMissingAudio: (id: number) => `${base(id)}/generate-missing-audio`,
  revoice: (id: number) => `${base(id)}/revoice`,
  imageStats: (id: number) => `${base(id)}/image-stats`,
  imageJobs: (id: number) => `${base(id)}/image-generation-jobs`,
  series: (id: number) => `${base(id)}/image-series`,
  seriesItems: (id: number, seriesId: number) => `${base(id)}/image-series/${seriesId}/items`,
  seriesDelete: (id: number, seriesId: number) => `${base(id)}/image-series/${seriesId}/delete`,
  selectedSeries: (id: number) => `${base(id)}/selected-image-series`,
  autoCompleteSeries: (id: number) => `${base(id)}/auto-complete-series`,
} as const;

export const listensParamsSchema = z.object({
  id: rowIdParam('audiobook_not_found'),
  orderIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
export const seriesParamsSchema = z.object({
  id: rowIdParam('audiobook_not_found'),
  seriesId: rowIdParam('series_not_found'),
});
export const seriesImageParamsSchema = seriesParamsSchema.extend({
  sentenceId: rowIdParam('audiobook_not_found'),
});

// ---- Listens and position -----------------------------------------------------------------------------

/**
 * `PATCH …/sentences/:orderIndex`: the sentence's listen count after a play. The count never goes down
 * (a slower tab's older count is kept out), and the book's listen count is the sum over its sentences.
 */
export const sentenceListensRequestSchema = z.object({ listenCount: int32().min(0) });
export const sentenceListensResponseSchema = z.object({
  orderIndex: z.number().int(),
  listenCount: z.number().int(),
  bookListenCount: z.number().int(),
});

/** The index of the current sentence; the server clamps it into the book. */
export const positionSchema = z.object({ position: int32().min(0) });
export type Position = z.infer<typeof positionSchema>;

// ---- A sentence's clips, text and picture --------------------------------------------------------------

/**
 * `POST …/sentences/:sentenceId/audio` (the path of `audiobookPaths.sentenceAudio`): all three clips of the
 * sentence, made where missing.
 */
export const sentenceAllAudioResponseSchema = z.object({
  audio: z.string().nullable(),
  secondVoiceAudio: z.string().nullable(),
  russianAudio: z.string().nullable(),
  shouldRefreshCache: z.boolean(),
  timestamp: z.number().int(),
});

/** What the regenerate actions answer: the sentence as it is now. */
export const sentenceChangeResponseSchema = z.object({ sentence: sentenceSchema });

/** The picture of a sentence drawn again: a style (id 1–15 or key) and a provider, or the defaults. */
export const sentenceImageRequestSchema = z.object({
  style: z.union([safeText().max(50), int32()]).optional(),
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS).optional(),
});
export const sentenceImageResponseSchema = z.object({
  imageData: z.string(),
  imageStyle: z.string(),
  /** The provider that drew it (the built-in pictures when the chosen one failed or had no key). */
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS),
  /** Set when a series item was drawn rather than the original picture. */
  seriesId: z.number().int().nullable(),
  shouldRefreshCache: z.boolean(),
  timestamp: z.number().int(),
});

export const coverRequestSchema = z.object({ sentenceId: int32().min(1) });
export const coverResponseSchema = z.object({ coverImageData: z.string() });

// ---- Audio status -------------------------------------------------------------------------------------

export const audioStatusSchema = z.object({
  percentReady: z.number().int(),
  mainAudioReady: z.number().int(),
  secondVoiceReady: z.number().int(),
  russianAudioReady: z.number().int(),
  /** Sentences play-all can play without waiting: their first Spanish clip exists. */
  readyForPlayback: z.number().int(),
  totalSentences: z.number().int(),
});
export type AudioStatus = z.infer<typeof audioStatusSchema>;

/** The learner's sentences (of finished books) without their first Spanish clip. */
export const sentencesWithoutAudioSchema = z.object({ count: z.number().int() });

/** generate-missing-audio runs as a job (every sentence's missing clips): its id (results: `audiobook-jobs.ts`). */
export const generateMissingAudioResponseSchema = z.object({ jobId: z.string() });

/**
 * `GET …/revoice`: the book's clips made with other settings than the learner's current voices, speed and
 * intonation (docs/product/audiobooks.md#clips-and-the-learners-settings). `paidClips` are made again only
 * by the re-voicing job the learner confirms, as each is a call to their paid provider; `freeClips` (the
 * built-in voice, or a clip the audio cache already holds) are made again when played, or by the job.
 */
export const revoiceSummarySchema = z.object({
  paidClips: z.number().int(),
  freeClips: z.number().int(),
});
export type RevoiceSummary = z.infer<typeof revoiceSummarySchema>;
/** `POST …/revoice`: starts the re-voicing job (results: `audiobook-jobs.ts`); its id to follow. */
export const revoiceResponseSchema = z.object({ jobId: z.string() });

// ---- Illustration series ------------------------------------------------------------------------------

export const SERIES_STATUSES = ['pending', 'generating', 'completed', 'failed'] as const;
export const seriesSchema = z.object({
  id: z.number().int(),
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS),
  /** The style id 1–15, as text. */
  imageStyle: z.string(),
  styleName: z.string().nullable(),
  status: z.enum(SERIES_STATUSES),
  completedSentences: z.number().int(),
  totalSentences: z.number().int(),
  createdAt: z.string(),
  /**
   * The runtime job drawing the series now, null when none is: the player follows it through the one job
   * hook (docs/product/decisions.md#series-progress-is-the-jobs).
   */
  jobId: z.string().nullable(),
});
export type Series = z.infer<typeof seriesSchema>;
export const seriesListSchema = z.array(seriesSchema);

export const createSeriesRequestSchema = z.object({
  serviceProvider: z.enum(IMAGE_SERVICE_PROVIDERS),
  imageStyle: z.union([safeText().max(50), int32()]),
  styleName: safeText().max(100).nullish(),
});

export const seriesItemSchema = z.object({ sentenceId: z.number().int(), imageData: z.string() });
export const seriesItemListSchema = z.array(seriesItemSchema);
export const seriesImageSchema = z.object({ imageData: z.string() });

export const selectedSeriesRequestSchema = z.object({ selectedImageSeriesId: int32().min(1).nullable() });
export const selectedSeriesResponseSchema = z.object({ selectedImageSeriesId: z.number().int().nullable() });
export const deleteSeriesResponseSchema = z.object({ id: z.number().int() });

/**
 * A series' generation job (docs/product/audiobooks.md#illustration-series): a job of the one runtime,
 * `jobId` its id there, whose status and counts it answers; generating, queued, processing and pending count
 * as active.
 */
export const IMAGE_JOB_STATUSES = [
  'pending',
  'queued',
  'processing',
  'generating',
  'completed',
  'failed',
  'cancelled',
] as const;
export const imageJobSchema = z.object({
  id: z.number().int(),
  jobId: z.string().nullable(),
  seriesId: z.number().int().nullable(),
  serviceProvider: z.string(),
  imageStyle: z.string().nullable(),
  styleName: z.string().nullable(),
  status: z.enum(IMAGE_JOB_STATUSES),
  processedImages: z.number().int(),
  failedImages: z.number().int(),
  totalImages: z.number().int(),
  batchSize: z.number().int(),
  error: coded.nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type ImageJob = z.infer<typeof imageJobSchema>;
export const imageJobListSchema = z.array(imageJobSchema);

/** Starts a series' generation: a new series, or the missing pictures of `existingSeriesId` (fill in). */
export const startImageJobRequestSchema = createSeriesRequestSchema.extend({
  existingSeriesId: int32().min(1).nullish(),
});
export const startImageJobResponseSchema = z.object({
  jobId: z.string(),
  job: z.object({
    id: z.number().int(),
    status: z.enum(IMAGE_JOB_STATUSES),
    styleName: z.string().nullable(),
  }),
  seriesId: z.number().int(),
});
export const autoCompleteResponseSchema = z.object({
  /** The incomplete series whose missing pictures are now being drawn. */
  started: z.array(z.object({ seriesId: z.number().int(), jobId: z.string() })),
});

/** One row of image-stats: the pictures of the book by provider and style ('original' for its own). */
export const imageStatsEntrySchema = z.object({
  serviceProvider: z.string(),
  imageStyle: z.string(),
  styleName: z.string().nullable(),
  count: z.number().int(),
});
export const imageStatsSchema = z.array(imageStatsEntrySchema);

/**
 * A catalogue style's preview (docs/product/audiobooks.md#style-previews): drawn once by the built-in
 * pictures, a `/media/…` path every learner may read.
 */
export const stylePreviewSchema = z.object({ styleId: z.number().int(), imageData: z.string() });
export type StylePreview = z.infer<typeof stylePreviewSchema>;
export const stylePreviewListSchema = z.array(stylePreviewSchema);
