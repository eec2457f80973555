import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { buildTestApp, type TestApp } from '../support/build-test-app';

/*
 * Behind a proxy on another host (docs/DEPLOY.md#behind-a-proxy): the forwarded headers of the proxies
 * TRUST_PROXY names decide the client's address, the scheme (so the session cookie is `Secure`) and the
 * host the origin rule compares with; anyone else's are ignored.
 */

const PROXY = '10.20.0.5';
const CLIENT = '203.0.113.9';
const PUBLIC_ORIGIN = 'https://palabra.example';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ trustProxy: ['10.20.0.0/16'] });
});
afterAll(() => testApp.close());

let registrations = 0;
const register = (remoteAddress: string, email = `proxied${(registrations += 1)}@example.com`) =>
  testApp.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress,
    headers: {
      'x-forwarded-for': CLIENT,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'palabra.example',
      origin: PUBLIC_ORIGIN,
    },
    payload: { email, password: 'secreto123', firstName: 'Lucía', lastName: 'Pérez' },
  });

/** The client address the session of `email`'s learner was made from. */
async function sessionAddressOf(email: string) {
  const { db } = testApp.database;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const [session] = await db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(eq(sessions.userId, user!.id));
  return session?.sess.address;
}

it('through a trusted proxy, takes the client address, the scheme and the host from its headers', async () => {
  const answer = await register(PROXY);
  expect(answer.statusCode).toBe(201);
  const cookie = answer.cookies.find((candidate) => candidate.name === 'palabra_sid');
  expect(cookie?.secure).toBe(true);

  expect(await sessionAddressOf('proxied1@example.com')).toBe(CLIENT);
});

it('from any other address, ignores the same headers: the public origin is another site’s', async () => {
  const answer = await register('198.51.100.4');
  expect(answer.statusCode).toBe(403);
  expect(answer.json()).toMatchObject({ code: 'cross_origin_request' });
});

it('from any other address, a request of the app’s own origin is served as sent, without Secure', async () => {
  const answer = await testApp.app.inject({
    method: 'POST',
    url: '/auth/register',
    remoteAddress: '198.51.100.4',
    headers: { 'x-forwarded-for': CLIENT, 'x-forwarded-proto': 'https', origin: 'http://localhost:80' },
    payload: { email: 'direct@example.com', password: 'secreto123', firstName: 'Lucía', lastName: 'Pérez' },
  });
  expect(answer.statusCode).toBe(201);
  expect(answer.cookies.find((candidate) => candidate.name === 'palabra_sid')?.secure).toBeFalsy();
  expect(await sessionAddressOf('direct@example.com')).toBe('198.51.100.4');
});
