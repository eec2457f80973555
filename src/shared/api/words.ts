import { z } from 'zod';
import { CEFR_LEVELS, PARTS_OF_SPEECH } from '../catalogs/word-tags';
import { int32, rowIdParam, rowId, safeText } from './fields';

export { wordsPaths } from './words-paths';

/**
 * A word as lists carry it: media only as paths (docs/product/media.md#content-addressed-store), never bytes.
 */
export const wordListItemSchema = z.object({
  id: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  /**
   * Saved without a translation (docs/product/upload.md#spanish-only-lines): `russian` is empty until the
   * learner adds one, which clears this.
   */
  needsTranslation: z.boolean(),
  example: z.string().nullable(),
  exampleTranslation: z.string().nullable(),
  highlightedSpanishWord: z.string().nullable(),
  highlightedRussianWord: z.string().nullable(),
  cefrLevel: z.string().nullable(),
  partOfSpeech: z.string().nullable(),
  themeCategory: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The card's clips as `/media/…` paths: first Spanish voice, Russian, second Spanish voice. */
  audioData: z.string().nullable(),
  russianAudioData: z.string().nullable(),
  secondVoiceAudioData: z.string().nullable(),
  isActive: z.boolean(),
  isHidden: z.boolean(),
  attempts: z.number().int(),
  listenCount: z.number().int(),
  audiobookUsageCount: z.number().int(),
  disabledUsageCount: z.number().int(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WordListItem = z.infer<typeof wordListItemSchema>;

const filterValue = safeText()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value === '' || value === 'all' ? undefined : value));

/** `GET /api/words`: filters are omitted when 'all'; newest first. */
export const wordListQuerySchema = z.object({
  search: filterValue,
  cefrLevel: filterValue,
  partOfSpeech: filterValue,
  theme: filterValue,
  limit: z.coerce.number().int().min(1).max(10000).optional(),
});
export type WordListQuery = z.input<typeof wordListQuerySchema>;

export const wordListSchema = z.array(wordListItemSchema);

export const wordIdParamsSchema = z.object({ id: rowIdParam('word_not_found') });

/**
 * `PUT /api/words/:id`: any of these; the spec sends {isActive}, {isHidden}, {attempts}, {imageUrl}…, and the
 * word card's edit sends the texts and tags (docs/product/dictionary.md#word-editing). An empty example,
 * translation or theme clears it (null). A change of the Spanish is checked for duplicates (409
 * `duplicate_word`); a change of a text a clip speaks clears that clip.
 */
const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value === '' ? null : value));

export const wordUpdateSchema = z
  .object({
    spanish: safeText().trim().min(1).max(200),
    russian: safeText().trim().min(1).max(300),
    example: optionalText(1000),
    exampleTranslation: optionalText(1000),
    partOfSpeech: z.enum(PARTS_OF_SPEECH).nullable(),
    cefrLevel: z.enum(CEFR_LEVELS).nullable(),
    themeCategory: optionalText(100),
    isActive: z.boolean(),
    isHidden: z.boolean(),
    attempts: int32().min(0),
    imageUrl: safeText().max(500).nullable(),
  })
  .partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, 'Nothing to change');
export type WordUpdate = z.input<typeof wordUpdateSchema>;

export const deleteWordsRequestSchema = z.object({
  wordIds: z.array(rowId()).min(1).max(10000),
});
/**
 * `deleted` counts only the learner's own words among the ids. `message` is the original API's Russian
 * summary, kept for its clients; this client words the count itself (docs/product/errors.md).
 */
export const deleteWordsResponseSchema = z.object({ deleted: z.number().int(), message: z.string() });

/**
 * `POST /api/words/:id/hide` (Learn's 'Убрать из изучения'): the word leaves Learn; the token undoes it
 * (docs/product/decisions.md#undo-snapshots).
 */
export const hideWordResponseSchema = z.object({ undoToken: z.uuid() });

/**
 * `POST /api/words/undo`: takes back the change that answered this token (a hide, a listen-count reset),
 * restoring exactly the values it overwrote; a repeated undo answers the same. 404 `undo_not_found` for a
 * token that is not the learner's or has expired.
 */
export const undoRequestSchema = z.object({ undoToken: z.uuid() });
export const undoResponseSchema = z.object({ restored: z.number().int() });

export const themeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string().nullable(),
  wordCount: z.number().int(),
});
export const themeListSchema = z.array(themeSchema);

/**
 * Whether a word is being studied: neither retired (isActive false: the dictionary's eye, the auto
 * threshold) nor hidden from the Learn screen (isHidden). The dictionary's hidden view shows the rest.
 */
export const isWordInStudy = (word: Pick<WordListItem, 'isActive' | 'isHidden'>) =>
  word.isActive && !word.isHidden;
