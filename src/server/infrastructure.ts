import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './app-deps';
import { createAttemptCountsRepository } from './auth/attempt-counts.repository';
import { type AttemptLimits, createAttemptLimits } from './auth/attempt-limiter';
import { createSessionResolver } from './auth/session-cookie';
import { createSessionStore } from './auth/sessions';
import { createJobQueue } from './jobs/job-queue';
import { createJobRuntime, type JobRuntime } from './jobs/job-runtime';
import { createJobsRepository } from './jobs/jobs.repository';
import { createDiskSpaceGuard, DEFAULT_MIN_FREE_DISK_MB } from './lib/disk-space';
import { createSecretBox } from './lib/secret-box';
import { guardUncaughtErrors } from './lib/uncaught-errors';
import { createMediaRepository } from './media/media.repository';
import { createMediaStore } from './media/media-store';
import { createBuiltinImages } from './providers/builtin-images/builtin-images.provider';
import { createBuiltinSpeech } from './providers/builtin-speech/builtin-speech.provider';
import { createAddressGuard } from './providers/http/address-guard';
import { createProviderFactory } from './providers/provider-set';
import { createNotifyChannel } from './realtime/notify-channel';
import { createRealtimeHub } from './realtime/realtime-hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one job runtime: tests start their own kinds of job through it. */
    jobRuntime: JobRuntime;
    /** The rate limits of http/rate-limits.ts, which every route's limit (`perUserLimit`) counts in. */
    attemptLimits: AttemptLimits;
  }
}

/**
 * What every area shares, made once per app: sessions, the secret box, the disk guard, the providers (with
 * the address guard of a learner's own endpoint), the media store, the realtime hub and the one job runtime
 * on pg-boss. Each part that holds a resource is stopped when the app closes, the jobs first
 * (docs/product/jobs.md#interruption-and-resume).
 */
export async function createInfrastructure(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps.database;
  const sessions = createSessionStore(db);
  const addressGuard = createAddressGuard(
    deps.providerAddressPolicy ?? { allowPrivate: false },
    deps.providerAddressResolver,
  );
  app.addHook('onClose', () => addressGuard.close());
  const builtinImages = deps.builtinImages ?? createBuiltinImages();
  const providerFactory = createProviderFactory({
    baseUrls: deps.providerBaseUrls ?? {},
    builtinSpeech: deps.builtinSpeech ?? createBuiltinSpeech(),
    builtinImages,
    fetch: deps.providerFetch,
    leonardoPollIntervalMs: deps.leonardoPollIntervalMs,
    addressGuard,
    firstByteTimeoutMs: deps.providerTimeouts?.firstByteMs,
    retryBaseDelayMs: deps.providerTimeouts?.retryBaseDelayMs,
  });
  const mediaRepository = createMediaRepository(db);
  const attemptLimits = createAttemptLimits({ counts: createAttemptCountsRepository(db), now: deps.now });
  app.decorate('attemptLimits', attemptLimits);

  const hub = createRealtimeHub(createNotifyChannel(deps.database));
  await hub.start();
  const runsJobs = deps.runsJobs ?? true;
  const queue = createJobQueue(deps.database, { pollingIntervalSeconds: deps.jobPollingIntervalSeconds });
  if (runsJobs) await queue.start((error) => app.log.error({ err: error }, 'job queue error'));
  const jobRuntime = createJobRuntime({
    jobs: createJobsRepository(db),
    queue,
    hub,
    isRunning: runsJobs,
    log: app.log,
    leases: deps.jobLeases,
    isSoleInstance: deps.database.isSingleInstance,
  });
  app.decorate('jobRuntime', jobRuntime);
  const { onUncaughtError } = deps;
  if (onUncaughtError) {
    const unguard = guardUncaughtErrors({
      claim: (error) => jobRuntime.claimUncaughtError(error),
      onUnclaimed: onUncaughtError,
    });
    app.addHook('onClose', async () => unguard());
  }
  // The graceful stop, in this order (docs/product/jobs.md#interruption-and-resume): no new delivery here;
  // running jobs stop at their next unit and are released to the queue for the other instances; only then
  // does pg-boss stop, and (main.ts) the database close.
  app.addHook('onClose', async () => {
    if (runsJobs) queue.stopFetching();
    await jobRuntime.drain();
    if (runsJobs) await queue.stop();
    await hub.stop();
  });

  return {
    db,
    sessions,
    attemptLimits,
    sessionResolver: createSessionResolver(sessions),
    secretBox: createSecretBox(deps.appSecret),
    diskSpace: createDiskSpaceGuard({
      dataDir: deps.dataDir,
      minFreeDiskMb: deps.minFreeDiskMb ?? DEFAULT_MIN_FREE_DISK_MB,
    }),
    addressGuard,
    builtinImages,
    providerFactory,
    mediaRepository,
    mediaStore: createMediaStore(mediaRepository),
    hub,
    jobRuntime,
  };
}
export type Infrastructure = Awaited<ReturnType<typeof createInfrastructure>>;
