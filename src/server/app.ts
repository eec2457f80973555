import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { SESSION_HINT_META } from '../shared/api/auth-status';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSignInLimits } from './auth/sign-in-limits';
import { createExternalSignIn } from './auth/external-sign-in';
import { createSessionResolver } from './auth/session-cookie';
import { createSessionStore, SESSION_COOKIE } from './auth/sessions';
import type { Database } from './db/client';
import type { Env } from './env';
import { registerErrorHandler, registerNotFoundHandler } from './http/error-handler';
import { registerOriginGuard } from './http/origin-guard';
import { createSecretBox } from './lib/secret-box';
import { createMediaRepository } from './media/media.repository';
import { mediaRoutes } from './media/media.routes';
import { createMediaStore } from './media/media-store';
import { createPictureVariants } from './media/picture-variants';
import { BUILTIN_CLIPS_JOB, createBuiltinClipsJob } from './jobs/builtin-clips.job';
import { createClearExpiredImagesJob } from './jobs/clear-expired-images.job';
import { createJobQueue } from './jobs/job-queue';
import { jobsRoutes } from './jobs/jobs.routes';
import type { JobLeaseSettings } from './jobs/job-leases';
import { type AnyJobDefinition, createJobRuntime, type JobRuntime } from './jobs/job-runtime';
import { createJobsRepository } from './jobs/jobs.repository';
import { createRegenerateAllPhrasesJob } from './jobs/regenerate-all-phrases.job';
import { createRegenerateRussianAudioJob } from './jobs/regenerate-russian-audio.job';
import { createRegenerateTranslationsJob } from './jobs/regenerate-translations.job';
import { createUpdateTagsJob } from './jobs/update-tags.job';
import { createUploadWordsJob } from './jobs/upload-words.job';
import { createGenerateMissingImagesJob, createRegenerateAllImagesJob } from './jobs/word-pictures.job';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes';
import { createDictionaryRepository } from './modules/dictionary/dictionary.repository';
import { createDictionaryService } from './modules/dictionary/dictionary.service';
import { createUploadsRepository } from './modules/uploads/uploads.repository';
import { createDiskSpaceGuard, DEFAULT_MIN_FREE_DISK_MB } from './lib/disk-space';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { learnRoutes } from './modules/learn/learn.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { createStatsRepository } from './modules/stats/stats.repository';
import { createStatsService } from './modules/stats/stats.service';
import { transferRoutes } from './modules/transfer/transfer.routes';
import { createTransferRepository } from './modules/transfer/transfer.repository';
import { createBackupRepository } from './modules/transfer/backup.repository';
import { createExportBackupJob } from './jobs/export-backup.job';
import { createRestoreBackupJob } from './jobs/restore-backup.job';
import { createTransferService } from './modules/transfer/transfer.service';
import { createFileReaders, type FileReadersOptions } from './modules/transfer/file-readers';
import { createExportWordsJob } from './jobs/export-words.job';
import { createMissingClips } from './modules/enrichment/missing-clips.step';
import { createReviewRepository } from './modules/review/review.repository';
import { createReviewService } from './modules/review/review.service';
import { createLearnRepository } from './modules/learn/learn.repository';
import { createLearnService } from './modules/learn/learn.service';
import { wordMaintenanceRoutes } from './modules/word-maintenance/word-maintenance.routes';
import { createWordMaintenanceRepository } from './modules/word-maintenance/word-maintenance.repository';
import { createWordMaintenanceService } from './modules/word-maintenance/word-maintenance.service';
import { createNotifyChannel } from './realtime/notify-channel';
import { createRealtimeHub } from './realtime/realtime-hub';
import { realtimeRoutes } from './realtime/realtime.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createUsersRepository } from './modules/auth/users.repository';
import { providersRoutes } from './modules/providers/providers.routes';
import { createProvidersService } from './modules/providers/providers.service';
import { createProviderPauses } from './modules/providers/provider-pauses';
import { createUserProviders } from './modules/providers/user-providers';
import { progressRoutes } from './modules/progress/progress.routes';
import { createProgressRepository } from './modules/progress/progress.repository';
import { createProgressService } from './modules/progress/progress.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createSettingsService } from './modules/settings/settings.service';
import { createAudioCacheRepository } from './modules/speech/audio-cache.repository';
import { createSpeechService } from './modules/speech/speech.service';
import { wordsRoutes } from './modules/words/words.routes';
import { createAudiobookGenresRepository } from './modules/audiobooks/audiobook-genres.repository';
import { createAudiobookGenresService } from './modules/audiobooks/audiobook-genres.service';
import { createAudiobooksRepository } from './modules/audiobooks/audiobooks.repository';
import { audiobooksRoutes } from './modules/audiobooks/audiobooks.routes';
import { createAudiobooksService } from './modules/audiobooks/audiobooks.service';
import { createWordUsageRepository } from './modules/audiobooks/word-usage.repository';
import { createAudiobookCreationRepository } from './modules/audiobooks/audiobook-creation.repository';
import { audiobookCreationRoutes } from './modules/audiobooks/audiobook-creation.routes';
import { createAudiobookCreationService } from './modules/audiobooks/audiobook-creation.service';
import { createSentenceAudioService } from './modules/audiobooks/audiobook-sentence-audio.service';
import { createCreateAudiobookJob } from './jobs/create-audiobook.job';
import { createValidateAudiobookLogicJob } from './jobs/validate-audiobook-logic.job';
import { createAudiobookMaintenanceRepository } from './modules/audiobooks/audiobook-maintenance.repository';
import { audiobookMaintenanceRoutes } from './modules/audiobooks/audiobook-maintenance.routes';
import { createAudiobookPlayerRepository } from './modules/audiobooks/audiobook-player.repository';
import { audiobookPlayerRoutes } from './modules/audiobooks/audiobook-player.routes';
import { createAudiobookPlayerService } from './modules/audiobooks/audiobook-player.service';
import { createImageSeriesRepository } from './modules/audiobooks/image-series.repository';
import { createImageSeriesService } from './modules/audiobooks/image-series.service';
import { createStylePreviewsRepository } from './modules/audiobooks/style-previews.repository';
import { createStylePreviewsService } from './modules/audiobooks/style-previews.service';
import { createGenerateImageSeriesJob } from './jobs/generate-image-series.job';
import { createGenerateAudiobookAudioJob } from './jobs/generate-audiobook-audio.job';
import { createRevoiceAudiobookJob } from './jobs/revoice-audiobook.job';
import { createAudiobookMaintenanceService } from './modules/audiobooks/audiobook-maintenance.service';
import { createWordsRepository } from './modules/words/words.repository';
import { createWordsService } from './modules/words/words.service';
import { createWordUndoRepository } from './modules/words/word-undo.repository';
import { countWords } from './modules/words/dictionary-room';
import { createBuiltinImages } from './providers/builtin-images/builtin-images.provider';
import { createBuiltinSpeech } from './providers/builtin-speech/builtin-speech.provider';
import {
  type AddressResolver,
  createAddressGuard,
  type ProviderAddressPolicy,
} from './providers/http/address-guard';
import type { FetchFunction } from './providers/http/provider-fetch';
import type { ImageGenerator } from './providers/images';
import { createProviderFactory, type ProviderFactoryOptions } from './providers/provider-set';
import { notFound } from './http/app-error';
import { currentBuildDir, olderBuildDirs, projectDistDir } from './lib/build-folders';
import { guardUncaughtErrors, type UncaughtOrigin } from './lib/uncaught-errors';

const MINUTE = 60 * 1000;
const distDir = projectDistDir(import.meta.url);

/** Paths the server answers itself; anything else that is a GET gets the single-page app. */
const SERVER_PREFIXES = ['/api/', '/auth/', '/media/', '/ws'];

export interface AppDeps {
  database: Database;
  appSecret: string;
  oidc?: Env['oidc'];
  google?: Env['google'];
  /** The built client to serve; by default the current build (null: none, as API-only tests run). */
  clientDir?: string | null;
  /** Earlier builds whose chunks open tabs may still ask for; by default those kept beside the current one. */
  previousClientDirs?: readonly string[];
  logger?: FastifyServerOptions['logger'];
  /** Where provider calls go (the environment's overrides; the fake providers in tests). */
  providerBaseUrls?: Env['providerBaseUrls'];
  /** Origins besides the app's own whose pages may change state (`ALLOWED_ORIGINS`). */
  allowedOrigins?: readonly string[];
  /** Tests may swap the offline providers or shorten Leonardo's polling. */
  builtinSpeech?: ProviderFactoryOptions['builtinSpeech'];
  builtinImages?: ImageGenerator;
  providerFetch?: FetchFunction;
  leonardoPollIntervalMs?: number;
  /**
   * Which addresses a learner's own provider URL may reach (docs/product/providers.md#endpoint-addresses):
   * main.ts decides it from ALLOW_PRIVATE_PROVIDER_URLS. Default: no private or loopback ones.
   */
  providerAddressPolicy?: ProviderAddressPolicy;
  /** Tests give a fake resolver, so no name query leaves the machine. */
  providerAddressResolver?: AddressResolver;
  /** Tests shorten the budget of a learner's file to prove what happens past it. */
  fileReading?: FileReadersOptions;
  /** Tests lower a learner's transfer quota (docs/product/transfer.md#limits) to reach it with small files. */
  transferQuotaBytes?: number;
  /** Tests shorten the providers' first-byte limit instead of waiting for the real one. */
  providerTimeouts?: { firstByteMs?: number };
  /** Tests move the clock: learning sessions, streaks and spaced repetition are all about days. */
  now?: () => Date;
  /**
   * The data folder (`DATA_DIR`), whose disk must keep `minFreeDiskMb` free (`MIN_FREE_DISK_MB`, default
   * 1024) for uploads to be taken (src/server/lib/disk-space.ts); main.ts passes both. Left out by apps on
   * an in-memory test database, which keep nothing on a disk of their own.
   */
  dataDir?: string;
  minFreeDiskMb?: number;
  /**
   * False for test apps that do not exercise jobs: pg-boss is not started and unfinished jobs are not
   * resumed; starting a job still creates its row, left pending. Default true.
   */
  runsJobs?: boolean;
  /** Tests shorten the jobs' lease durations (src/server/jobs/job-leases.ts has the defaults). */
  jobLeases?: Partial<JobLeaseSettings>;
  /** Job kinds besides the app's own: tests define kinds whose units they hold or break. */
  extraJobs?: readonly AnyJobDefinition[];
  /**
   * Given by the process that serves the app (server-process.ts): the app then takes the process's uncaught
   * exceptions and unhandled rejections from its first job on, failing the job one was thrown in
   * (docs/product/jobs.md#crashed-jobs), and hands any other here. Unset, the process's are left alone.
   */
  onUncaughtError?: (error: unknown, origin: UncaughtOrigin) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one job runtime: tests start their own kinds of job through it. */
    jobRuntime: JobRuntime;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Only a proxy on this machine may tell us the client's address and scheme.
    trustProxy: 'loopback',
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', null);
  registerErrorHandler(app);
  // Before any route: forged cross-site requests are refused before a body is read (docs/product/auth.md#forged-requests).
  registerOriginGuard(app, { allowedOrigins: deps.allowedOrigins ?? [] });

  await app.register(fastifyCookie, { secret: deps.appSecret });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // JSON answers and the app's scripts shrink to a fraction; pictures and clips are compressed already
  // (their types are not compressible) and pass through.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // 'self' covers the app's own ws:/wss: origin in CSP3 browsers; no other host is reachable.
        'connect-src': ["'self'"],
        // The app is often served over plain HTTP on a home network; upgrading would break it.
        'upgrade-insecure-requests': null,
      },
    },
    // Plain HTTP deployments must not be pinned to HTTPS.
    strictTransportSecurity: false,
  });

  const { db } = deps.database;
  const diskSpace = createDiskSpaceGuard({
    dataDir: deps.dataDir,
    minFreeDiskMb: deps.minFreeDiskMb ?? DEFAULT_MIN_FREE_DISK_MB,
  });
  const sessions = createSessionStore(db);
  const sessionResolver = createSessionResolver(sessions);
  const secretBox = createSecretBox(deps.appSecret);
  const settingsRepository = createSettingsRepository(db);

  const authService = createAuthService({
    users: createUsersRepository(db),
    limits: createSignInLimits(),
    hasSessionFrom: (userId, address) => sessions.hasSessionFrom(userId, address),
  });
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
  });
  // Providers that failed a learner lately; a new key or endpoint of theirs ends the pause.
  const providerPauses = createProviderPauses(deps.now);
  const settingsService = createSettingsService({
    settings: settingsRepository,
    secretBox,
    onProviderChanged: (userId, provider) => providerPauses.resume(userId, provider),
    checkOpenaiBaseUrl: (url) => providerFactory.checkOwnOpenaiBaseUrl(url),
  });
  const progressService = createProgressService({
    progress: createProgressRepository(db),
    settings: settingsRepository,
    now: deps.now,
  });
  const wordsService = createWordsService({
    words: createWordsRepository(db),
    undo: createWordUndoRepository(db),
    settings: settingsRepository,
    now: deps.now,
  });
  const mediaRepository = createMediaRepository(db);
  const mediaStore = createMediaStore(mediaRepository);
  const userProviders = createUserProviders({ settingsService, providerFactory });
  const speechService = createSpeechService({
    audioCache: createAudioCacheRepository(db),
    mediaStore,
    userProviders,
  });
  const providersService = createProvidersService({
    settingsService,
    providerFactory,
    userProviders,
    mediaStore,
  });

  const hub = createRealtimeHub(createNotifyChannel(deps.database));
  await hub.start();
  const runsJobs = deps.runsJobs ?? true;
  const queue = createJobQueue(deps.database);
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
  const maintenance = createWordMaintenanceRepository(db);
  const learnRepository = createLearnRepository(db);
  const missingClipsDeps = {
    learn: learnRepository,
    speechService,
    settingsService,
    providerPauses,
    userProviders,
    log: app.log,
  };
  await jobRuntime.define(createBuiltinClipsJob(missingClipsDeps));
  // The Anki export makes a word's missing clips as Learn and the clips job do (docs/product/transfer.md#anki-packages).
  const missingClips = createMissingClips(missingClipsDeps);
  // The words are saved by then: a clips job that cannot be queued must not fail their upload. Learn
  // still makes each card's clips on demand.
  const queueBuiltinClips = async (userId: string) => {
    try {
      return await jobRuntime.startOnce(userId, BUILTIN_CLIPS_JOB, {}, 0);
    } catch (error) {
      app.log.error({ err: error, userId }, 'the built-in clips job could not be queued');
      return null;
    }
  };
  await jobRuntime.define(createRegenerateTranslationsJob({ maintenance, userProviders }));
  await jobRuntime.define(createRegenerateRussianAudioJob({ maintenance, speechService, settingsService }));
  const transferRepository = createTransferRepository(db);
  // Learners' files are read in worker threads (docs/product/transfer.md#limits), started when a file comes.
  const fileReaders = createFileReaders(deps.fileReading);
  app.addHook('onClose', () => fileReaders.close());
  // The dictionary cap (docs/product/upload.md#dictionary-cap) is checked before an upload or import starts.
  const wordCount = (userId: string) => countWords(db, userId);
  const transferService = createTransferService({
    transfer: transferRepository,
    jobStarter: jobRuntime,
    readers: fileReaders,
    countWords: wordCount,
    quotaBytes: deps.transferQuotaBytes,
    now: deps.now,
  });
  await jobRuntime.define(
    createUploadWordsJob({
      uploads: createUploadsRepository(db),
      userProviders,
      settingsService,
      speechService,
      mediaStore,
      queueBuiltinClips,
      providerPauses,
      importFiles: {
        readEntries: (userId, fileId, rows) => transferService.readImportEntries(userId, fileId, rows),
        openMedia: (userId, fileId, names) => transferService.openImportMedia(userId, fileId, names),
        discard: (userId, fileId) => transferService.discardImport(userId, fileId),
      },
    }),
  );
  const dictionary = createDictionaryRepository(db);
  const pictureJobDeps = { dictionary, userProviders, settingsService, mediaStore };
  await jobRuntime.define(
    createRegenerateAllPhrasesJob({ dictionary, userProviders, settingsService, speechService }),
  );
  // Picture links are learners' text: checked under the same address policy as their own endpoints.
  await jobRuntime.define(
    createClearExpiredImagesJob({ dictionary, mediaStore, fetch: deps.providerFetch ?? addressGuard.fetch }),
  );
  await jobRuntime.define(createRegenerateAllImagesJob(pictureJobDeps));
  await jobRuntime.define(createGenerateMissingImagesJob(pictureJobDeps));
  await jobRuntime.define(createUpdateTagsJob({ dictionary, userProviders, settingsService }));
  const dictionaryService = createDictionaryService({
    dictionary,
    wordsService,
    jobStarter: jobRuntime,
    userProviders,
    settingsService,
    speechService,
    mediaStore,
  });
  const learnService = createLearnService({
    learn: learnRepository,
    providerPauses,
    wordsService,
    settingsService,
    userProviders,
    speechService,
    now: deps.now,
  });
  const reviewService = createReviewService({
    review: createReviewRepository(db),
    settings: settingsRepository,
    now: deps.now,
  });
  const statsService = createStatsService({
    stats: createStatsRepository(db),
    settings: settingsRepository,
    review: reviewService,
    now: deps.now,
  });
  await jobRuntime.define(
    createExportWordsJob({ transfer: transferRepository, mediaStore, missingClips, now: deps.now }),
  );
  const backupRepository = createBackupRepository(db);
  await jobRuntime.define(
    createExportBackupJob({
      transfer: transferRepository,
      backup: backupRepository,
      mediaStore,
      now: deps.now,
    }),
  );
  await jobRuntime.define(
    createRestoreBackupJob({
      backup: backupRepository,
      mediaStore,
      openBackup: (userId, fileId) => transferService.openBackup(userId, fileId),
      discardImport: (userId, fileId) => transferService.discardImport(userId, fileId),
      restoreSettings: (userId, row) => settingsService.restore(userId, row),
    }),
  );
  const wordMaintenanceService = createWordMaintenanceService({
    maintenance,
    jobStarter: jobRuntime,
    userProviders,
  });
  const uploadsService = createUploadsService({
    jobStarter: jobRuntime,
    settingsService,
    countWords: wordCount,
  });
  const wordUsage = createWordUsageRepository(db);
  const audiobooksRepository = createAudiobooksRepository(db);
  const sentenceAudioService = createSentenceAudioService({
    books: audiobooksRepository,
    speechService,
    settingsService,
    userProviders,
  });
  const audiobooksService = createAudiobooksService({
    books: audiobooksRepository,
    wordUsage,
    jobStarter: jobRuntime,
    sentenceAudio: sentenceAudioService,
  });
  const audiobookGenresService = createAudiobookGenresService({
    genres: createAudiobookGenresRepository(db),
  });
  const audiobookCreation = createAudiobookCreationRepository(db);
  await jobRuntime.define(
    createCreateAudiobookJob({
      creation: audiobookCreation,
      wordUsage,
      userProviders,
      settingsService,
      speechService,
      mediaStore,
      // Both schedules' due words come first: Learn's spaced repetition, then review's.
      dueWordIds: async (userId) => [
        ...(await wordsService.listDueForSpacedRepetition(userId)).map((word) => word.id),
        ...(await reviewService.dueWordIds(userId)),
      ],
    }),
  );
  const audiobookCreationService = createAudiobookCreationService({
    creation: audiobookCreation,
    books: audiobooksService,
    userProviders,
    jobStarter: jobRuntime,
  });
  const audiobookMaintenance = createAudiobookMaintenanceRepository(db);
  await jobRuntime.define(
    createValidateAudiobookLogicJob({
      maintenance: audiobookMaintenance,
      creation: audiobookCreation,
      userProviders,
    }),
  );
  const audiobookMaintenanceService = createAudiobookMaintenanceService({
    maintenance: audiobookMaintenance,
    creation: audiobookCreation,
    wordUsage,
    mediaStore,
    userProviders,
    jobStarter: jobRuntime,
  });
  const audiobookPlayer = createAudiobookPlayerRepository(db);
  const imageSeries = createImageSeriesRepository(db);
  await jobRuntime.define(
    createGenerateImageSeriesJob({ series: imageSeries, userProviders, settingsService, mediaStore }),
  );
  await jobRuntime.define(
    createGenerateAudiobookAudioJob({
      books: audiobooksRepository,
      player: audiobookPlayer,
      sentenceAudio: sentenceAudioService,
    }),
  );
  await jobRuntime.define(
    createRevoiceAudiobookJob({ books: audiobooksRepository, sentenceAudio: sentenceAudioService }),
  );
  const audiobookPlayerService = createAudiobookPlayerService({
    books: audiobooksRepository,
    player: audiobookPlayer,
    series: imageSeries,
    sentenceAudio: sentenceAudioService,
    userProviders,
    settingsService,
    mediaStore,
    jobStarter: jobRuntime,
    maintenance: audiobookMaintenanceService,
    now: deps.now,
  });
  const imageSeriesService = createImageSeriesService({
    books: audiobooksRepository,
    series: imageSeries,
    userProviders,
    jobStarter: jobRuntime,
  });

  await app.register(authRoutes, {
    auth: authService,
    sessions,
    sessionResolver,
    externalSignIn: createExternalSignIn({ oidc: deps.oidc, google: deps.google }),
  });
  await app.register(settingsRoutes, { settingsService, sessionResolver });
  await app.register(progressRoutes, { progressService, sessionResolver });
  await app.register(wordsRoutes, { wordsService, sessionResolver });
  await app.register(dictionaryRoutes, { dictionaryService, sessionResolver });
  await app.register(learnRoutes, { learnService, sessionResolver });
  await app.register(reviewRoutes, { reviewService, sessionResolver });
  await app.register(statsRoutes, { statsService, sessionResolver });
  await app.register(transferRoutes, { transferService, sessionResolver, diskSpace });
  await app.register(mediaRoutes, {
    mediaStore,
    pictureVariants: createPictureVariants({ repository: mediaRepository }),
    sessionResolver,
  });
  await app.register(wordMaintenanceRoutes, { wordMaintenanceService, sessionResolver });
  await app.register(uploadsRoutes, { uploadsService, sessionResolver, diskSpace });
  await app.register(audiobooksRoutes, { audiobooksService, audiobookGenresService, sessionResolver });
  await app.register(audiobookMaintenanceRoutes, { audiobookMaintenanceService, sessionResolver });
  await app.register(audiobookCreationRoutes, {
    audiobookCreationService,
    sentenceAudioService,
    sessionResolver,
  });
  await app.register(audiobookPlayerRoutes, {
    audiobookPlayerService,
    imageSeriesService,
    stylePreviewsService: createStylePreviewsService({
      repository: createStylePreviewsRepository(db),
      builtinImages,
      mediaStore,
    }),
    sessionResolver,
  });
  await app.register(jobsRoutes, { jobRuntime, sessionResolver });
  await app.register(realtimeRoutes, { hub, jobRuntime, sessionResolver });
  await app.register(providersRoutes, { providersService, speechService, learnService, sessionResolver });

  const purgeTimer = setInterval(() => {
    sessions.purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    // Exports are kept 24 hours (docs/product/transfer.md#exports).
    transferService
      .purgeExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'export purge failed'));
  }, 60 * MINUTE);
  purgeTimer.unref();
  app.addHook('onClose', async () => clearInterval(purgeTimer));

  for (const definition of deps.extraJobs ?? []) await jobRuntime.define(definition);

  // Jobs a stopped or crashed server left unfinished carry on (docs/product/jobs.md#interruption-and-resume),
  // but none another live instance holds; from now on this instance keeps its leases and looks for lapsed ones.
  await jobRuntime.resumeUnfinished();
  jobRuntime.watchLeases();

  // The build served is the one current at start, by its real folder: a later build switching
  // dist/current does not change what this process serves (docs/product/overview.md#serving-the-client).
  const clientDir = deps.clientDir === undefined ? currentBuildDir(distDir) : deps.clientDir;
  const hasClient = Boolean(clientDir && existsSync(clientDir));
  const appPage =
    clientDir && hasClient
      ? await registerClient(app, clientDir, deps.previousClientDirs ?? olderBuildDirs(distDir, clientDir))
      : undefined;
  registerNotFoundHandler(app, { serverPrefixes: SERVER_PREFIXES, appPage });

  return app;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A chunk's file name as Vite writes them: no folder, no dots leading. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/**
 * The single-page app's page, and the same page for a browser that sends a session cookie, marked so: the
 * client then asks for its first screen's data (home's chunk and data, or the word list) beside its sign-in
 * check instead of after it
 * (docs/product/overview.md#serving-the-client). Only the cookie's presence is read, not its validity: a
 * stale one costs a few unanswered early requests, and the check decides as always.
 */
function appPageOf(clientDir: string): (request: FastifyRequest) => string {
  const page = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const withSession = page.replace(
    '</head>',
    `  <meta name="${SESSION_HINT_META}" content="present" />\n  </head>`,
  );
  return (request) => (request.cookies[SESSION_COOKIE] ? withSession : page);
}

async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  previousClientDirs: readonly string[],
): Promise<(request: FastifyRequest) => string> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes each script and stylesheet brotli- and gzip-compressed at their best levels
    // (scripts/lib/precompress.ts): sent as they are, not compressed again per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so those never change; index.html always may.
      reply.header('Cache-Control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // A tab opened on the build before this one still asks for its chunks: they are served from that build,
  // kept until the next one (docs/product/overview.md#serving-the-client). This build's own assets are
  // routes of their own and never reach here.
  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const found = ASSET_NAME.test(file)
      ? previousClientDirs.find((dir) => existsSync(join(dir, 'assets', file)))
      : undefined;
    if (!found) throw notFound();
    reply.header('Cache-Control', IMMUTABLE);
    return reply.sendFile(join('assets', file), found, { cacheControl: false });
  });
  return appPageOf(clientDir);
}
