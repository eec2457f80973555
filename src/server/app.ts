import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { startBackground } from './background';
import { registerClientApp } from './http/client-app';
import { registerCorePlugins } from './http/core-plugins';
import { registerErrorHandler } from './http/error-handler';
import { registerOriginGuard } from './http/origin-guard';
import { createInfrastructure } from './infrastructure';
import { registerJobs } from './jobs';
import { jobsRoutes } from './jobs/jobs.routes';
import type { JobStarter } from './lib/job-starter';
import { mediaRoutes } from './media/media.routes';
import { createPictureVariants } from './media/picture-variants';
import { registerAudiobooks } from './modules/audiobooks';
import { registerAuth } from './modules/auth';
import { registerDictionary } from './modules/dictionary';
import { registerHealth } from './modules/health';
import { registerLearn } from './modules/learn';
import { registerProgress } from './modules/progress';
import { createProviderAccess, registerProviders } from './modules/providers';
import { registerReview } from './modules/review';
import { registerSettings } from './modules/settings';
import { createSpeech } from './modules/speech';
import { registerStats } from './modules/stats';
import { registerTransfer } from './modules/transfer';
import { registerUploads } from './modules/uploads';
import { registerWordMaintenance } from './modules/word-maintenance';
import { registerWords } from './modules/words';
import { realtimeRoutes } from './realtime/realtime.routes';

export type { AppDeps } from './app-deps';

/**
 * The app without its listening socket (main.ts listens): the HTTP plugins and guards, the infrastructure
 * every area shares, each area's services and routes (`src/server/modules/<area>/index.ts`), the jobs
 * defined from what the areas expose (`src/server/jobs/index.ts`), then the background work and the client.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    // Only the proxies the operator names (a proxy on this machine by default) may tell us the client's
    // address, scheme and host (docs/DEPLOY.md#behind-a-proxy).
    trustProxy: [...(deps.trustProxy ?? ['loopback'])],
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('userId', null);
  registerErrorHandler(app);
  await registerCorePlugins(app, deps.appSecret);
  // Before any route: forged cross-site requests are refused before a body is read
  // (docs/product/auth.md#forged-requests). After the core plugins, whose `/ws` hook must mark an upgrade
  // first: a refused upgrade's connection is then closed with its answer, not left open.
  registerOriginGuard(app, { allowedOrigins: deps.allowedOrigins ?? [] });

  const infrastructure = await createInfrastructure(app, deps);
  const { db, sessions, sessionResolver, diskSpace, providerFactory, mediaStore, hub, jobRuntime } =
    infrastructure;
  const jobStarter: JobStarter = jobRuntime;
  const area = { db, sessionResolver, now: deps.now };

  await registerHealth(app, { db });
  await registerAuth(app, {
    ...area,
    sessions,
    attemptLimits: infrastructure.attemptLimits,
    oidc: deps.oidc,
    google: deps.google,
    passwordHashCost: deps.passwordHashCost,
  });
  const { providerPauses, userProvidersOf } = createProviderAccess({ providerFactory, now: deps.now });
  const { settingsRepository, settingsService } = await registerSettings(app, {
    ...area,
    secretBox: infrastructure.secretBox,
    providerFactory,
    providerPauses,
  });
  const userProviders = userProvidersOf(settingsService);
  const { speechService } = createSpeech({ db, mediaStore, userProviders });
  const learner = { ...area, settingsService, userProviders, speechService, mediaStore, jobStarter };

  await registerProgress(app, { ...area, settingsRepository });
  const words = await registerWords(app, { ...area, settingsRepository });
  const { wordsService, countWords } = words;
  const learn = await registerLearn(app, { ...learner, providerPauses, wordsService });
  const { reviewService } = await registerReview(app, { ...area, settingsRepository });
  await registerStats(app, { ...area, settingsRepository, reviewService });
  const transfer = await registerTransfer(app, {
    ...area,
    jobStarter,
    diskSpace,
    countWords,
    fileReading: deps.fileReading,
    quotaBytes: deps.transferQuotaBytes,
  });
  const { dictionaryRepository } = await registerDictionary(app, { ...learner, wordsService });
  const { maintenance } = await registerWordMaintenance(app, learner);
  const { uploadsRepository } = await registerUploads(app, { ...learner, diskSpace, countWords });
  const audiobooks = await registerAudiobooks(app, {
    ...learner,
    builtinImages: infrastructure.builtinImages,
  });
  await registerProviders(app, { ...learner, providerFactory, learnService: learn.learnService });
  await app.register(mediaRoutes, {
    mediaStore,
    pictureVariants: createPictureVariants({ repository: infrastructure.mediaRepository }),
    sessionResolver,
  });
  await app.register(jobsRoutes, { jobRuntime, sessionResolver });
  await app.register(realtimeRoutes, { hub, jobRuntime, sessionResolver });

  await registerJobs(jobRuntime, {
    log: app.log,
    now: deps.now,
    mediaStore,
    // Picture links are learners' text: checked under the same address policy as their own endpoints.
    fetch: deps.providerFetch ?? infrastructure.addressGuard.fetch,
    providerPauses,
    userProviders,
    settingsService,
    speechService,
    wordsService,
    reviewService,
    learnRepository: learn.learnRepository,
    uploadsRepository,
    dictionaryRepository,
    maintenance,
    ...transfer,
    audiobooks,
    extraJobs: deps.extraJobs,
  });
  await startBackground(app, {
    sessions,
    attemptLimits: infrastructure.attemptLimits,
    transferService: transfer.transferService,
    jobRuntime,
  });
  await registerClientApp(app, deps);
  return app;
}
