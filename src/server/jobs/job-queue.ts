import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * pg-boss on the app's own database (DESIGN §2): durable, retried, resumed after a restart. On PGlite it
 * talks through an `executeSql` adapter; statements without values may hold several commands, which
 * only PGlite's `exec` accepts.
 */
export function createJobQueue(database: Database) {
  const executeSql = async (text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> => {
    if (database.pglite) {
      if (values.length === 0) {
        const results = await database.pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await database.pglite.query(text, values)).rows };
    }
    if (!database.pool) throw new Error('No database for the job queue');
    return { rows: (await database.pool.query(text, values)).rows as unknown[] };
  };

  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    // The app owns no cron schedules; monitoring stays on for expiry and archiving.
    schedule: false,
  });
  const queues = new Set<string>();
  /**
   * Settles when the queue is stopping. A running handler is then let go at once: it finishes its
   * current step on its own and leaves its job resumable, while pg-boss stops before the database
   * closes under it.
   */
  let signalStop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => {
    signalStop = resolve;
  });

  return {
    boss,
    async start(onError: (error: Error) => void) {
      boss.on('error', onError);
      await boss.start();
    },
    async stop() {
      signalStop();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
    async define(
      name: string,
      handler: (data: { jobId: string }) => Promise<void>,
      options: { retryLimit?: number; expireInSeconds?: number } = {},
    ) {
      if (!queues.has(name)) {
        await boss.createQueue(name, {
          name,
          retryLimit: options.retryLimit ?? 2,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: options.expireInSeconds ?? 60 * 60,
        });
        queues.add(name);
      }
      await boss.work<{ jobId: string }>(
        name,
        { pollingIntervalSeconds: 0.5, batchSize: 1 },
        async ([job]) => {
          if (job) await Promise.race([handler(job.data), stopping]);
        },
      );
    },
    async send(name: string, data: object): Promise<void> {
      await boss.send(name, data);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
