import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectMigratedDatabase, migrationsFolder, openDatabase } from '../../src/server/db/client';
import { buildTestAppOn } from '../support/build-test-app';
import { openEmptyServerDatabase } from '../support/test-database';

/*
 * Instances started at once on an empty database migrate under one advisory lock
 * (docs/DEPLOY.md#upgrades): each migration is applied once, and every instance comes up ready.
 */

let empty: Awaited<ReturnType<typeof openEmptyServerDatabase>>;
beforeAll(async () => {
  empty = await openEmptyServerDatabase();
});
afterAll(() => empty.close());

it('lets two instances started at once on an empty database both reach /readyz 200, each migration applied once', async () => {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const instances = await Promise.all(
    [1, 2].map(async () => {
      const database = await openDatabase({ kind: 'postgres', url: empty.url });
      return { database, app: await buildTestAppOn(database) };
    }),
  );
  try {
    for (const { app } of instances) {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect({ status: answer.statusCode, body: answer.json<unknown>() }).toEqual({
        status: 200,
        body: { status: 'ready' },
      });
    }
    const reader = connectMigratedDatabase({ connectionString: empty.url, max: 1 });
    try {
      const { rows } = await reader.pool!.query<{ created_at: string }>(
        'SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at',
      );
      expect(rows.map((row) => Number(row.created_at))).toEqual(journal.entries.map((entry) => entry.when));
    } finally {
      await reader.close();
    }
  } finally {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
  }
});
