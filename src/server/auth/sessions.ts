import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';

export const SESSION_COOKIE = 'palabra_sid';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type SessionData = {
  userId: string;
  provider: string;
  createdAt: string;
  /** The client address that signed in: a known device for the sign-in limits (docs/product/auth.md#attempt-limits). */
  address?: string;
};

// The table keeps a hash of the cookie's token, so a leaked database row cannot be replayed as a cookie.
const sidOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The sessions table (sid, sess, expire); expiry is enforced here, not trusted to the cookie. */
export function createSessionStore(db: Db, now: () => Date = () => new Date()) {
  const expiryFrom = (from: Date) => new Date(from.getTime() + SESSION_TTL_MS);

  return {
    async create(
      userId: string,
      provider: string,
      address: string,
    ): Promise<{ token: string; expire: Date }> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = now();
      const expire = expiryFrom(createdAt);
      const sess: SessionData = { userId, provider, createdAt: createdAt.toISOString(), address };
      await db.insert(sessions).values({ sid: sidOf(token), sess, expire, userId });
      return { token, expire };
    },

    /**
     * The live session for a cookie token; sliding: renewed once less than half its life is left, and then
     * `renewed` tells the caller to send the cookie again with the new expiry
     * (docs/product/auth.md#sessions).
     */
    async find(
      token: string,
      /** False where no cookie can be sent back (a socket upgrade): renewing there would strand the cookie. */
      { canRenew = true }: { canRenew?: boolean } = {},
    ): Promise<{ userId: string; expire: Date; renewed: boolean } | null> {
      const current = now();
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.sid, sidOf(token)), gt(sessions.expire, current)))
        .limit(1);
      if (!row?.userId) return null;
      if (!canRenew || row.expire.getTime() - current.getTime() >= SESSION_TTL_MS / 2) {
        return { userId: row.userId, expire: row.expire, renewed: false };
      }
      const expire = expiryFrom(current);
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, row.sid));
      return { userId: row.userId, expire, renewed: true };
    },

    /** Whether the account has a live session signed in from this address. */
    async hasSessionFrom(userId: string, address: string): Promise<boolean> {
      const [row] = await db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expire, now()),
            sql`${sessions.sess}->>'address' = ${address}`,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.sid, sidOf(token)));
    },

    async purgeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expire, now()));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
