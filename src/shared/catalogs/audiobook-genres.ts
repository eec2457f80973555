/**
 * The twelve built-in audiobook genres (docs/product/audiobooks.md#genres): catalogue keys, stored as a
 * genre's name and shown through i18n (`audiobooks.genre.<key>`); every learner has them, and cannot
 * delete them. A learner's own genres are any other name.
 */
export const BUILTIN_AUDIOBOOK_GENRES = [
  'detective_poirot',
  'detective_holmes',
  'adventure',
  'scifi',
  'fairy_tale',
  'scary_witches',
  'scary_vampires',
  'scary_ghosts',
  'scary_magic',
  'scary_monsters',
  'drama_tension',
  'horror',
] as const;
export type BuiltinAudiobookGenre = (typeof BUILTIN_AUDIOBOOK_GENRES)[number];

export const isBuiltinAudiobookGenre = (name: string): name is BuiltinAudiobookGenre =>
  (BUILTIN_AUDIOBOOK_GENRES as readonly string[]).includes(name);

/** Grammar levels a book is written at; B1 is the creation dialog's default. */
export const AUDIOBOOK_LEVELS = ['A1', 'A2', 'B1', 'B2'] as const;
export type AudiobookLevel = (typeof AUDIOBOOK_LEVELS)[number];
export const DEFAULT_AUDIOBOOK_LEVEL: AudiobookLevel = 'B1';

/** The creation dialog's word-count slider. */
export const AUDIOBOOK_WORD_COUNT = { min: 100, max: 1000, step: 50, default: 200 } as const;
