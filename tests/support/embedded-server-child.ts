/**
 * Starts the embedded PostgreSQL server of a data folder in a process of its own, for the tests that need
 * another user than the test runner's (root, or a normal user) or a process to kill -9. Prints one JSON line
 * once the server answers: who the app runs as, who the server runs as, and where it listens. With `--stop`
 * it then stops the server and exits; without, it waits to be killed.
 */
import pg from 'pg';
import { startEmbeddedServer } from '../../src/server/db/embedded-server';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: embedded-server-child.ts <data dir> [--stop]');

const orphans: number[] = [];
const server = await startEmbeddedServer(dataDir, { onOrphanStopped: (pid) => orphans.push(pid) });
const client = new pg.Client(server.connection);
await client.connect();
const settings = await client.query<{ user: string; listen: string; sockets: string; pid: number }>(
  `SELECT current_user AS user, current_setting('listen_addresses') AS listen,
          current_setting('unix_socket_directories') AS sockets, pg_backend_pid() AS pid`,
);
await client.query('CREATE TABLE IF NOT EXISTS kept (note text)');
await client.query(`INSERT INTO kept VALUES ('written by pid ${process.pid}')`);
const kept = await client.query<{ note: string }>('SELECT note FROM kept ORDER BY note');
await client.end();
console.log(
  JSON.stringify({
    appUid: process.getuid?.(),
    postmasterPid: server.pid,
    orphansStopped: orphans,
    notes: kept.rows.map((row) => row.note),
    ...settings.rows[0],
  }),
);
if (mode === '--stop') {
  await server.stop();
  process.exit(0);
}
setInterval(() => undefined, 60_000);
