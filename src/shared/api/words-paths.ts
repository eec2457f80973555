/** The word list's paths, apart from the schemas so the client's first page can name them without zod. */
export const wordsPaths = {
  words: '/api/words',
  word: '/api/words/:id',
  spacedRepetition: '/api/words/spaced-repetition',
  hide: '/api/words/:id/hide',
  undo: '/api/words/undo',
  themes: '/api/themes',
} as const;
