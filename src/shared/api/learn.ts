import { z } from 'zod';

/**
 * The Learn screen's own calls (docs/product/learn.md#audio-loading,
 * docs/product/learn.md#spaced-repetition). The screen also uses `GET /api/words`, `GET
 * /api/words/spaced-repetition`, `PUT /api/words/:id` ({isHidden}, {attempts}, {attempts, isActive}), the
 * dictionary's regenerate-image and regenerate-phrase, and `POST /api/generate-audio`.
 */
export const learnPaths = {
  listenCount: '/api/words/:id/listen-count',
  audio: '/api/words/:id/audio',
  image: '/api/words/:id/image',
  regenerateAudio: '/api/words/:id/regenerate-audio',
  completeSpacedRepetition: '/api/words/:id/complete-spaced-repetition',
} as const;

export const learnPath = (path: (typeof learnPaths)[keyof typeof learnPaths], wordId: number) =>
  path.replace(':id', String(wordId));

/**
 * `PATCH /api/words/:id/listen-count`: a card was played through; `listenCount` is the word's new count
 * (the player counts on from the word's `attempts`). The server stores it as both `attempts` (the listen
 * count every screen shows) and `listenCount`, counts a play of a hidden word in `disabledUsageCount`, and
 * records the play as study activity (learning session, streak, last study date).
 */
export const listenCountRequestSchema = z.object({ listenCount: z.number().int().min(0).max(1_000_000) });
export const listenCountResponseSchema = z.object({
  success: z.literal(true),
  attempts: z.number().int(),
  listenCount: z.number().int(),
  disabledUsageCount: z.number().int(),
});
export type ListenCountResponse = z.infer<typeof listenCountResponseSchema>;

/** The card's three clips: first Spanish voice, Russian voice, second Spanish voice. */
export const cardAudioSchema = z.object({
  /**
   * A `/media/…` path, or a `data:` URL for imported words (docs/product/media.md#content-addressed-store);
   * null when it could not be made.
   */
  audioData: z.string().nullable(),
  russianAudioData: z.string().nullable(),
  secondVoiceAudioData: z.string().nullable(),
});
export type CardAudio = z.infer<typeof cardAudioSchema>;

/** `GET /api/words/:id/audio`: the stored clips; a missing one is made on demand and stored on the word. */
export const wordAudioResponseSchema = cardAudioSchema;

/** `GET /api/words/:id/image`: the word's picture (a path, a data: URL or an external URL), or null. */
export const wordImageResponseSchema = z.object({ imageUrl: z.string().nullable() });

/**
 * `POST /api/words/:id/regenerate-audio`: with forceRegenerate the three clips are synthesised anew
 * (replacing their cache entries); without it only missing clips are made. `audioGenerated` is false
 * when no clip could be made: the word's clips are then cleared, for the player to make on demand
 * ('Кэш аудио очищен').
 */
export const regenerateAudioRequestSchema = z.object({ forceRegenerate: z.boolean().default(false) });
export const regenerateAudioResponseSchema = cardAudioSchema.extend({ audioGenerated: z.boolean() });

/**
 * `POST /api/words/:id/complete-spaced-repetition`: a due spaced-repetition word was played through. The
 * step advances once a day; after the last interval the word leaves the scheme.
 */
export const completeSpacedRepetitionResponseSchema = z.object({
  success: z.literal(true),
  spacedRepetitionDay: z.number().int(),
  isSpacedRepetitionActive: z.boolean(),
  lastSpacedRepetitionAt: z.string().nullable(),
});
