import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type AppDeps, buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { createFastBuiltinSpeech } from './fast-builtin-speech';
import { openTestDatabase } from './test-database';

export const TEST_APP_SECRET = 'test-secret-that-is-long-enough-for-the-schema-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Answers only `localhost`: a learner's own provider URL with any other host name fails to resolve rather
 * than send a name query off the machine. Tests of host names give a resolver of their own.
 */
export const offlineResolver = (hostname: string) =>
  hostname === 'localhost'
    ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
    : Promise.reject(Object.assign(new Error(`${hostname} is not resolved in tests`), { code: 'ENOTFOUND' }));

/**
 * The first back-off between a provider call's tries in test apps: the fakes fail on purpose, and the
 * real half second (src/server/providers/http/retry.ts) added seconds to every file of failing providers.
 * How many tries, and a `retry-after`, stay as in production.
 */
export const TEST_RETRY_BASE_DELAY_MS = 10;

/**
 * argon2id's cost in test apps: the least it takes (8 KiB, one pass). The integration suite registers about
 * 470 learners and signs in 80 times; at the production cost their hashes took about 50 s of its CPU. The
 * hash itself is tested at the production cost (tests/unit/server/password.test.ts, and the stored hash in
 * tests/integration/auth.test.ts).
 */
export const TEST_PASSWORD_HASH_COST = { memoryCost: 8, timeCost: 1 };

/**
 * An API-only app on a fresh database. Four defaults keep the suite fast, and a test opts out explicitly:
 * - `runsJobs: false`: pg-boss is not started, so a started job only gets its row. A test that needs a
 *   job to run passes `runsJobs: true`.
 * - the offline voice is the fast double (tests/support/fast-builtin-speech.ts). A test about built-in
 *   speech passes `builtinSpeech: createBuiltinSpeech()` for the real eSpeak engine.
 * - a provider call's tries back off `TEST_RETRY_BASE_DELAY_MS`; a test about the back-off passes its own
 *   `providerTimeouts.retryBaseDelayMs`.
 * - passwords are hashed at `TEST_PASSWORD_HASH_COST`; a test of the stored hash passes `PASSWORD_HASH_COST`.
 * And two keep it safe: a learner's own provider URL may not reach private or loopback addresses (the
 * shared-deployment policy; a test pointing one at the loopback fake passes
 * `providerAddressPolicy: { allowPrivate: true }`), and host names resolve through `offlineResolver`.
 */
export async function buildTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const app = await buildTestAppOn(database, overrides);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The same app on a database the caller opened and closes: several app instances on one database, as
 * instances behind a proxy share one PostgreSQL server.
 */
export async function buildTestAppOn(
  database: Database,
  overrides: Partial<AppDeps> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    database,
    appSecret: TEST_APP_SECRET,
    clientDir: null,
    runsJobs: false,
    builtinSpeech: createFastBuiltinSpeech(),
    providerAddressPolicy: { allowPrivate: false },
    providerAddressResolver: offlineResolver,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    ...overrides,
    providerTimeouts: { retryBaseDelayMs: TEST_RETRY_BASE_DELAY_MS, ...overrides.providerTimeouts },
  });
  await app.ready();
  return app;
}

let userCounter = 0;

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  /** `Cookie` header value carrying the session. */
  cookie: string;
  id: string;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'palabra_sid');
  if (!cookie) throw new Error(`No session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Registers through the real route, so every test user is made the way a learner is. */
export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<Pick<TestUser, 'email' | 'password' | 'firstName'>> = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = overrides.email ?? `learner${userCounter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'secreto123';
  const firstName = overrides.firstName ?? `Ana${userCounter}`;
  const response = await app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { email, password, firstName, lastName: 'García' },
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ user: { id: string } }>();
  return { email, password, firstName, cookie: sessionCookieOf(response), id: body.user.id };
}
