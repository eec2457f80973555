import type { FastifyInstance } from 'fastify';
import type { AttemptLimits } from './auth/attempt-limiter';
import type { SessionStore } from './auth/sessions';
import type { JobRuntime } from './jobs/job-runtime';
import type { TransferService } from './modules/transfer/transfer.service';

const HOUR = 60 * 60 * 1000;

/**
 * What the app does besides answering requests, started once every area and job is in place: the hourly
 * purge of expired sessions, ended attempt-count windows and exports, and the jobs a stopped or crashed server left unfinished. Each
 * timer stops when the app closes.
 */
export async function startBackground(
  app: FastifyInstance,
  deps: {
    sessions: SessionStore;
    attemptLimits: AttemptLimits;
    transferService: TransferService;
    jobRuntime: JobRuntime;
  },
): Promise<void> {
  const purgeTimer = setInterval(() => {
    deps.sessions
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    deps.attemptLimits
      .purgeEnded()
      .catch((error: unknown) => app.log.warn({ err: error }, 'attempt count purge failed'));
    // Exports are kept 24 hours (docs/product/transfer.md#exports).
    deps.transferService
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'export purge failed'));
  }, HOUR);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  // Jobs a stopped or crashed server left unfinished carry on (docs/product/jobs.md#interruption-and-resume),
  // but none another live instance holds; from now on this instance keeps its leases and looks for lapsed ones.
  await deps.jobRuntime.resumeUnfinished();
  deps.jobRuntime.watchLeases();
  // The id the jobs table's owner column and `npm run jobs -- list` name this instance by.
  app.log.info({ instanceId: deps.jobRuntime.instanceId }, 'instance started');
}
