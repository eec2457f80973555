import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { BackupSummary } from '../../../shared/api/transfer';
import {
  audioFiles,
  audioRecordings,
  audiobookGenreLinks,
  audiobookGenres,
  audiobookImageSeries,
  audiobookImageSeriesItems,
  audiobookSentenceImages,
  audiobookSentences,
  audiobookWordsUsed,
  audiobooks,
  dailyActivity,
  dailyStudiedWords,
  generatedImages,
  learningSessions,
  reviewCards,
  reviewLogs,
  userProgress,
  userSettings,
  wordImages,
  words,
} from '../../db/schema';

/**
 * Everything a learner owns, table by table, as a backup writes and a restore reads it
 * (docs/product/transfer.md#backup): the order is the restore's (a row's references come before it), and
 * each table says which of its columns point at rows of another, so a restore gives every row its new id.
 */
export interface BackupTable {
  /** The entry `tables/<name>.jsonl` of the archive. */
  name: string;
  table: PgTable;
  /** The integer identity a restore gives anew, whose old value later rows refer to. */
  hasId: boolean;
  /** Column → the backup table its value is an id of. */
  references: Readonly<Record<string, string>>;
  /**
   * References that may stay unresolved: the row keeps null (a clip cached for a word no longer there). A
   * required reference that does not resolve drops the row.
   */
  optionalReferences?: readonly string[];
  /** References filled in after their table is restored (the two point at each other). */
  deferredReferences?: Readonly<Record<string, string>>;
  /** Columns a backup never holds: keys, and links to records it does not keep. */
  omitted?: readonly string[];
  /** Columns written as null on restore (links to job records a backup does not keep). */
  cleared?: readonly string[];
  /** Columns holding `/media/…` paths: their files travel in the archive. */
  mediaColumns: readonly string[];
  /**
   * The columns (references mapped) that tell a row apart within its learner's: a restore into an account
   * that has such a row already keeps the account's and maps the backup's id to it. This makes a restore
   * merge by D8 for words, and makes running it again (after an interruption) add nothing twice.
   */
  naturalKey: readonly string[];
  /** One row per learner (settings, progress): restored over the account's. */
  isSingleRow?: boolean;
}

export const BACKUP_TABLES: readonly BackupTable[] = [
  {
    name: 'settings',
    table: userSettings,
    hasId: false,
    references: {},
    omitted: ['openaiApiKeyEncrypted', 'elevenlabsApiKeyEncrypted', 'leonardoApiKeyEncrypted'],
    mediaColumns: [],
    naturalKey: [],
    isSingleRow: true,
  },
  {
    name: 'progress',
    table: userProgress,
    hasId: false,
    references: {},
    mediaColumns: [],
    naturalKey: [],
    isSingleRow: true,
  },
  {
    name: 'words',
    table: words,
    hasId: true,
    references: {},
    mediaColumns: [
      'imageUrl',
      'imageUrlMobile',
      'imageUrlDesktop',
      'audioData',
      'russianAudioData',
      'secondVoiceAudioData',
    ],
    naturalKey: ['duplicateKey'],
  },
  {
    name: 'generated_images',
    table: generatedImages,
    hasId: true,
    references: { wordId: 'words' },
    mediaColumns: ['imageUrl'],
    naturalKey: ['wordId', 'imageUrl', 'createdAt'],
  },
  {
    name: 'word_images',
    table: wordImages,
    hasId: true,
    references: { wordId: 'words' },
    mediaColumns: ['imageData'],
    naturalKey: ['wordId', 'imageData', 'createdAt'],
  },
  {
    name: 'audio_files',
    table: audioFiles,
    hasId: true,
    references: { wordId: 'words' },
    optionalReferences: ['wordId'],
    mediaColumns: ['audioData'],
    naturalKey: ['text', 'language', 'voiceId', 'intonationStyle', 'speed', 'model'],
  },
  {
    name: 'audio_recordings',
    table: audioRecordings,
    hasId: true,
    references: { wordId: 'words' },
    optionalReferences: ['wordId'],
    mediaColumns: [],
    naturalKey: ['text', 'voiceId', 'createdAt'],
  },
  {
    name: 'review_cards',
    table: reviewCards,
    hasId: true,
    references: { wordId: 'words' },
    mediaColumns: [],
    naturalKey: ['wordId', 'direction'],
  },
  {
    name: 'review_logs',
    table: reviewLogs,
    hasId: true,
    references: { cardId: 'review_cards' },
    mediaColumns: [],
    naturalKey: ['reviewId'],
  },
  {
    name: 'audiobook_genres',
    table: audiobookGenres,
    hasId: true,
    references: {},
    mediaColumns: [],
    naturalKey: ['name'],
  },
  {
    name: 'audiobooks',
    table: audiobooks,
    hasId: true,
    references: {},
    deferredReferences: { selectedImageSeriesId: 'audiobook_image_series' },
    cleared: ['creationJobId'],
    mediaColumns: ['coverImageData'],
    naturalKey: ['title', 'createdAt'],
  },
  {
    name: 'audiobook_sentences',
    table: audiobookSentences,
    hasId: true,
    references: { audiobookId: 'audiobooks' },
    mediaColumns: ['audioData', 'secondVoiceAudioData', 'russianAudioData', 'imageData'],
    naturalKey: ['audiobookId', 'orderIndex'],
  },
  {
    name: 'audiobook_words_used',
    table: audiobookWordsUsed,
    hasId: true,
    references: { audiobookId: 'audiobooks', wordId: 'words' },
    mediaColumns: [],
    naturalKey: ['audiobookId', 'wordId'],
  },
  {
    name: 'audiobook_genre_links',
    table: audiobookGenreLinks,
    hasId: false,
    references: { audiobookId: 'audiobooks', genreId: 'audiobook_genres' },
    mediaColumns: [],
    naturalKey: ['audiobookId', 'genreId'],
  },
  {
    name: 'audiobook_image_series',
    table: audiobookImageSeries,
    hasId: true,
    references: { audiobookId: 'audiobooks' },
    mediaColumns: [],
    naturalKey: ['audiobookId', 'createdAt'],
  },
  {
    name: 'audiobook_image_series_items',
    table: audiobookImageSeriesItems,
    hasId: true,
    references: { seriesId: 'audiobook_image_series', sentenceId: 'audiobook_sentences' },
    mediaColumns: ['imageData'],
    naturalKey: ['seriesId', 'sentenceId'],
  },
  {
    name: 'audiobook_sentence_images',
    table: audiobookSentenceImages,
    hasId: true,
    references: { sentenceId: 'audiobook_sentences', audiobookId: 'audiobooks' },
    cleared: ['generationJobId'],
    mediaColumns: ['imageData'],
    naturalKey: ['sentenceId', 'serviceProvider', 'imageStyle'],
  },
  {
    name: 'learning_sessions',
    table: learningSessions,
    hasId: true,
    references: {},
    mediaColumns: [],
    naturalKey: ['startTime'],
  },
  {
    name: 'daily_activity',
    table: dailyActivity,
    hasId: false,
    references: {},
    mediaColumns: [],
    naturalKey: ['day'],
  },
  {
    name: 'daily_studied_words',
    table: dailyStudiedWords,
    hasId: false,
    references: { wordId: 'words' },
    mediaColumns: [],
    naturalKey: ['day', 'wordId'],
  },
];

/**
 * The longest line a restore reads (docs/product/transfer.md#backup): a row is what the app's own calls
 * wrote, whose bodies are at most 1 MB, so a longer line is no row of ours and is skipped as an error of its
 * table, its bytes never held.
 */
export const MAX_BACKUP_LINE_BYTES = 1024 * 1024;

/** A line of a table's entry as a restore reads it: its JSON value, or why it has none. */
export type BackupLine = { value: unknown } | { isTooLong: true } | { isUnreadable: true };

/** The word-theme links travel by theme name: themes are one catalogue for every learner. */
export const WORD_THEMES_ENTRY = 'tables/word_themes.jsonl';
export const tableEntry = (table: BackupTable) => `tables/${table.name}.jsonl`;
export const BACKUP_MANIFEST = 'manifest.json';
/**
 * The archive's layout version: a restore refuses a backup of a version it does not know. 2: the settings
 * `themeMode` and `playAllDelay` are read (see `settingsOfBackup`).
 */
export const BACKUP_VERSION = 2;

/**
 * A backup's settings row as this version reads it. Before version 2 nothing read `themeMode` (the theme was
 * `theme` alone) or `playAllDelay` (play-all had no pause), so the learner gets back what they saw, as the
 * migration that began to read them gave every learner (docs/product/decisions.md#settings-stored-and-read).
 */
export function settingsOfBackup(
  row: Readonly<Record<string, unknown>>,
  version: number,
): Readonly<Record<string, unknown>> {
  if (version >= 2) return row;
  const read: Record<string, unknown> = { ...row };
  if ('theme' in row) read.themeMode = row.theme === 'system' ? 'auto' : 'manual';
  if ('playAllDelay' in row) read.playAllDelay = 0;
  return read;
}

/** What the archive's `manifest.json` says: the layout's version, when, and what it holds. */
export const backupManifestSchema = z.object({
  app: z.literal('palabra'),
  version: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  rows: z.record(z.string(), z.number().int()),
  /** Every media file in `media/`, by its name (`<sha256>.<ext>`). */
  media: z.array(z.string()),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const summaryOfManifest = (manifest: BackupManifest): BackupSummary => ({
  createdAt: manifest.createdAt,
  rows: manifest.rows,
  mediaFiles: manifest.media.length,
});

/** An opened backup: its manifest, each table's lines as JSON values, each media file. */
export interface BackupArchive {
  manifest: BackupManifest;
  rows(entry: string): AsyncIterable<BackupLine>;
  readMedia(name: string): Promise<Buffer | undefined>;
  close(): void;
}
