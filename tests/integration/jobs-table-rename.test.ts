import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';

/*
 * The migration that names the jobs table for what it holds (`upload_jobs` → `jobs`) renames it: every row a
 * learner's database holds stays, and the key, foreign keys and indexes named after the old table follow.
 */

const RENAME = '0023_rename-upload-jobs-to-jobs';
const before = mkdtempSync(path.join(os.tmpdir(), 'palabra-migrations-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations as they were before the rename: the same files, the journal up to it (any later one too). */
function migrationsBeforeRename(): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const renameAt = journal.entries.findIndex((entry) => entry.tag === RENAME);
  expect(renameAt).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, renameAt);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

it('renames upload_jobs to jobs, keeping every row and renaming what was named after it', async () => {
  const pglite = await PGlite.create();
  try {
    const db = drizzle({ client: pglite });
    await migrate(db, { migrationsFolder: migrationsBeforeRename() });
    await pglite.exec(`
      INSERT INTO users (id, email) VALUES ('learner', 'learner@example.com');
      INSERT INTO upload_jobs (id, user_id, kind, status, input, owner_instance_id)
      VALUES
        ('00000000-0000-4000-8000-000000000001', 'learner', 'upload-words', 'processing', '{"v":4}', 'instance'),
        ('00000000-0000-4000-8000-000000000002', 'learner', 'export-words', 'completed', '{"v":1}', NULL);
    `);

    await migrate(db, { migrationsFolder });

    const rows = await pglite.query<{
      id: string;
      kind: string;
      status: string;
      owner_instance_id: string | null;
    }>('SELECT id, kind, status, owner_instance_id FROM jobs ORDER BY id');
    expect(rows.rows).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'upload-words',
        status: 'processing',
        owner_instance_id: 'instance',
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        kind: 'export-words',
        status: 'completed',
        owner_instance_id: null,
      },
    ]);
    const oldTable = await pglite.query<{ name: string | null }>(
      "SELECT to_regclass('upload_jobs')::text AS name",
    );
    expect(oldTable.rows[0]?.name).toBeNull();
    const indexes = await pglite.query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'jobs' ORDER BY indexname",
    );
    expect(indexes.rows.map((row) => row.indexname)).toEqual([
      'jobs_owner_instance_id_idx',
      'jobs_pkey',
      'jobs_user_id_created_at_idx',
    ]);
    // Named NOT NULL constraints exist on PostgreSQL 18 and PGlite, not on 15: only the named keys are compared.
    const constraints = await pglite.query<{ conname: string }>(
      "SELECT conname FROM pg_constraint WHERE conrelid IN ('jobs'::regclass, 'upload_job_words'::regclass) ORDER BY conname",
    );
    const names = constraints.rows.map((row) => row.conname);
    expect(names.filter((name) => !name.endsWith('_not_null'))).toEqual([
      'jobs_pkey',
      'jobs_user_id_users_id_fk',
      'upload_job_words_job_id_jobs_id_fk',
      'upload_job_words_job_id_word_id_pk',
      'upload_job_words_word_id_words_id_fk',
    ]);
    expect(names.filter((name) => name.includes('upload_jobs'))).toEqual([]);
    // The foreign key still holds under its new name: a learner's jobs go with the learner.
    await pglite.exec("DELETE FROM users WHERE id = 'learner'");
    expect((await pglite.query('SELECT id FROM jobs')).rows).toEqual([]);
  } finally {
    await pglite.close();
  }
});
