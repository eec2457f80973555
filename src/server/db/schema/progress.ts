import { boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAt } from './columns';
import { users } from './users';

/** One row per learner, created on first need; counters are kept in step by the services. */
export const userProgress = pgTable('user_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  wordsAdded: integer('words_added').notNull().default(0),
  wordsLearned: integer('words_learned').notNull().default(0),
  totalSentences: integer('total_sentences').notNull().default(0),
  totalSessions: integer('total_sessions').notNull().default(0),
  currentStreak: integer('current_streak').notNull().default(0),
  lastStudyDate: timestamptz('last_study_date'),
  sessionListenCount: integer('session_listen_count').notNull().default(0),
  lastLoginDate: timestamptz('last_login_date'),
  updatedAt: updatedAt(),
});

export const learningSessions = pgTable(
  'learning_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startTime: timestamptz('start_time').notNull().defaultNow(),
    // Null while the session is still open.
    endTime: timestamptz('end_time'),
    wordsStudied: integer('words_studied').notNull().default(0),
    correctAnswers: integer('correct_answers').notNull().default(0),
    /** Seconds. */
    totalTime: integer('total_time').notNull().default(0),
  },
  // Serves "words studied today" and the streak, both ranges over start_time per user.
  (t) => [index('learning_sessions_user_id_start_time_idx').on(t.userId, t.startTime)],
);

/**
 * The learner's study, one row per learner and local day (docs/product/progress.md#daily-activity), kept
 * from the first play of the day on for the goals and the charts. `day` is the learner's date in their time
 * zone when they studied; the counters grow with each play.
 */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    /**
     * Distinct words studied that day, played through or graded in review: grows only when a word enters
     * `daily_studied_words`.
     */
    wordsStudied: integer('words_studied').notNull().default(0),
    /** Of those, the words graded in review that day: grows when a word's row is first marked `reviewed`. */
    wordsReviewed: integer('words_reviewed').notNull().default(0),
    /** Cards played through, every replay included. */
    plays: integer('plays').notNull().default(0),
    /** Study time: listening measured between plays, plus review grades' time (docs/product/progress.md#study-time). */
    secondsStudied: integer('seconds_studied').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Which words a learner studied on which local day, once each: the primary key makes "distinct words
 * today" exact under concurrent plays. No link to `words`: a word deleted later was still studied that day,
 * ids are never reused, and a cascade would cost a scan of this table per deleted word.
 */
export const dailyStudiedWords = pgTable(
  'daily_studied_words',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    wordId: integer('word_id').notNull(),
    /** Graded in review that day (besides, perhaps, played through). */
    reviewed: boolean('reviewed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.wordId] })],
);
