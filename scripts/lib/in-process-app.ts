import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../src/server/app';
import { type Database, type Db, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';

/**
 * The app in this process on a fresh embedded PostgreSQL server, as `npm start` runs it, for the benchmarks
 * that measure routes without HTTP (app.inject); `close` stops both and removes the data folder.
 */
export async function startInProcessApp(
  name: string,
  overrides: Partial<AppDeps> = {},
): Promise<{ app: FastifyInstance; database: Database; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `palabra-bench-${name}-`));
  const database = await openDatabase({ kind: 'embedded', dataDir });
  const app = await buildApp({
    database,
    appSecret: 'bench-secret-that-is-long-enough-for-the-schema-0123456789',
    clientDir: null,
    ...overrides,
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers a learner through the app: the session cookie to call as them, and their id to seed rows with. */
export async function registerInProcess(
  app: FastifyInstance,
  db: Db,
  email: string,
): Promise<{ cookie: string; userId: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password: 'secreto123', firstName: 'Bench', lastName: 'Mark' },
  });
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`registration of ${email} failed: ${response.body}`);
  return { cookie, userId: row.id };
}
