import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/**
 * pg-boss on the app's own database (docs/product/jobs.md#background-jobs): durable, retried, resumed after a
 * restart. On PGlite it talks through an `executeSql` adapter; statements without values may hold several
 * commands, which only PGlite's `exec` accepts.
 */
const DEFAULT_CONCURRENCY = 2;
/**
 * Polling only finds jobs sent by another process or retried; a job sent here wakes the workers at once.
 * On the embedded server no other process sends any, so polls only find retries: a rare one lets the
 * server close its idle connections (a process each) between them. PGlite polls cost no connection.
 */
const POLLING_INTERVAL_SECONDS = 2;
const SINGLE_INSTANCE_POLLING_INTERVAL_SECONDS = 30;

/**
 * `pollingIntervalSeconds` replaces both defaults: tests of several instances shorten it (pg-boss's least is
 * 0.5 s) rather than wait up to 2 s for each job one instance sends another.
 */
export function createJobQueue(
  database: Database,
  { pollingIntervalSeconds }: { pollingIntervalSeconds?: number | undefined } = {},
) {
  /**
   * Set once pg-boss has stopped. A worker let go at the stop may still mark its job complete or failed a
   * moment later, when the database is closing or closed: that write is dropped, answered as a command that
   * changed no row (pg-boss reads `rows[0].count` of it), instead of failing on a closed pool. Nothing is
   * lost: the runtime resumes unfinished jobs from its own rows at the next start.
   */
  let isStopped = false;
  const executeSql = async (text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> => {
    if (isStopped) return { rows: [{ count: 0 }] };
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
  /** The workers of each queue, woken when this process sends a job so it starts without a polling delay. */
  const workerIds = new Map<string, string[]>();
  /**
   * Settles when the queue is stopping. The runtime has drained by then (infrastructure.ts); a handler still running
   * (a job inside a unit past the drain's bound) is let go at once, so pg-boss stops before the database
   * closes under it. Its job keeps its lease, which lapses (docs/product/jobs.md#crashed-jobs).
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
    /**
     * Stops fetching jobs, at the start of a graceful stop: the jobs this instance releases then go to the
     * other instances rather than back to its own stopping workers.
     */
    stopFetching() {
      for (const name of workerIds.keys()) void boss.offWork(name);
    },
    async stop() {
      signalStop();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      isStopped = true;
    },
    /**
     * Runs `handler` for each job of the queue. A handler that answers `false` declines the delivery (its
     * instance is stopping), which is then sent again for another instance.
     *
     * pg-boss's own expiry and retries never run a job twice: its row is the truth, and only the run that
     * claims the row's lease works on it (job-runtime.ts). A process that dies leaves its pg-boss job
     * 'active'; an hour later pg-boss expires and retries it, by when the lapsed lease has long been
     * counted and the job queued again: the retry finds it finished, or held by a live lease, and is
     * ignored, or finds it waiting and runs it as any delivery would. A run longer than the expiry is
     * retried likewise while it still runs, and that retry is ignored.
     */
    async define(
      name: string,
      handler: (data: { jobId: string }) => Promise<unknown>,
      options: { retryLimit?: number; expireInSeconds?: number; concurrency?: number } = {},
    ) {
      if (!workerIds.has(name)) {
        await boss.createQueue(name, {
          name,
          retryLimit: options.retryLimit ?? 2,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: options.expireInSeconds ?? 60 * 60,
        });
        workerIds.set(name, []);
      }
      // pg-boss 10 runs one job at a time per worker: several workers let one learner's long upload run
      // beside another's instead of in front of it.
      const ids = workerIds.get(name) ?? [];
      for (let index = 0; index < (options.concurrency ?? DEFAULT_CONCURRENCY); index += 1) {
        ids.push(
          await boss.work<{ jobId: string }>(
            name,
            {
              pollingIntervalSeconds:
                pollingIntervalSeconds ??
                (database.isSingleInstance && database.kind === 'postgres'
                  ? SINGLE_INSTANCE_POLLING_INTERVAL_SECONDS
                  : POLLING_INTERVAL_SECONDS),
              batchSize: 1,
            },
            async ([job]) => {
              if (!job) return;
              try {
                const answer = await Promise.race([handler(job.data), stopping]);
                // Declined by this stopping instance: another one takes it.
                if (answer === false) await boss.send(name, job.data);
              } finally {
                // Jobs sent while every worker was busy must not wait for the next poll: each worker of the
                // queue looks again as soon as one finishes.
                for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
              }
            },
          ),
        );
      }
      workerIds.set(name, ids);
    },
    async send(name: string, data: object): Promise<void> {
      await boss.send(name, data);
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
