import { isNotNull } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { UploadFill } from '../../../shared/api/uploads';
import type { JobStatus } from '../../../shared/realtime';
import { createdAt, timestamptz, updatedAt } from './columns';
import { users } from './users';
import { words } from './words';

/** A job's status (docs/product/jobs.md#job-row): the one list the `/ws` messages carry too. */
export type { JobStatus } from '../../../shared/realtime';

/** Live progress of a job as its row stores it (docs/product/jobs.md#progress), also pushed over `/ws`. */
export interface JobProgress {
  total: number;
  processed: number;
  failed: number;
  stage: string;
  currentWord: string | null;
  /** Milliseconds, from the measured rate; null until there is a rate. */
  estimatedTimeRemaining: number | null;
  /** Per-stage counts of the ten monitoring stages (docs/product/upload.md#stages). */
  stages?: { name: string; completed: number; total: number; skipped?: { reason: string } }[];
  /** Named event counts of a job that has them (an audiobook's creation: docs/product/audiobooks.md#creation). */
  counters?: Record<string, number>;
}

/**
 * A user-visible long job of any kind (word uploads, dictionary maintenance, audiobooks, exports…). pg-boss runs it;
 * this row is what the user sees and what survives pg-boss's own archive/cleanup. `input` and `results`
 * are shaped per `kind` by that job's zod schema, so the table stays generic.
 */
export const jobsTable = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e.g. 'process-batch', 'upload-file', 'regenerate-translations'. */
    kind: text('kind').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    input: jsonb('input').$type<unknown>(),
    progress: jsonb('progress').$type<JobProgress>(),
    results: jsonb('results').$type<unknown>(),
    /** Why the whole job failed, as a code with its params (docs/product/errors.md); null unless it did. */
    error: jsonb('error').$type<unknown>(),
    /** The sentence a job that failed before errors became codes stored; read back to its code. */
    errorMessage: text('error_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz('completed_at'),
    /**
     * When the learner closed the finished upload's report (docs/product/upload.md#the-upload-comes-back):
     * from then on it is no longer the upload every device shows.
     */
    dismissedAt: timestamptz('dismissed_at'),
    /**
     * The app instance running the job (a random id each instance draws at start), null while none does:
     * pending, released at a graceful stop, or finished (docs/product/jobs.md#crashed-jobs).
     */
    ownerInstanceId: text('owner_instance_id'),
    /** When the owner last renewed its lease, by the database's clock; a lease not renewed in time has lapsed. */
    leaseRenewedAt: timestamptz('lease_renewed_at'),
    /** Runs of the job whose instance died during them (lapsed leases); the third fails it with `job_crashed`. */
    crashedStarts: integer('crashed_starts').notNull().default(0),
  },
  (t) => [
    index('jobs_user_id_created_at_idx').on(t.userId, t.createdAt),
    // Only the jobs some instance holds: each instance's renewal and every tick's look for lapsed leases
    // read these few rows, never the table.
    index('jobs_owner_instance_id_idx').on(t.ownerInstanceId).where(isNotNull(t.ownerInstanceId)),
  ],
);

/**
 * The words an upload or an import added, a row each, written in the transaction that saves them
 * (docs/product/upload.md#idempotence): what a resumed run skips and what the report lists once the job is
 * done. A job's checkpoint then never rewrites a list that grows with every chunk.
 */
export const uploadJobWords = pgTable(
  'upload_job_words',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobsTable.id, { onDelete: 'cascade' }),
    wordId: integer('word_id')
      .notNull()
      .references(() => words.id, { onDelete: 'cascade' }),
    /** The word's line (a row of an import), which orders the report. */
    lineNumber: integer('line_number').notNull(),
    /**
     * The fields the app filled without a language model, with what the learner typed
     * (docs/product/upload.md#fills-without-a-model); null when it filled none.
     */
    filled: jsonb('filled').$type<UploadFill[]>(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.wordId] }), index('upload_job_words_word_id_idx').on(t.wordId)],
);
