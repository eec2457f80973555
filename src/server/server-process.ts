import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { UncaughtOrigin } from './lib/uncaught-errors';

/** The whole graceful stop: the app's close (the jobs' drain first: jobs/job-leases.ts), then the database. */
export const CLOSE_TIMEOUT_MS = 8_000;

/** One line of JSON on stderr, in the app's log shape, for a failure before the app's logger exists. */
const logBeforeApp = (level: number, object: object, msg: string) =>
  console.error(JSON.stringify({ level, time: Date.now(), ...object, msg }));

/**
 * This process as the app's server (main.ts, and the test servers killed or stopped mid-job): what it does
 * with an uncaught error outside any job (`onUncaughtError`, handed to `buildApp`, which routes job errors
 * to their jobs from its first job on), and `run`: listen until SIGTERM or SIGINT, then stop gracefully.
 * `onStopped` runs once the database is closed (main.ts releases the data folder's lock there).
 */
export function createServerProcess(options: { port: number; host: string; onStopped?: () => void }) {
  let app: FastifyInstance | undefined;
  let isClosing = false;

  return {
    onUncaughtError: (error: unknown, origin: UncaughtOrigin): void => {
      // Logged by the stop's own listener (`run`): a late failure never turns a clean stop into a crash.
      if (isClosing && origin === 'unhandledRejection') return;
      // Outside any job the process is in a state nothing vouches for: it exits non-zero, as Node would,
      // for its supervisor to start it again.
      if (app) app.log.fatal({ err: error, origin }, 'uncaught error outside any job');
      else {
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        logBeforeApp(60, { err: detail, origin }, 'uncaught error outside any job');
      }
      process.exit(1);
    },

    async run(builtApp: FastifyInstance, database: Database): Promise<void> {
      app = builtApp;
      const shutdown = async (signal: string) => {
        if (isClosing) return;
        isClosing = true;
        builtApp.log.info({ signal }, 'shutting down');
        // A job step that outlives the close (the queue's last write after the pool has ended) must not
        // turn a clean stop into a crash: such late failures are logged, and the process still exits 0.
        process.on('unhandledRejection', (error) =>
          builtApp.log.warn({ err: error }, 'failure while shutting down'),
        );
        try {
          // Open sockets or a job's last step may hold the app's close; the database is closed either way.
          await Promise.race([
            builtApp.close(),
            new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS)),
          ]);
          await database.close();
        } finally {
          options.onStopped?.();
          process.exit(0);
        }
      };
      process.once('SIGINT', () => void shutdown('SIGINT'));
      process.once('SIGTERM', () => void shutdown('SIGTERM'));

      try {
        await builtApp.listen({ port: options.port, host: options.host });
      } catch (error) {
        await builtApp.close();
        await database.close().catch(() => undefined);
        options.onStopped?.();
        throw error;
      }
    },
  };
}
