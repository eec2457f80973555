/**
 * How an app instance holds the jobs it runs (docs/product/jobs.md#crashed-jobs): a running job's row names
 * its instance and carries a lease the instance renews; a lease not renewed in time has lapsed (its process
 * died), which counts one crashed start. Tests pass shorter durations through `buildApp`'s deps.
 */
export interface JobLeaseSettings {
  /** How often an instance renews its jobs' leases and looks for lapsed ones (one tick does both). */
  renewIntervalMs: number;
  /** A lease not renewed for this long has lapsed: its job is queued again, one crashed start counted. */
  lapseMs: number;
  /** The crashed start that reaches this count fails the job with `job_crashed`, never resumed. */
  maxCrashedStarts: number;
  /**
   * How long a graceful stop waits for running jobs to reach the end of a unit and be released. A job
   * still inside a unit then keeps its lease, which lapses: it counts as crashed.
   */
  drainTimeoutMs: number;
}

export const LEASE_RENEW_INTERVAL_MS = 10_000;
export const LEASE_LAPSE_MS = 60_000;
export const MAX_CRASHED_STARTS = 3;
/**
 * The whole graceful stop has 8 s (CLOSE_TIMEOUT_MS, server-process.ts): 5 for the jobs leaves pg-boss and
 * the realtime hub time to stop before the database closes.
 */
export const JOB_DRAIN_TIMEOUT_MS = 5_000;

export const JOB_LEASE_DEFAULTS: JobLeaseSettings = {
  renewIntervalMs: LEASE_RENEW_INTERVAL_MS,
  lapseMs: LEASE_LAPSE_MS,
  maxCrashedStarts: MAX_CRASHED_STARTS,
  drainTimeoutMs: JOB_DRAIN_TIMEOUT_MS,
};
