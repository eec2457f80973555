/**
 * A server process for the tests of jobs whose process is killed or stopped mid-unit
 * (tests/integration/job-crash-loop.test.ts): the app run as main.ts runs it (src/server/server-process.ts:
 * uncaught errors, listening, SIGTERM's drain), on the shared database it is given, with the test's short
 * leases and polling, and one more job kind, `held-steps`, each of whose units asks the test's hold server
 * first and waits for its answer, so the test holds a unit as long as it wants and knows which process is in it.
 *
 * argv[2]: JSON `{ databaseUrl, holdUrl, leases, pollingSeconds }`. Prints `{"ready":true,"pid":…,
 * "instanceId":…}` on one line once it listens; its log (JSON lines) goes to stdout too.
 */
import { buildApp } from '../../src/server/app';
import { connectMigratedDatabase } from '../../src/server/db/client';
import type { JobLeaseSettings } from '../../src/server/jobs/job-leases';
import { createServerProcess } from '../../src/server/server-process';
import { offlineResolver, TEST_APP_SECRET } from './build-test-app';
import { createFastBuiltinSpeech } from './fast-builtin-speech';
import { askingHoldServer, createStepsJob, HELD_STEPS_KIND } from './steps-job';

interface ChildConfig {
  databaseUrl: string;
  holdUrl: string;
  leases: Partial<JobLeaseSettings>;
  pollingSeconds: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as ChildConfig;
// The test migrated the database; a few connections each keep several servers within the embedded
// server's 30 (src/server/db/embedded-server.ts).
const database = connectMigratedDatabase({ connectionString: config.databaseUrl, max: 4 });
const server = createServerProcess({ port: 0, host: '127.0.0.1' });
const app = await buildApp({
  database,
  appSecret: TEST_APP_SECRET,
  clientDir: null,
  builtinSpeech: createFastBuiltinSpeech(),
  providerAddressPolicy: { allowPrivate: false },
  providerAddressResolver: offlineResolver,
  logger: { level: 'info' },
  jobLeases: config.leases,
  jobPollingIntervalSeconds: config.pollingSeconds,
  onUncaughtError: server.onUncaughtError,
  extraJobs: [
    createStepsJob(HELD_STEPS_KIND, { concurrency: 1, beforeStep: askingHoldServer(config.holdUrl) }),
  ],
});
await server.run(app, database);
process.stdout.write(
  `${JSON.stringify({ ready: true, pid: process.pid, instanceId: app.jobRuntime.instanceId })}\n`,
);
