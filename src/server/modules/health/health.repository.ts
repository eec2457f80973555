import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** The newest migration this build carries, by the time drizzle records for it (`created_at`). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

export function createHealthRepository(db: Db) {
  const newest = newestMigrationMillis();
  return {
    /** Has the database applied every migration this build carries? Throws when it does not answer. */
    async hasNewestMigration(): Promise<boolean> {
      const [row] = rowsOf<{ newest: string | number | null }>(
        await db.execute(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`),
      );
      return Number(row?.newest ?? 0) >= newest;
    },
  };
}
export type HealthRepository = ReturnType<typeof createHealthRepository>;
