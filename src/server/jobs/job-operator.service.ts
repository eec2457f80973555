import type { JobStatus } from '../db/schema';
import { JOB_ERROR_CODES } from '../http/job-failure';
import { readProgress } from './job-runtime';
import type { JobsRepository } from './jobs.repository';

/** At most this many jobs are listed, newest first. */
const LIST_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job as the operator's list shows it. */
export interface OperatorJob {
  id: string;
  kind: string;
  userId: string;
  status: JobStatus;
  /** Failed with `job_crashed`: its process died during it too often; never resumed. */
  isCrashed: boolean;
  stage: string;
  /** The instance holding it, null while none does. */
  ownerInstanceId: string | null;
  crashedStarts: number;
  /** Seconds since its lease was last renewed, by the database's clock; null while nobody holds it. */
  leaseAgeSeconds: number | null;
  createdAt: Date;
}

export type OperatorCancelOutcome =
  { outcome: 'cancelled' } | { outcome: 'not_found' } | { outcome: 'finished'; status: JobStatus };

/**
 * What the operator's command line may do with any learner's jobs (docs/SECURITY.md#crashed-jobs): list
 * the unfinished and the crashed ones, and cancel one that is unfinished. A cancelled job that an instance
 * is running stops at its next unit, keeping what it did, as when its learner cancels it.
 */
export function createJobOperatorService(jobs: JobsRepository) {
  return {
    async list(): Promise<OperatorJob[]> {
      const rows = await jobs.listForOperator({ limit: LIST_LIMIT, crashedCode: JOB_ERROR_CODES.jobCrashed });
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        userId: row.userId,
        status: row.status,
        isCrashed: row.status === 'failed',
        stage: readProgress(row.progress).stage,
        ownerInstanceId: row.ownerInstanceId,
        crashedStarts: row.crashedStarts,
        leaseAgeSeconds: row.leaseAgeSeconds === null ? null : Math.round(row.leaseAgeSeconds),
        createdAt: row.createdAt,
      }));
    },

    async cancel(jobId: string): Promise<OperatorCancelOutcome> {
      if (!UUID.test(jobId)) return { outcome: 'not_found' };
      if (await jobs.cancelAsOperator(jobId)) return { outcome: 'cancelled' };
      const status = await jobs.findStatus(jobId);
      return status === undefined ? { outcome: 'not_found' } : { outcome: 'finished', status };
    },
  };
}
export type JobOperatorService = ReturnType<typeof createJobOperatorService>;
