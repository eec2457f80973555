import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';

/**
 * Registers a learner through the app in this process (app.inject), for the benchmarks that measure routes
 * without HTTP: the session cookie to call as them, and their id to seed rows with.
 */
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
