import type { JOB_STATUSES } from '../../shared/realtime';

/** A background job's state, as the server sends it (upload and dictionary maintenance jobs alike). */
export type JobStatus = (typeof JOB_STATUSES)[number];

export function isJobFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

export function isJobActive(status: JobStatus): boolean {
  return status === 'pending' || status === 'processing';
}
