import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
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
