import pg from 'pg';
import type { Database } from '../db/client';

const CHANNEL = 'palabra_realtime';

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
      const client = new pg.Client(options);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === CHANNEL && message.payload) onPayload(message.payload);
      });
      await client.query(`LISTEN ${CHANNEL}`);
      return async () => {
        await client.end();
      };
    },
  };
}
