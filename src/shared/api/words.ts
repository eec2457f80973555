import { z } from 'zod';

export const wordsPaths = { words: '/api/words' } as const;

/** A word as lists carry it: media only as paths (DESIGN D3), never bytes. */
export const wordListItemSchema = z.object({
  id: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  example: z.string().nullable(),
  exampleTranslation: z.string().nullable(),
  highlightedSpanishWord: z.string().nullable(),
  highlightedRussianWord: z.string().nullable(),
  cefrLevel: z.string().nullable(),
  partOfSpeech: z.string().nullable(),
  themeCategory: z.string().nullable(),
  imageUrl: z.string().nullable(),
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

const filterValue = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => (value === '' || value === 'all' ? undefined : value));

/** `GET /api/words`: filters are omitted when 'all'; newest first. */
export const wordListQuerySchema = z.object({
  search: filterValue,
  cefrLevel: filterValue,
  partOfSpeech: filterValue,
  limit: z.coerce.number().int().min(1).max(10000).optional(),
});
export type WordListQuery = z.input<typeof wordListQuerySchema>;

export const wordListSchema = z.array(wordListItemSchema);
