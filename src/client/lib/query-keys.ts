/**
 * Root query keys shared across features, so that one feature can invalidate another's data
 * (an upload refreshes the home word list, a sign-in refreshes the auth state).
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    status: ['auth', 'status'] as const,
    user: ['auth', 'user'] as const,
    providers: ['auth', 'providers'] as const,
  },
  settings: ['settings'] as const,
  /** Provider lists for Settings, keyed apart from `settings` so saving a setting does not refetch them. */
  providers: {
    voices: ['providers', 'voices'] as const,
    models: ['providers', 'models'] as const,
    modelsFor: (keyIdentity: Readonly<Record<string, unknown>>) =>
      ['providers', 'models', keyIdentity] as const,
    leonardoTokenInfo: ['providers', 'leonardo-token-info'] as const,
    leonardoTokenInfoFor: (keyHint: string | null) => ['providers', 'leonardo-token-info', keyHint] as const,
  },
  progress: ['progress'] as const,
  /** The review mode (docs/product/review.md): a session's queue, the figures, the words that leave Learn. */
  /** The dashboard's history (docs/product/progress.md#progress-over-time). */
  stats: { history: ['stats', 'history'] as const },
  review: {
    queue: ['review', 'queue'] as const,
    stats: ['review', 'stats'] as const,
    masteredWords: ['review', 'mastered-words'] as const,
  },
  /** One entry per background job, whatever its kind: the socket and the status call both write into it. */
  jobs: {
    byId: (jobId: string) => ['jobs', jobId] as const,
  },
  /**
   * The audiobook library (docs/product/audiobooks.md#library): the list, one book, its sentences and the
   * learner's genres. Creating a book invalidates `all`.
   */
  audiobooks: {
    all: ['audiobooks'] as const,
    list: ['audiobooks', 'list'] as const,
    book: (id: number) => ['audiobooks', 'book', id] as const,
    sentences: (id: number) => ['audiobooks', 'sentences', id] as const,
    genres: (sortBy: 'name' | 'createdAt') => ['audiobooks', 'genres', sortBy] as const,
    genresAll: ['audiobooks', 'genres'] as const,
    /** The player's reads of one book (docs/product/audiobooks.md#player). */
    position: (id: number) => ['audiobooks', 'position', id] as const,
    audioStatus: (id: number) => ['audiobooks', 'audio-status', id] as const,
    imageStats: (id: number) => ['audiobooks', 'image-stats', id] as const,
    series: (id: number) => ['audiobooks', 'series', id] as const,
    seriesItems: (id: number, seriesId: number) => ['audiobooks', 'series-items', id, seriesId] as const,
    revoice: (id: number) => ['audiobooks', 'revoice', id] as const,
    sentencesWithoutAudio: ['audiobooks', 'sentences-without-audio'] as const,
    /** The catalogue's style previews: the same for every book and learner. */
    stylePreviews: ['audiobooks', 'style-previews'] as const,
  },
  /** The learner's running or last finished upload, as the server names it for every tab and device. */
  uploads: { current: ['uploads', 'current'] as const },
  words: {
    all: ['words'] as const,
    /** The whole list (`GET /api/words` without a limit): one entry every screen shares. */
    whole: ['words', 'whole'] as const,
    list: (query: Readonly<Record<string, unknown>>) => ['words', 'list', query] as const,
    spacedRepetition: ['words', 'spaced-repetition'] as const,
    images: (wordId: number) => ['words', 'images', wordId] as const,
    mediaGallery: (wordId: number) => ['words', 'media-gallery', wordId] as const,
    audiobookSentences: (wordId: number) => ['words', 'audiobook-sentences', wordId] as const,
    image: (wordId: number) => ['words', 'image', wordId] as const,
  },
};

/** Words change behind the learner's back (background jobs), so they are kept longer but never trusted longer. */
export const WORDS_STALE_TIME_MS = 5 * 60 * 1000;
export const WORDS_GC_TIME_MS = 10 * 60 * 1000;
