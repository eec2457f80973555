import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppDeps, buildApp } from '../../src/server/app';
import { type Database, openDatabase } from '../../src/server/db/client';
import { openEmbeddedDatabase } from '../../src/server/db/embedded-database';
import { LegacyDataConflictError } from '../../src/server/db/pglite-migration';
import type { UploadWordsJob } from '../../src/shared/api/jobs';
import { offlineResolver, registerUser, TEST_APP_SECRET, type TestUser } from '../support/build-test-app';
import { withMadeCluster } from '../support/embedded-cluster';
import { createFastBuiltinSpeech } from '../support/fast-builtin-speech';
import { migratedPgliteSnapshot } from '../support/test-database';
import { waitForUploadJob } from '../support/upload-jobs';

/*
 * A learner who ran the earlier embedded engine (PGlite) starts this version: the data are copied into the
 * embedded PostgreSQL server, checked, and the old folder kept (docs/product/decisions.md#embedded-database).
 */

const TEST_TIMEOUT_MS = 120_000;
const tempDirs: string[] = [];
const openDatabases: Database[] = [];
const silentLog = { info: () => undefined, warn: () => undefined };

afterEach(async () => {
  for (const database of openDatabases.splice(0)) await database.close().catch(() => undefined);
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder whose PostgreSQL cluster a first start made (initdb is not what these tests are about). */
async function freshDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'palabra-migrate-'));
  tempDirs.push(dir);
  return withMadeCluster(dir);
}

async function appOn(database: Database, overrides: Partial<AppDeps> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    database,
    appSecret: TEST_APP_SECRET,
    clientDir: null,
    builtinSpeech: createFastBuiltinSpeech(),
    providerAddressResolver: offlineResolver,
    ...overrides,
  });
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, user: TestUser, url: string) =>
  app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

interface Snapshot {
  counts: Record<string, number>;
  media: string[];
}

async function snapshot(database: Database): Promise<Snapshot> {
  const query = async <Row>(text: string): Promise<Row[]> => {
    if (database.pglite) return (await database.pglite.query<Row>(text)).rows;
    if (database.pool) return (await database.pool.query(text)).rows as Row[];
    throw new Error('no database');
  };
  const tables = await query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'engine_migrations'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] =
      (await query<{ count: number }>(`SELECT count(*)::int AS count FROM "${name}"`))[0]?.count ?? -1;
  }
  const media = await query<{ hash: string }>(
    `SELECT encode(sha256(data), 'hex') AS hash FROM media_objects ORDER BY 1`,
  );
  return { counts, media: media.map((row) => row.hash) };
}

/** A PGlite folder as the earlier version left it: a learner, an upload of words with pictures, a finished job. */
async function seedLegacyFolder(
  dataDir: string,
): Promise<{ user: TestUser; words: unknown; before: Snapshot }> {
  // Started from the migrated cluster: initdb and the migrations are not what these tests are about.
  const legacy = await openDatabase({ kind: 'pglite', dataDir, snapshot: await migratedPgliteSnapshot() });
  const app = await appOn(legacy, { runsJobs: true });
  const user = await registerUser(app, { email: 'migrated@example.com', password: 'secreto-migrado' });
  const upload = await app.inject({
    method: 'POST',
    url: '/api/words/process-batch',
    headers: { cookie: user.cookie },
    payload: {
      text: 'el gato / кот\nla casa / дом\ncorrer / бегать',
      enhanceWithAI: true,
      generateImages: true,
    },
  });
  const { jobId } = upload.json<{ jobId: string }>();
  const job: UploadWordsJob = await waitForUploadJob(app, user, jobId);
  expect(job.status).toBe('completed');
  // The built-in clips job the upload queued finishes too, so the copy is of a folder at rest.
  const clipsJobId = job.results?.builtinClipsJobId;
  if (clipsJobId) {
    await vi.waitUntil(
      async () => {
        const clips = (await get(app, user, `/api/jobs/${clipsJobId}`)).json<{ status: string }>();
        return clips.status !== 'pending' && clips.status !== 'processing';
      },
      { timeout: 60_000, interval: 50 },
    );
  }
  const words = (await get(app, user, '/api/words')).json<unknown>();
  const before = await snapshot(legacy);
  await app.close();
  await legacy.close();
  return { user, words, before };
}

type LegacySeed = Awaited<ReturnType<typeof seedLegacyFolder>>;
let template: { dir: string; seed: LegacySeed };

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'palabra-legacy-template-'));
  template = { dir, seed: await seedLegacyFolder(dir) };
}, TEST_TIMEOUT_MS);
afterAll(() => rmSync(template.dir, { recursive: true, force: true }));

/** The seeded PGlite folder, copied into `dataDir` (each test changes its own copy). */
function withLegacyFolder(dataDir: string): LegacySeed {
  cpSync(path.join(template.dir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  return template.seed;
}

describe('moving from the earlier embedded database', () => {
  it(
    'copies every row and media file into PostgreSQL, keeps the old folder, and signs the learner in as before',
    async () => {
      const dataDir = await freshDataDir();
      const { user, words, before } = withLegacyFolder(dataDir);
      expect(before.counts.words).toBe(3);
      expect(before.media.length).toBeGreaterThanOrEqual(3);

      const infos: string[] = [];
      const database = await openEmbeddedDatabase(dataDir, {
        info: (m) => infos.push(m),
        warn: () => undefined,
      });
      openDatabases.push(database);
      expect(database.kind).toBe('postgres');
      expect(await snapshot(database)).toEqual(before);
      expect(infos.join('\n')).toMatch(/Copied \d+ rows \(\d+ media files, all hashes checked\)/);
      // The old cluster is kept untouched beside the new one, and no longer taken for unmigrated.
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      const kept = readdirSync(dataDir).filter((name) => name.startsWith('pglite-before-postgres-'));
      expect(kept).toHaveLength(1);
      expect(existsSync(path.join(dataDir, kept[0] ?? '', 'PG_VERSION'))).toBe(true);

      const app = await appOn(database, { runsJobs: true });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: user.email, password: user.password },
        });
        expect(login.statusCode).toBe(200);
        // The session made before the move still opens the same dictionary.
        expect((await get(app, user, '/api/words')).json()).toEqual(words);
        // New rows take ids after the copied ones (the sequences came along), and jobs run.
        const upload = await app.inject({
          method: 'POST',
          url: '/api/words/process-batch',
          headers: { cookie: user.cookie },
          payload: { text: 'el perro / собака', enhanceWithAI: true, generateImages: true },
        });
        const job = await waitForUploadJob(app, user, upload.json<{ jobId: string }>().jobId);
        expect(job.status).toBe('completed');
        const listed = (await get(app, user, '/api/words')).json<{ id: number; spanish: string }[]>();
        const dog = listed.find((word) => word.spanish.includes('perro'));
        expect(dog?.id).toBeGreaterThan(
          Math.max(...listed.filter((word) => word !== dog).map((word) => word.id)),
        );
      } finally {
        await app.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'recognises a copy that finished before a crash left the old folder in place, and copies nothing twice',
    async () => {
      const dataDir = await freshDataDir();
      const { before } = withLegacyFolder(dataDir);
      const first = await openEmbeddedDatabase(dataDir, silentLog);
      await first.close();
      // As if the process had died between the copy's commit and setting the old folder aside.
      const kept = readdirSync(dataDir).find((name) => name.startsWith('pglite-before-postgres-')) ?? '';
      renameSync(path.join(dataDir, kept), path.join(dataDir, 'pglite'));

      const again = await openEmbeddedDatabase(dataDir, silentLog);
      openDatabases.push(again);
      expect(await snapshot(again)).toEqual(before);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'refuses to start, changing nothing, when both the old folder and the new database hold learners',
    async () => {
      const dataDir = await freshDataDir();
      // A learner on the new engine first…
      const current = await openEmbeddedDatabase(dataDir, silentLog);
      const app = await appOn(current);
      await registerUser(app, { email: 'current@example.com' });
      await app.close();
      await current.close();
      // …then an old PGlite folder appears beside it.
      const { before } = withLegacyFolder(dataDir);

      await expect(openEmbeddedDatabase(dataDir, silentLog)).rejects.toBeInstanceOf(LegacyDataConflictError);
      // Both sides as they were.
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const legacy = await openDatabase({ kind: 'pglite', dataDir });
      openDatabases.push(legacy);
      expect(await snapshot(legacy)).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );
});
