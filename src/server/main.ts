import sharp from 'sharp';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { openEmbeddedDatabase } from './db/embedded-database';
import { readEnv } from './env';
import { markServedBuilds } from './lib/build-folders';
import { DataDirLockedError, loadAppSecret, lockDataDir } from './lib/data-dir';
import { createServerProcess } from './server-process';

/** Before the app's logger exists: start-up news in the same one-line JSON shape. */
const startLog = {
  info: (msg: string) => process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`),
  warn: (msg: string) => console.warn(JSON.stringify({ level: 40, time: Date.now(), msg })),
};

// Pictures here are small and drawn one at a time: libvips' cache of recent operations (50 MB by default)
// and a thread per core would only hold memory the embedded default's budget counts
// (docs/product/decisions.md#embedded-database).
sharp.cache(false);
sharp.concurrency(1);

async function main(): Promise<void> {
  const env = readEnv();
  // Before anything else: a build made while this one starts must not prune what it is about to serve.
  const { clientDir } = markServedBuilds(import.meta.url);
  // The embedded database must have a single owner; a server database manages its own concurrency.
  const lock = env.databaseUrl ? undefined : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: env.databaseUrl })
    : await openEmbeddedDatabase(env.dataDir, startLog);
  const server = createServerProcess({
    port: env.port,
    host: env.host,
    onStopped: () => lock?.release(),
  });
  // The embedded server is a child process: a start that fails from here on stops it instead of leaving it behind.
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      database,
      appSecret: loadAppSecret(env.dataDir, env.appSecret),
      clientDir,
      oidc: env.oidc,
      google: env.google,
      providerBaseUrls: env.providerBaseUrls,
      allowedOrigins: env.allowedOrigins,
      trustProxy: env.trustProxy,
      providerAddressPolicy: { allowPrivate: env.allowPrivateProviderUrls },
      dataDir: env.dataDir,
      minFreeDiskMb: env.minFreeDiskMb,
      logger: {
        level: env.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      },
      onUncaughtError: server.onUncaughtError,
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    lock?.release();
    throw error;
  }

  await server.run(app, database);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
