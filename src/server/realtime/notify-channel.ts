import pg from 'pg';
import type { Database } from '../db/client';

const CHANNEL = 'palabra_realtime';
/** How long after a lost LISTEN connection the next one is tried. */
const RECONNECT_DELAY_MS = 1000;

/**
 * Postgres NOTIFY as the bus between app instances (docs/product/jobs.md#progress): whoever publishes, every
 * instance hears it and delivers to the sockets it holds. PGlite hears its own notifications in process; a
 * PostgreSQL server needs one dedicated LISTEN connection outside the pool.
 */
export interface NotifyChannel {
  publish(payload: string): Promise<void>;
  listen(onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export function createNotifyChannel(database: Database): NotifyChannel {
  const publish = async (payload: string) => {
    if (database.pglite) await database.pglite.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    else if (database.pool) await database.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  };

  return {
    publish,
    async listen(onPayload) {
      if (database.pglite) {
        const unlisten = await database.pglite.listen(CHANNEL, onPayload);
        return unlisten;
      }
      if (!database.pool) throw new Error('No database to listen on');
      const options = database.pool.options as pg.ClientConfig;
      let client: pg.Client | undefined;
      let isStopped = false;
      // Read through a call: the flag changes while a connection is being made.
      const isListening = () => !isStopped;
      const connect = async () => {
        const next = new pg.Client(options);
        // A connection the server ends (a restart, the embedded server stopping first at shutdown) must not
        // take the process down: it is made again, and the status call covers what was said meanwhile.
        next.on('error', () => {
          next.end().catch(() => undefined);
          if (client === next) client = undefined;
          if (isListening()) setTimeout(() => void reconnect(), RECONNECT_DELAY_MS).unref();
        });
        next.on('notification', (message) => {
          if (message.channel === CHANNEL && message.payload) onPayload(message.payload);
        });
        await next.connect();
        await next.query(`LISTEN ${CHANNEL}`);
        if (isListening()) client = next;
        else await next.end();
      };
      const reconnect = async () => {
        if (!isListening() || client) return;
        try {
          await connect();
        } catch {
          if (isListening()) setTimeout(() => void reconnect(), RECONNECT_DELAY_MS).unref();
        }
      };
      await connect();
      return async () => {
        isStopped = true;
        await client?.end();
        client = undefined;
      };
    },
  };
}
