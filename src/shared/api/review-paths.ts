/**
 * The review mode's calls (docs/product/review.md#server): the day's queue, a grade and its undo, the learner's review
 * figures and the words review has mastered. Its schedule is its own: none of these touch the words'
 * spaced-repetition list of Learn. The paths stand apart from the schemas so the client's first page can
 * name them without zod.
 */
export const reviewPaths = {
  queue: '/api/review/queue',
  grade: '/api/review/:cardId/grade',
  undo: '/api/review/undo',
  stats: '/api/review/stats',
  masteredWords: '/api/review/mastered-words',
} as const;
