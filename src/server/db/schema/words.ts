import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
import { users } from './users';

export const words = pgTable(
  'words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spanish: text('spanish').notNull(),
    russian: text('russian').notNull(),
    /**
     * Saved without a translation: a Spanish-only line with no language model to translate it
     * (docs/product/upload.md#spanish-only-lines); `russian` is empty until the learner adds one.
     */
    needsTranslation: boolean('needs_translation').notNull().default(false),
    /**
     * The normalised Spanish text of docs/product/upload.md#duplicate-key (NFC, lower-case, article and
     * trailing punctuation removed), computed by the shared duplicate-key helper on every insert and on every
     * change of `spanish`.
     */
    duplicateKey: text('duplicate_key').notNull(),
    example: text('example'),
    exampleTranslation: text('example_translation'),
    highlightedSpanishWord: text('highlighted_spanish_word'),
    highlightedRussianWord: text('highlighted_russian_word'),
    // Media columns hold a `/media/<sha256>.<ext>` path or, for imported data, a data: URL
    // (docs/product/media.md#content-addressed-store).
    imageUrl: text('image_url'),
    imageUrlMobile: text('image_url_mobile'),
    imageUrlDesktop: text('image_url_desktop'),
    imageStyle: text('image_style'),
    attempts: integer('attempts').notNull().default(0),
    listenCount: integer('listen_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isHidden: boolean('is_hidden').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    partOfSpeech: text('part_of_speech'),
    cefrLevel: text('cefr_level'),
    themeCategory: text('theme_category'),
    disabledAt: timestamptz('disabled_at'),
    lastSpacedRepetitionAt: timestamptz('last_spaced_repetition_at'),
    spacedRepetitionDay: integer('spaced_repetition_day').notNull().default(0),
    isSpacedRepetitionActive: boolean('is_spaced_repetition_active').notNull().default(false),
    supplementaryUsageCount: integer('supplementary_usage_count').notNull().default(0),
    disabledUsageCount: integer('disabled_usage_count').notNull().default(0),
    audiobookUsageCount: integer('audiobook_usage_count').notNull().default(0),
    audioData: text('audio_data'),
    russianAudioData: text('russian_audio_data'),
    secondVoiceAudioData: text('second_voice_audio_data'),
    createdAt: createdAt(),
  },
  (t) => [
    /**
     * The spec's "unique on user plus Spanish text", realised on the D8 key rather than the raw text so
     * "El perro", "perro" and "perro." collide. It also makes re-running an upload job idempotent
     * (inserts use ON CONFLICT DO NOTHING) and, starting with user_id, serves as the user_id index.
     */
    unique('words_user_id_duplicate_key_unique').on(t.userId, t.duplicateKey),
    index('words_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('words_user_id_is_active_idx').on(t.userId, t.isActive),
  ],
);

/**
 * A counter per learner that moves with every committed change to their words, kept by statement
 * triggers on `words` (migration 0003), so every write path counts, whichever module or instance made it.
 * It lets a cached word list be served after one key lookup instead of reading thousands of rows. No
 * foreign key: the triggers also run while a learner's account and words are being deleted.
 */
export const wordListVersions = pgTable('word_list_versions', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** A shared catalogue of thematic categories (name is globally unique), so it has no userId. */
export const themes = pgTable('themes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique('themes_name_unique'),
  icon: text('icon'),
});

/**
 * No userId: a link is owned through its word, and every query reaches it by joining `words`, which
 * is user-scoped.
 */
export const wordThemes = pgTable(
  'word_themes',
  {
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    themeId: integer('theme_id')
      .notNull()
      .references(() => themes.id, { onDelete: 'cascade' }),
    order: integer('order').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'word_themes_pk', columns: [t.wordId, t.themeId] }),
    index('word_themes_theme_id_idx').on(t.themeId),
  ],
);

/**
 * What a change the learner may take back overwrote (docs/product/decisions.md#undo-snapshots): the listen
 * counts a reset set to 0, or the study fields a hide changed. The id is the undo token the change answered
 * with; only its learner may use it, until `expiresAt`. `undoneAt` makes a repeated undo a no-op that answers
 * as the first did.
 */
export const wordUndoSnapshots = pgTable(
  'word_undo_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'listen_counts' | 'hide'>().notNull(),
    /** Rows of `{id, …the fields as they were}`, read back with `jsonb_to_recordset`. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>[]>().notNull(),
    /** How many words the undo restores, answered again by a repeated undo. */
    wordCount: integer('word_count').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    undoneAt: timestamptz('undone_at'),
  },
  (t) => [index('word_undo_snapshots_expires_at_idx').on(t.expiresAt)],
);
