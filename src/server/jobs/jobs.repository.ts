import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { CodedError } from '../../shared/api/errors';
import { type JobProgress, type JobStatus, jobsTable } from '../db/schema';

export type JobRow = typeof jobsTable.$inferSelect;

type ProgressChanges = { progress?: JobProgress; results?: unknown };

/** How long a lease lasts without renewal, and how many lapses a job may have before it fails. */
export interface LeaseTerms {
  lapseMs: number;
  maxCrashedStarts: number;
}

const UNFINISHED: JobStatus[] = ['pending', 'processing'];

/** The lease was last renewed longer ago than it lasts, by the database's clock (instances' clocks may differ). */
const hasLapsed = (lapseMs: number) =>
  sql`${jobsTable.leaseRenewedAt} < now() - ${lapseMs}::integer * interval '1 millisecond'`;

type JobChanges = Partial<{
  status: JobStatus;
  progress: JobProgress;
  results: unknown;
  error: CodedError;
  completedAt: Date | null;
}>;

/**
 * A job as its learner's screens read it, polled every few seconds while it runs: without its input (an
 * import's every row) and without a running job's checkpoint, which only the run reads. Results come once
 * the job is over.
 */
const viewColumns = {
  id: jobsTable.id,
  userId: jobsTable.userId,
  kind: jobsTable.kind,
  status: jobsTable.status,
  progress: jobsTable.progress,
  results: sql<unknown>`case when ${jobsTable.status} in ('completed', 'failed', 'cancelled') then ${jobsTable.results} end`,
  error: jobsTable.error,
  errorMessage: jobsTable.errorMessage,
  dismissedAt: jobsTable.dismissedAt,
};
export type JobViewRow = Pick<
  JobRow,
  'id' | 'userId' | 'kind' | 'status' | 'progress' | 'results' | 'error' | 'errorMessage' | 'dismissedAt'
>;

export function createJobsRepository(db: Db) {
  return {
    async create(userId: string, kind: string, input: unknown, progress: JobProgress) {
      const [row] = await db.insert(jobsTable).values({ userId, kind, input, progress }).returning();
      if (!row) throw new Error('job row not created');
      return row;
    },

    /** The job if it is this learner's; undefined for anyone else's, as for one that does not exist. */
    async findOwned(userId: string, jobId: string): Promise<JobViewRow | undefined> {
      const [row] = await db
        .select(viewColumns)
        .from(jobsTable)
        .where(and(eq(jobsTable.id, jobId), eq(jobsTable.userId, userId)))
        .limit(1);
      return row;
    },

    async findById(jobId: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobsTable).where(eq(jobsTable.id, jobId)).limit(1);
      return row;
    },

    /** Only the status: asked between every two steps of a job, it must not carry the job's results along. */
    async findStatus(jobId: string): Promise<JobStatus | undefined> {
      const [row] = await db
        .select({ status: jobsTable.status })
        .from(jobsTable)
        .where(eq(jobsTable.id, jobId))
        .limit(1);
      return row?.status;
    },

    /** This learner's unfinished jobs of a kind (one translation fix at a time, say). */
    async findUnfinished(userId: string, kind: string) {
      return db
        .select()
        .from(jobsTable)
        .where(
          and(
            eq(jobsTable.userId, userId),
            eq(jobsTable.kind, kind),
            inArray(jobsTable.status, ['pending', 'processing']),
          ),
        );
    },

    /**
     * The learner's job of this kind that their screens show (docs/product/upload.md#the-upload-comes-back):
     * an unfinished one first, else the newest, unless they dismissed it (an older one does not come back).
     */
    async findLatestShown(userId: string, kind: string): Promise<JobViewRow | undefined> {
      const [row] = await db
        .select(viewColumns)
        .from(jobsTable)
        .where(and(eq(jobsTable.userId, userId), eq(jobsTable.kind, kind)))
        .orderBy(
          sql`case when ${jobsTable.status} in ('pending', 'processing') then 0 else 1 end`,
          desc(jobsTable.createdAt),
        )
        .limit(1);
      return row && row.dismissedAt === null ? row : undefined;
    },

    /** Marks the learner's finished job dismissed; false for a running one, or anyone else's. */
    async dismiss(userId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(jobsTable)
        .set({ dismissedAt: new Date() })
        .where(
          and(
            eq(jobsTable.id, jobId),
            eq(jobsTable.userId, userId),
            inArray(jobsTable.status, ['completed', 'failed', 'cancelled']),
          ),
        )
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },

    /**
     * Takes the job for a run by this instance, in one statement so two instances never both take it
     * (docs/product/jobs.md#crashed-jobs): only an unfinished job nobody holds, or one whose lease lapsed.
     * Taking over a lapsed lease counts the crashed start in the same statement; the one that would reach
     * the limit is left to `reapLapsedLeases`, which fails the job. Undefined when the job is not taken.
     */
    async claim(jobId: string, ownerInstanceId: string, lease: LeaseTerms): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobsTable)
        .set({
          status: 'processing',
          ownerInstanceId,
          leaseRenewedAt: sql`now()`,
          crashedStarts: sql`${jobsTable.crashedStarts} + (${jobsTable.ownerInstanceId} is not null)::int`,
        })
        .where(
          and(
            eq(jobsTable.id, jobId),
            inArray(jobsTable.status, UNFINISHED),
            or(
              isNull(jobsTable.ownerInstanceId),
              and(hasLapsed(lease.lapseMs), lt(sql`${jobsTable.crashedStarts} + 1`, lease.maxCrashedStarts)),
            ),
          ),
        )
        .returning();
      return row;
    },

    /**
     * Renews the leases of the jobs this instance runs, in one statement, and answers those it still holds:
     * a running job missing from them was taken from it. A job it holds but no longer runs (its run ended
     * without storing an outcome) is not renewed, so its lease lapses and the job is queued again.
     */
    async renewLeases(ownerInstanceId: string, runningJobIds: string[]): Promise<string[]> {
      const rows = await db
        .update(jobsTable)
        .set({ leaseRenewedAt: sql`now()` })
        .where(and(eq(jobsTable.ownerInstanceId, ownerInstanceId), inArray(jobsTable.id, runningJobIds)))
        .returning({ id: jobsTable.id });
      return rows.map((row) => row.id);
    },

    /**
     * Clears every lapsed lease, counting one crashed start for each unfinished job in the same statement
     * (so two instances never count one lapse twice), and fails with `job_crashed` the job that reaches
     * the limit; a cancelled job whose runner died only loses its stale owner. With `allBut`, every lease
     * but that instance's own counts as lapsed, however recently renewed (a sole instance's start). Answers
     * the jobs it changed, as they are now: unfinished ones are to be queued again.
     */
    async reapLapsedLeases(lease: LeaseTerms, crashed: CodedError, allBut?: { ownerInstanceId: string }) {
      const isUnfinished = sql`${jobsTable.status} in ('pending', 'processing')`;
      const isCrashedOut = sql`${isUnfinished} and ${jobsTable.crashedStarts} + 1 >= ${lease.maxCrashedStarts}`;
      return db
        .update(jobsTable)
        .set({
          ownerInstanceId: null,
          leaseRenewedAt: null,
          crashedStarts: sql`${jobsTable.crashedStarts} + (${isUnfinished})::int`,
          status: sql`case when ${isCrashedOut} then 'failed' else ${jobsTable.status} end`,
          error: sql`case when ${isCrashedOut} then ${JSON.stringify(crashed)}::jsonb else ${jobsTable.error} end`,
          completedAt: sql`case when ${isCrashedOut} then now() else ${jobsTable.completedAt} end`,
        })
        .where(
          allBut
            ? ne(jobsTable.ownerInstanceId, allBut.ownerInstanceId)
            : and(isNotNull(jobsTable.ownerInstanceId), hasLapsed(lease.lapseMs)),
        )
        .returning({
          id: jobsTable.id,
          userId: jobsTable.userId,
          kind: jobsTable.kind,
          status: jobsTable.status,
          progress: jobsTable.progress,
          crashedStarts: jobsTable.crashedStarts,
        });
    },

    /** Every unfinished job no instance holds (pending, or released at a graceful stop), for resuming. */
    async findUnownedUnfinished() {
      return db
        .select({ id: jobsTable.id, kind: jobsTable.kind })
        .from(jobsTable)
        .where(and(inArray(jobsTable.status, UNFINISHED), isNull(jobsTable.ownerInstanceId)));
    },

    /** Stores progress (and the checkpoint) while this instance holds the job; false once it does not. */
    async saveProgressIfHeld(jobId: string, ownerInstanceId: string, changes: ProgressChanges) {
      const rows = await db
        .update(jobsTable)
        .set(changes)
        .where(and(eq(jobsTable.id, jobId), eq(jobsTable.ownerInstanceId, ownerInstanceId)))
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },

    /**
     * Writes an outcome while this instance holds the job, and lets it go; with `isUnfinishedOnly`, only
     * while it is still pending or processing, so a cancel that landed meanwhile is never overwritten.
     */
    async finishIfHeld(
      jobId: string,
      ownerInstanceId: string,
      changes: JobChanges,
      { isUnfinishedOnly }: { isUnfinishedOnly: boolean },
    ): Promise<boolean> {
      const rows = await db
        .update(jobsTable)
        .set({ ...changes, ownerInstanceId: null, leaseRenewedAt: null })
        .where(
          and(
            eq(jobsTable.id, jobId),
            eq(jobsTable.ownerInstanceId, ownerInstanceId),
            isUnfinishedOnly ? inArray(jobsTable.status, UNFINISHED) : undefined,
          ),
        )
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },

    /**
     * Lets go of a job this instance holds at a graceful stop, with its progress and checkpoint: nobody
     * holds it until an instance claims it again, and no crashed start is counted. Answers its status
     * (still unfinished unless the learner cancelled it meanwhile), or undefined when it was not held.
     */
    async release(
      jobId: string,
      ownerInstanceId: string,
      changes: ProgressChanges,
    ): Promise<JobStatus | undefined> {
      const [row] = await db
        .update(jobsTable)
        .set({ ...changes, ownerInstanceId: null, leaseRenewedAt: null })
        .where(and(eq(jobsTable.id, jobId), eq(jobsTable.ownerInstanceId, ownerInstanceId)))
        .returning({ status: jobsTable.status });
      return row?.status;
    },

    /**
     * For the operator's command line (docs/SECURITY.md#crashed-jobs): every unfinished job and every job
     * that failed crashing, newest first, with how long ago its lease was renewed (the database's clock).
     */
    async listForOperator({ limit, crashedCode }: { limit: number; crashedCode: string }) {
      return db
        .select({
          id: jobsTable.id,
          kind: jobsTable.kind,
          userId: jobsTable.userId,
          status: jobsTable.status,
          progress: jobsTable.progress,
          ownerInstanceId: jobsTable.ownerInstanceId,
          crashedStarts: jobsTable.crashedStarts,
          leaseAgeSeconds: sql<
            number | null
          >`extract(epoch from now() - ${jobsTable.leaseRenewedAt})::float8`,
          createdAt: jobsTable.createdAt,
        })
        .from(jobsTable)
        .where(
          or(
            inArray(jobsTable.status, UNFINISHED),
            and(eq(jobsTable.status, 'failed'), sql`${jobsTable.error}->>'code' = ${crashedCode}`),
          ),
        )
        .orderBy(desc(jobsTable.createdAt))
        .limit(limit);
    },

    /** Cancels any learner's unfinished job (the operator's command line); false for a finished one. */
    async cancelAsOperator(jobId: string): Promise<boolean> {
      const rows = await db
        .update(jobsTable)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(and(eq(jobsTable.id, jobId), inArray(jobsTable.status, UNFINISHED)))
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },

    /** Cancels only what is still running, so a finished job keeps its outcome. */
    async cancel(userId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(jobsTable)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(
          and(
            eq(jobsTable.id, jobId),
            eq(jobsTable.userId, userId),
            inArray(jobsTable.status, ['pending', 'processing']),
          ),
        )
        .returning({ id: jobsTable.id });
      return rows.length > 0;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
