import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { createNotifyChannel } from '../../src/server/realtime/notify-channel';
import { withMadeCluster } from '../support/embedded-cluster';

/*
 * The LISTEN connection of a PostgreSQL server (docs/product/jobs.md#progress), on the embedded server as
 * `npm start` runs it: a connection the server ends must neither take the process down nor leave the
 * instance deaf.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'palabra-notify-'));
let database: Database | undefined;

afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a LISTEN connection the server ends is made again, and notifications are heard once more', async () => {
  database = await openDatabase({ kind: 'embedded', dataDir: await withMadeCluster(dataDir) });
  const pool = database.pool;
  if (!pool) throw new Error('the embedded server is reached through a pool');
  const channel = createNotifyChannel(database);
  const heard: string[] = [];
  const stop = await channel.listen((payload) => heard.push(payload));

  await channel.publish('before');
  await expect.poll(() => heard).toContain('before');

  // As a server restart or an administrator would: the listening backend is ended.
  const ended = await pool.query<{ ended: boolean }>(
    `select pg_terminate_backend(pid) as ended from pg_stat_activity where query like 'LISTEN %'`,
  );
  expect(ended.rows.map((row) => row.ended)).toEqual([true]);

  await expect
    .poll(
      async () => {
        await channel.publish('after');
        return heard.includes('after');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await stop();
}, 60_000);
