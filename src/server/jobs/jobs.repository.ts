import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { CodedError } from '../../shared/api/errors';
import { type UploadJobProgress, type UploadJobStatus, uploadJobs } from '../db/schema';

export type JobRow = typeof uploadJobs.$inferSelect;

type JobChanges = Partial<{
  status: UploadJobStatus;
  progress: UploadJobProgress;
  results: unknown;
  error: CodedError;
  completedAt: Date | null;
}>;

export function createJobsRepository(db: Db) {
  return {
    async create(userId: string, kind: string, input: unknown, progress: UploadJobProgress) {
      const [row] = await db.insert(uploadJobs).values({ userId, kind, input, progress }).returning();
      if (!row) throw new Error('job row not created');
      return row;
    },

    /** The job if it is this learner's; undefined for anyone else's, as for one that does not exist. */
    async findOwned(userId: string, jobId: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadJobs)
        .where(and(eq(uploadJobs.id, jobId), eq(uploadJobs.userId, userId)))
        .limit(1);
      return row;
    },

    async findById(jobId: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(uploadJobs).where(eq(uploadJobs.id, jobId)).limit(1);
      return row;
    },

    /** Only the status: asked between every two steps of a job, it must not carry the job's results along. */
    async findStatus(jobId: string): Promise<UploadJobStatus | undefined> {
      const [row] = await db
        .select({ status: uploadJobs.status })
        .from(uploadJobs)
        .where(eq(uploadJobs.id, jobId))
        .limit(1);
      return row?.status;
    },

    /** This learner's unfinished jobs of a kind (one translation fix at a time, say). */
    async findUnfinished(userId: string, kind: string) {
      return db
        .select()
        .from(uploadJobs)
        .where(
          and(
            eq(uploadJobs.userId, userId),
            eq(uploadJobs.kind, kind),
            inArray(uploadJobs.status, ['pending', 'processing']),
          ),
        );
    },

    /**
     * The learner's job of this kind that their screens show (docs/product/upload.md#the-upload-comes-back):
     * an unfinished one first, else the newest, unless they dismissed it (an older one does not come back).
     */
    async findLatestShown(userId: string, kind: string): Promise<JobRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadJobs)
        .where(and(eq(uploadJobs.userId, userId), eq(uploadJobs.kind, kind)))
        .orderBy(
          sql`case when ${uploadJobs.status} in ('pending', 'processing') then 0 else 1 end`,
          desc(uploadJobs.createdAt),
        )
        .limit(1);
      return row && row.dismissedAt === null ? row : undefined;
    },

    /** Marks the learner's finished job dismissed; false for a running one, or anyone else's. */
    async dismiss(userId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(uploadJobs)
        .set({ dismissedAt: new Date() })
        .where(
          and(
            eq(uploadJobs.id, jobId),
            eq(uploadJobs.userId, userId),
            inArray(uploadJobs.status, ['completed', 'failed', 'cancelled']),
          ),
        )
        .returning({ id: uploadJobs.id });
      return rows.length > 0;
    },

    /** Every unfinished job of every learner, for resuming after a restart. */
    async findAllUnfinished() {
      return db
        .select({ id: uploadJobs.id, kind: uploadJobs.kind })
        .from(uploadJobs)
        .where(inArray(uploadJobs.status, ['pending', 'processing']));
    },

    async update(jobId: string, changes: JobChanges) {
      await db.update(uploadJobs).set(changes).where(eq(uploadJobs.id, jobId));
    },

    /**
     * Changes a job only while it is still pending or processing, and says whether it did: a cancel that
     * landed in the meantime is never overwritten by a start or an outcome.
     */
    async updateIfRunning(jobId: string, changes: JobChanges): Promise<boolean> {
      const rows = await db
        .update(uploadJobs)
        .set(changes)
        .where(and(eq(uploadJobs.id, jobId), inArray(uploadJobs.status, ['pending', 'processing'])))
        .returning({ id: uploadJobs.id });
      return rows.length > 0;
    },

    /** Cancels only what is still running, so a finished job keeps its outcome. */
    async cancel(userId: string, jobId: string): Promise<boolean> {
      const rows = await db
        .update(uploadJobs)
        .set({ status: 'cancelled', completedAt: new Date() })
        .where(
          and(
            eq(uploadJobs.id, jobId),
            eq(uploadJobs.userId, userId),
            inArray(uploadJobs.status, ['pending', 'processing']),
          ),
        )
        .returning({ id: uploadJobs.id });
      return rows.length > 0;
    },
  };
}
export type JobsRepository = ReturnType<typeof createJobsRepository>;
