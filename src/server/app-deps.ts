import type { FastifyServerOptions } from 'fastify';
import type { Database } from './db/client';
import type { PasswordHashCost } from './auth/password';
import type { Env } from './env';
import type { AnyJobDefinition } from './jobs/job-runtime';
import type { JobLeaseSettings } from './jobs/job-leases';
import type { UncaughtOrigin } from './lib/uncaught-errors';
import type { FileReadersOptions } from './modules/transfer/file-readers';
import type { AddressResolver, ProviderAddressPolicy } from './providers/http/address-guard';
import type { FetchFunction } from './providers/http/provider-fetch';
import type { ImageGenerator } from './providers/images';
import type { ProviderFactoryOptions } from './providers/provider-set';

/** What `buildApp` is given: by main.ts from the environment, by tests with their fakes and shortcuts. */
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
  /**
   * The proxies whose forwarded headers (client address, scheme, host) count (`TRUST_PROXY`: addresses,
   * CIDRs, range names). Default: loopback only.
   */
  trustProxy?: readonly string[];
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
  /**
   * Tests shorten the providers' waits instead of sitting through the real ones: the first-byte limit
   * (src/server/providers/http/provider-fetch.ts) and the back-off between a call's tries
   * (src/server/providers/http/retry.ts).
   */
  providerTimeouts?: { firstByteMs?: number; retryBaseDelayMs?: number };
  /**
   * argon2id's cost for new passwords (src/server/auth/password.ts has the production one). Test apps, which
   * register hundreds of learners, use a low one; the tests of the hash itself pass the production cost.
   */
  passwordHashCost?: PasswordHashCost;
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
  /**
   * How often this instance looks for jobs another one sent; tests of several instances shorten it
   * (src/server/jobs/job-queue.ts has the defaults).
   */
  jobPollingIntervalSeconds?: number;
  /** Job kinds besides the app's own: tests define kinds whose units they hold or break. */
  extraJobs?: readonly AnyJobDefinition[];
  /**
   * Given by the process that serves the app (server-process.ts): the app then takes the process's uncaught
   * exceptions and unhandled rejections from its first job on, failing the job one was thrown in
   * (docs/product/jobs.md#crashed-jobs), and hands any other here. Unset, the process's are left alone.
   */
  onUncaughtError?: (error: unknown, origin: UncaughtOrigin) => void;
}
