import type { CodedError } from '../../shared/api/errors';
import type { JobInput, JobKind } from '../../shared/api/jobs';
import type { JobProgress, JobStatus } from '../db/schema';

/** A job as the learner's screens read it: results parsed once the job is over, failure as a code. */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progress: JobProgress;
  results: unknown;
  error: CodedError | null;
}

/**
 * What an area may do with its learners' background jobs (docs/product/jobs.md): start one of a kind with
 * its input (`JOB_INPUTS` in src/shared/api/jobs.ts), cancel, dismiss and read them. The job runtime
 * (src/server/jobs/job-runtime.ts) is the one implementation; areas see only this, so they never import
 * from src/server/jobs/ (lint rule `local/import-boundaries`, eslint/import-boundaries.rule.js).
 */
export interface JobStarter {
  /** Creates the job's row and queues it; a bad input fails this call, not the run. */
  start<TKind extends JobKind>(
    userId: string,
    kind: TKind,
    input: JobInput<TKind>,
    total: number,
  ): Promise<string>;
  cancel(userId: string, jobId: string): Promise<boolean>;
  /** Cancels the learner's unfinished jobs of this kind: how many were. */
  cancelUnfinished(userId: string, kind: JobKind): Promise<number>;
  /** The learner's job of this kind their screens show: running, else the newest not dismissed. */
  findLatestShown(userId: string, kind: JobKind): Promise<JobView | undefined>;
  /** Closes the learner's finished job for every device; false for a running one. */
  dismiss(userId: string, jobId: string): Promise<boolean>;
  /** The learner's job, read; undefined for anyone else's, as for one that does not exist. */
  findOwned(userId: string, jobId: string): Promise<JobView | undefined>;
}
