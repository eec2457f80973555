import { z } from 'zod';
import { int32, rowId, safeText } from './fields';
import { coded } from './errors';
import { wordListItemSchema } from './words';

/**
 * The dictionary's own calls (docs/product/dictionary.md#maintenance-actions): a word's
 * pictures, its audiobook sentences, and the maintenance actions. The long actions start a job and answer
 * at once; the job reports over `/ws` as `jobProgress` with the `kind` below and ends with its results.
 */
export const dictionaryPaths = {
  images: '/api/words/:id/images',
  setPrimaryImage: '/api/words/:id/set-primary-image',
  mediaGallery: '/api/words/:id/media-gallery',
  audiobookSentences: '/api/words/:id/audiobook-sentences',
  regenerateImage: '/api/words/:id/regenerate-image',
  regeneratePhrase: '/api/words/:id/regenerate-phrase',
  regenerateAllPhrases: '/api/words/regenerate-all-phrases',
  deleteAllAudio: '/api/words/audio/all',
  clearExpiredImages: '/api/words/clear-expired-images',
  regenerateAllImages: '/api/words/regenerate-all-images',
  generateMissingImages: '/api/words/generate-missing-images',
  updateTags: '/api/words/update-tags',
  resetListenCount: '/api/words/reset-listen-count',
  deleteWithoutImages: '/api/words/delete-without-images',
} as const;

/** The `kind` of each dictionary job in `jobProgress` messages and `GET /api/jobs/:id`. */
export const DICTIONARY_JOB_KINDS = {
  regenerateAllPhrases: 'regenerate-all-phrases',
  clearExpiredImages: 'clear-expired-images',
  regenerateAllImages: 'regenerate-all-images',
  generateMissingImages: 'generate-missing-images',
  updateTags: 'update-tags',
} as const;
export type DictionaryJobKind = (typeof DICTIONARY_JOB_KINDS)[keyof typeof DICTIONARY_JOB_KINDS];

/** `GET /api/words/:id/images`: the word card's gallery, newest first; `url` is a path or a data: URL. */
export const wordImageSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  styleId: z.number().int().nullable(),
  imageFormat: z.string().nullable(),
  createdAt: z.string(),
  /** True for the picture the word shows now. */
  isPrimary: z.boolean(),
});
export type WordImage = z.infer<typeof wordImageSchema>;
export const wordImageListSchema = z.array(wordImageSchema);

export const setPrimaryImageRequestSchema = z.object({ imageId: rowId() });
export const setPrimaryImageResponseSchema = z.object({ imageUrl: z.string() });

/** `GET /api/words/:id/media-gallery`: every picture of the learner's library for this word ('Медиатека'). */
export const mediaGalleryItemSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  styleId: z.number().int().nullable(),
  styleName: z.string().nullable(),
  imageFormat: z.string().nullable(),
  createdAt: z.string(),
});
export type MediaGalleryItem = z.infer<typeof mediaGalleryItemSchema>;
export const mediaGallerySchema = z.array(mediaGalleryItemSchema);

/** `GET /api/words/:id/audiobook-sentences`: sentences of the learner's audiobooks that use the word. */
export const audiobookSentenceSchema = z.object({
  id: z.number().int(),
  audiobookId: z.number().int(),
  audiobookTitle: z.string(),
  orderIndex: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  createdAt: z.string(),
});
export type AudiobookSentence = z.infer<typeof audiobookSentenceSchema>;
export const audiobookSentenceListSchema = z.array(audiobookSentenceSchema);

const imageStyleReference = z.union([safeText().max(50), int32()]);
/**
 * `POST /api/words/:id/regenerate-image`: a style id or key; the settings' default style when absent. The
 * dictionary sends it as `imageStyle`, the Learn screen as `style` (docs/product/learn.md#menu); `imageStyle`
 * wins.
 */
export const regenerateImageRequestSchema = z
  .object({ imageStyle: imageStyleReference.nullish(), style: imageStyleReference.nullish() })
  .default({});
export const regenerateImageResponseSchema = z.object({ imageUrl: z.string() });

/** `POST /api/words/:id/regenerate-phrase`: the word with its new example, translation and audio. */
export const regeneratePhraseResponseSchema = wordListItemSchema;

/** A maintenance action that became a job: its id and how many words it will go through. */
export const dictionaryJobStartedSchema = z.object({ jobId: z.string(), totalWords: z.number().int() });

export const regenerateAllPhrasesResponseSchema = dictionaryJobStartedSchema;
export const clearExpiredImagesResponseSchema = dictionaryJobStartedSchema;
/*
 * The three counts below keep the original API's names but count the words queued for the job, not the
 * work done, which is not known when the call answers: the real count is the job's results' `changed`
 * (docs/product/decisions.md#maintenance-counts-queued-not-done).
 */
/** Spec: regeneratedCount and totalWords; the count is of the words queued for a new picture. */
export const regenerateAllImagesResponseSchema = dictionaryJobStartedSchema.extend({
  regeneratedCount: z.number().int(),
});
/** Spec: generated; the count is of the words queued (those without a picture). */
export const generateMissingImagesResponseSchema = dictionaryJobStartedSchema.extend({
  generated: z.number().int(),
});
/** Spec: updated and total; updated counts the words queued (missing CEFR, part of speech or theme). */
export const updateTagsResponseSchema = dictionaryJobStartedSchema.extend({
  updated: z.number().int(),
  total: z.number().int(),
});

export const deleteAllAudioResponseSchema = z.object({ deletedCount: z.number().int(), message: z.string() });
/** `undoToken` takes the reset back through `POST /api/words/undo` (docs/product/decisions.md#undo-snapshots). */
export const resetListenCountResponseSchema = z.object({
  reset: z.number().int(),
  message: z.string(),
  undoToken: z.uuid(),
});
export const deleteWithoutImagesResponseSchema = z.object({ deletedCount: z.number().int() });

/** What each dictionary job leaves in its results when it ends. */
export const dictionaryJobResultsSchema = z.object({
  /** Units gone through without failing: words, or for clear-expired-images the picture references checked. */
  processed: z.number().int(),
  /**
   * What the job really changed (a phrase or picture saved, a word's tags filled, an expired reference
   * dropped): the done count behind the start's queued `regeneratedCount`, `generated` and `updated`.
   */
  changed: z.number().int(),
  failed: z.number().int(),
  /** Words that failed, each with why as a code (docs/product/errors.md); at most the first 100. */
  errors: z.array(coded.extend({ wordId: z.number().int(), spanish: z.string() })),
});
export type DictionaryJobResults = z.infer<typeof dictionaryJobResultsSchema>;
