import { index, integer, pgTable, real, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';
import { words } from './words';

/**
 * The speech cache of docs/product/providers.md#audio-cache: one clip per (text, language, voice, intonation,
 * speed, model) for a user. The spec keys it on the word as well; D9 drops the word so the same sentence in
 * the same voice is synthesised once however many words or audiobooks use it. wordId only records which word
 * first asked. userId is part of the key because clips are paid for with the user's own provider key.
 */
export const audioFiles = pgTable(
  'audio_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    wordId: integer('word_id').references(() => words.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    language: varchar('language', { length: 10 }).notNull(),
    voiceId: varchar('voice_id', { length: 50 }).notNull(),
    intonationStyle: text('intonation_style').notNull().default('neutral'),
    speed: real('speed').notNull().default(1.0),
    model: text('model').notNull().default('eleven_multilingual_v2'),
    /** A `/media/<sha256>.mp3` path (docs/product/media.md#content-addressed-store). */
    audioData: text('audio_data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Starts with user_id, so it also serves as the user_id index.
    unique('audio_files_cache_key_unique').on(
      t.userId,
      t.text,
      t.language,
      t.voiceId,
      t.intonationStyle,
      t.speed,
      t.model,
    ),
    index('audio_files_word_id_idx').on(t.wordId),
  ],
);

export const audioRecordings = pgTable(
  'audio_recordings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A recording outlives its word (it may be tested text with no word at all).
    wordId: integer('word_id').references(() => words.id, { onDelete: 'set null' }),
    text: varchar('text', { length: 500 }).notNull(),
    voiceId: varchar('voice_id', { length: 50 }).notNull(),
    voiceName: text('voice_name'),
    intonationStyle: text('intonation_style'),
    speed: real('speed'),
    language: varchar('language', { length: 10 }).notNull().default('es-MX'),
    provider: text('provider').notNull().default('elevenlabs'),
    /** Seconds. */
    duration: real('duration'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audio_recordings_user_id_created_at_idx').on(t.userId, t.createdAt),
    index('audio_recordings_word_id_idx').on(t.wordId),
  ],
);
