import { buildApp } from './app';
import { openDatabase } from './db/client';
import { readEnv } from './env';
import { DataDirLockedError, loadAppSecret, lockDataDir } from './lib/data-dir';

async function main(): Promise<void> {
  const env = readEnv();
  // The embedded database must have a single owner; a server database manages its own concurrency.
  const lock = env.databaseUrl ? undefined : lockDataDir(env.dataDir);
  const database = await openDatabase(
    env.databaseUrl ? { kind: 'postgres', url: env.databaseUrl } : { kind: 'pglite', dataDir: env.dataDir },
  );
  const app = await buildApp({
    database,
    appSecret: loadAppSecret(env.dataDir, env.appSecret),
    oidc: env.oidc,
    google: env.google,
    providerBaseUrls: env.providerBaseUrls,
    allowedOrigins: env.allowedOrigins,
    providerAddressPolicy: { allowPrivate: env.allowPrivateProviderUrls },
    logger: {
      level: env.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.port, host: env.host });
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
