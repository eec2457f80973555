import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

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
