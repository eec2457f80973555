import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type PgTableExtraConfigValue,
  real,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';
import { words } from './words';

/*
 * Child tables (sentences, words used, genre links, series items, sentence images) are reachable through
 * their audiobook, yet each also carries an indexed userId so every user-owned row can be scoped directly,
 * without a join, and a user's data deleted in one pass. Services copy it from the parent on insert.
 */

/** 'processing' while the creation job runs; 'ready' after finalize; 'failed' when it gave up. */
export type AudiobookStatus = 'processing' | 'ready' | 'failed';
/**
 * docs/product/audiobooks.md#player names completed, generating and failed; pending is the value before the
 * first batch.
 */
export type ImageSeriesStatus = 'pending' | 'generating' | 'completed' | 'failed';
/** generating, queued, processing and pending count as active (docs/product/audiobooks.md#library). */
export type ImageGenerationJobStatus =
  'pending' | 'queued' | 'processing' | 'generating' | 'completed' | 'failed' | 'cancelled';

export const audiobooks = pgTable(
  'audiobooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    genre: text('genre'),
    /** A1, A2, B1 or B2. */
    grammarLevel: text('grammar_level'),
    targetWordCount: integer('target_word_count').notNull(),
    actualWordCount: integer('actual_word_count').notNull().default(0),
    actualWordCountSpanish: integer('actual_word_count_spanish').notNull().default(0),
    actualWordCountRussian: integer('actual_word_count_russian').notNull().default(0),
    actualWordCountTotal: integer('actual_word_count_total').notNull().default(0),
    wordsUsedActive: integer('words_used_active').notNull().default(0),
    wordsUsedDisabled: integer('words_used_disabled').notNull().default(0),
    activeWordsUsed: integer('active_words_used').notNull().default(0),
    totalActiveWords: integer('total_active_words').notNull().default(0),
    passiveWordsUsed: integer('passive_words_used').notNull().default(0),
    totalPassiveWords: integer('total_passive_words').notNull().default(0),
    listenCount: integer('listen_count').notNull().default(0),
    verificationCompleted: boolean('verification_completed').notNull().default(false),
    imageStep: integer('image_step').notNull().default(3),
    status: text('status').$type<AudiobookStatus>().notNull().default('processing'),
    /** Index of the current sentence. */
    lastPlayedPosition: integer('last_played_position').notNull().default(0),
    lastPlayedAt: timestamptz('last_played_at'),
    /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
    coverImageData: text('cover_image_data'),
    sentenceCount: integer('sentence_count').notNull().default(0),
    mainAudioCount: integer('main_audio_count').notNull().default(0),
    secondVoiceCount: integer('second_voice_count').notNull().default(0),
    russianAudioCount: integer('russian_audio_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
    /** Null means the original images; cleared automatically when the series is deleted. */
    selectedImageSeriesId: integer('selected_image_series_id'),
    /** The genre keys the story was written for; the genre links are derived from it (fix-tags). */
    genreNames: jsonb('genre_names').$type<string[]>().notNull().default([]),
    /** The creation job (docs/product/audiobooks.md#creation), while and after it runs. */
    creationJobId: uuid('creation_job_id'),
    /** Why creation failed, as a code with its params (docs/product/errors.md); null unless status is 'failed'. */
    error: jsonb('error').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Annotated because this table and audiobook_image_series reference each other.
  (t): PgTableExtraConfigValue[] => [
    // Named by hand here and below: generated names would pass PostgreSQL's 63-character limit.
    foreignKey({
      name: 'audiobooks_selected_image_series_id_fk',
      columns: [t.selectedImageSeriesId],
      foreignColumns: [audiobookImageSeries.id],
    }).onDelete('set null'),
    index('audiobooks_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('audiobooks_selected_image_series_id_idx').on(t.selectedImageSeriesId),
  ],
);

export const audiobookSentences = pgTable(
  'audiobook_sentences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull(),
    spanish: text('spanish').notNull(),
    russian: text('russian').notNull(),
    // Media columns hold `/media/…` paths (docs/product/media.md#content-addressed-store); null until
    // generated on demand.
    audioData: text('audio_data'),
    secondVoiceAudioData: text('second_voice_audio_data'),
    russianAudioData: text('russian_audio_data'),
    imageData: text('image_data'),
    listenCount: integer('listen_count').notNull().default(0),
    imageStyle: text('image_style'),
    // The settings each clip was made with (voice, speed, intonation, speech model), so a change of the
    // learner's settings tells its clips apart (docs/product/audiobooks.md#clips-and-the-learners-settings).
    // The spec's speechSpeed, model and intonationStyle are the first Spanish clip's; the other two clips
    // have their own, as each clip is made (and remade) on its own. Null: not recorded (an older clip).
    mainVoiceId: text('main_voice_id'),
    secondVoiceId: text('second_voice_id'),
    russianVoiceId: text('russian_voice_id'),
    speechSpeed: real('speech_speed'),
    model: text('model'),
    intonationStyle: text('intonation_style'),
    secondVoiceSpeechSpeed: real('second_voice_speech_speed'),
    secondVoiceModel: text('second_voice_model'),
    secondVoiceIntonationStyle: text('second_voice_intonation_style'),
    russianSpeechSpeed: real('russian_speech_speed'),
    russianModel: text('russian_model'),
    russianIntonationStyle: text('russian_intonation_style'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('audiobook_sentences_audiobook_id_order_index_unique').on(t.audiobookId, t.orderIndex),
    index('audiobook_sentences_user_id_idx').on(t.userId),
  ],
);

export const audiobookWordsUsed = pgTable(
  'audiobook_words_used',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whether the word was active (studied) or passive (hidden) when the book was written. */
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    // Re-verification recomputes usage; the pair key lets it upsert instead of piling up rows.
    unique('audiobook_words_used_audiobook_id_word_id_unique').on(t.audiobookId, t.wordId),
    index('audiobook_words_used_word_id_idx').on(t.wordId),
    index('audiobook_words_used_user_id_idx').on(t.userId),
  ],
);

/**
 * The learner's genres (docs/product/audiobooks.md#genres): the twelve built-in ones, named by their
 * catalogue key and added for every learner when first read, and any the learner adds.
 */
export const audiobookGenres = pgTable(
  'audiobook_genres',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('audiobook_genres_user_id_name_unique').on(t.userId, t.name)],
);

export const audiobookGenreLinks = pgTable(
  'audiobook_genre_links',
  {
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => audiobookGenres.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    // The spec's "unique pair", as the primary key.
    primaryKey({ name: 'audiobook_genre_links_pk', columns: [t.audiobookId, t.genreId] }),
    index('audiobook_genre_links_genre_id_idx').on(t.genreId),
    index('audiobook_genre_links_user_id_idx').on(t.userId),
  ],
);

export const audiobookImageSeries = pgTable(
  'audiobook_image_series',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** openai, leonardo or builtin. */
    serviceProvider: text('service_provider').notNull(),
    /** The catalogue style id 1–15, held as text as the spec does. */
    imageStyle: text('image_style').notNull(),
    styleName: text('style_name'),
    // The language model's analyses that keep characters and atmosphere consistent across the series.
    characterAnalysis: jsonb('character_analysis').$type<Record<string, unknown>>(),
    atmosphereAnalysis: jsonb('atmosphere_analysis').$type<Record<string, unknown>>(),
    status: text('status').$type<ImageSeriesStatus>().notNull().default('pending'),
    completedSentences: integer('completed_sentences').notNull().default(0),
    totalSentences: integer('total_sentences').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('audiobook_image_series_audiobook_id_idx').on(t.audiobookId),
    index('audiobook_image_series_user_id_idx').on(t.userId),
  ],
);

export const audiobookImageSeriesItems = pgTable(
  'audiobook_image_series_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    seriesId: integer('series_id').notNull(),
    sentenceId: integer('sentence_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
    imageData: text('image_data'),
    generationPrompt: text('generation_prompt'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'audiobook_image_series_items_series_id_fk',
      columns: [t.seriesId],
      foreignColumns: [audiobookImageSeries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'audiobook_image_series_items_sentence_id_fk',
      columns: [t.sentenceId],
      foreignColumns: [audiobookSentences.id],
    }).onDelete('cascade'),
    // Fill-in upserts on this pair, so a re-run replaces rather than duplicates.
    unique('audiobook_image_series_items_series_id_sentence_id_unique').on(t.seriesId, t.sentenceId),
    index('audiobook_image_series_items_sentence_id_idx').on(t.sentenceId),
    index('audiobook_image_series_items_user_id_idx').on(t.userId),
  ],
);

export const imageGenerationJobs = pgTable(
  'image_generation_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null for jobs that fill the original images rather than a series.
    seriesId: integer('series_id').references(() => audiobookImageSeries.id, { onDelete: 'cascade' }),
    serviceProvider: text('service_provider').notNull(),
    /**
     * As the row was written: a row drawn by a runtime job (`jobId`) reads its status, counts and end from
     * that job (docs/product/decisions.md#series-progress-is-the-jobs); only a row from before series were
     * runtime jobs reads these.
     */
    status: text('status').$type<ImageGenerationJobStatus>().notNull().default('pending'),
    imageStyle: text('image_style'),
    styleName: text('style_name'),
    characterStyle: text('character_style'),
    characterStyleName: text('character_style_name'),
    batchSize: integer('batch_size').notNull().default(5),
    /** The job of the one runtime that draws the pictures (docs/product/jobs.md): its progress is the series'. */
    jobId: uuid('job_id'),
    errorMessage: text('error_message'),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('image_generation_jobs_user_id_status_idx').on(t.userId, t.status),
    index('image_generation_jobs_audiobook_id_idx').on(t.audiobookId),
    index('image_generation_jobs_series_id_idx').on(t.seriesId),
  ],
);

/** A shared catalogue of character styles per image provider; not user-owned. */
export const characterStyles = pgTable(
  'character_styles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    promptModifier: text('prompt_modifier'),
    serviceProvider: text('service_provider'),
    isActive: boolean('is_active').notNull().default(true),
  },
  // Lets the seed upsert by name; the same name may exist once per provider.
  (t) => [unique('character_styles_name_service_provider_unique').on(t.name, t.serviceProvider)],
);

export const audiobookSentenceImages = pgTable(
  'audiobook_sentence_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sentenceId: integer('sentence_id')
      .notNull()
      .references(() => audiobookSentences.id, { onDelete: 'cascade' }),
    audiobookId: integer('audiobook_id')
      .notNull()
      .references(() => audiobooks.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceProvider: text('service_provider').notNull(),
    /** A `/media/…` path (docs/product/media.md#content-addressed-store). */
    imageData: text('image_data'),
    imageUrl: text('image_url'),
    // Not null so the unique key below holds (NULLs would never collide).
    imageStyle: text('image_style').notNull(),
    styleName: text('style_name'),
    characterStyle: text('character_style'),
    characterStyleName: text('character_style_name'),
    // The image outlives the job record that made it (set null below).
    generationJobId: integer('generation_job_id'),
    quality: text('quality').notNull().default('standard'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'audiobook_sentence_images_generation_job_id_fk',
      columns: [t.generationJobId],
      foreignColumns: [imageGenerationJobs.id],
    }).onDelete('set null'),
    unique('audiobook_sentence_images_sentence_provider_style_unique').on(
      t.sentenceId,
      t.serviceProvider,
      t.imageStyle,
    ),
    index('audiobook_sentence_images_audiobook_id_idx').on(t.audiobookId),
    index('audiobook_sentence_images_user_id_idx').on(t.userId),
    index('audiobook_sentence_images_generation_job_id_idx').on(t.generationJobId),
  ],
);
