import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export type SettingsRow = typeof userSettings.$inferSelect;
export type SettingsRowUpdate = Partial<Omit<typeof userSettings.$inferInsert, 'userId' | 'updatedAt'>>;

export function createSettingsRepository(db: Db) {
  const select = async (userId: string) => {
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    return row;
  };

  return {
    /** The learner's row, created with the schema defaults on first read. */
    async findOrCreate(userId: string): Promise<SettingsRow> {
      const existing = await select(userId);
      if (existing) return existing;
      await db.insert(userSettings).values({ userId }).onConflictDoNothing();
      const created = await select(userId);
      if (!created) throw new Error(`Settings row for ${userId} could not be created`);
      return created;
    },

    /** Whether the database's own zone data knows this name (its 'today' is computed there too). */
    async isKnownTimeZone(name: string): Promise<boolean> {
      const rows = await db.execute(sql`select 1 from pg_timezone_names where name = ${name} limit 1`);
      return rowsOf(rows).length > 0;
    },

    async update(userId: string, changes: SettingsRowUpdate): Promise<SettingsRow> {
      await this.findOrCreate(userId);
      if (Object.keys(changes).length === 0) return this.findOrCreate(userId);
      const [row] = await db
        .update(userSettings)
        .set(changes)
        .where(eq(userSettings.userId, userId))
        .returning();
      if (!row) throw new Error(`Settings row for ${userId} vanished during update`);
      return row;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
