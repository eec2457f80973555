import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export function createUsersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    async findByExternalIdentity(provider: string, subject: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.authProvider, provider), eq(users.authSubject, subject)))
        .limit(1);
      return row ?? null;
    },

    /** null when the e-mail (or external identity) is already taken — the unique constraint decides, not a read. */
    async insert(user: NewUser): Promise<UserRow | null> {
      const [row] = await db
        .insert(users)
        .values({ ...user, id: randomUUID() })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async updateProfile(
      id: string,
      profile: Pick<NewUser, 'firstName' | 'lastName' | 'profileImageUrl'>,
    ): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({ ...profile, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
