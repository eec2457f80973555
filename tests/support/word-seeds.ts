import type { Db } from '../../src/server/db/client';
import { words } from '../../src/server/db/schema';

/** A word row as a test wants it: only the Spanish is required, the rest has plain defaults. */
export type WordSeed = Partial<typeof words.$inferInsert> & { spanish: string };

let seedCounter = 0;

/**
 * Inserts a learner's words straight into the table, for tests of what happens to words that already
 * exist. Each gets its own duplicate key, so seeds may repeat a Spanish text.
 */
export async function seedWords(db: Db, userId: string, seeds: readonly WordSeed[]): Promise<number[]> {
  const rows = await db
    .insert(words)
    .values(
      seeds.map((seed) => {
        seedCounter += 1;
        return { russian: 'перевод', duplicateKey: `${seed.spanish}#${seedCounter}`, ...seed, userId };
      }),
    )
    .returning({ id: words.id });
  return rows.map((row) => row.id);
}
