import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { providerPaths } from '../../src/shared/api/providers';
import type { Database } from '../../src/server/db/client';
import { RATE_LIMITS } from '../../src/server/http/rate-limits';
import { buildTestAppOn, registerUser } from '../support/build-test-app';
import { openTestDatabase } from '../support/test-database';

/*
 * Two instances on one database enforce one limit (docs/DEPLOY.md#shared-limits): the sign-in limits and the
 * shared per-learner limits count in the database, so a guesser behind a load balancer gets no more tries
 * than against one instance.
 */

let database: Database;
let first: FastifyInstance;
let second: FastifyInstance;
let clock = new Date('2026-03-02T10:00:00Z');
beforeAll(async () => {
  database = await openTestDatabase();
  // One clock for both, as instances behind one proxy share the time of day.
  first = await buildTestAppOn(database, { now: () => clock });
  second = await buildTestAppOn(database, { now: () => clock });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
});

const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });

it('blocks an account from one address after ten failures spread over two instances, on both', async () => {
  await registerUser(first, { email: 'spread@example.com', password: 'correcto1' });
  const { max, windowMs } = RATE_LIMITS.signIn.perAccountAndClient;
  for (let attempt = 0; attempt < max; attempt++) {
    const instance = attempt % 2 === 0 ? first : second;
    expect((await signIn(instance, 'spread@example.com', `wrong${attempt}`, '10.9.0.1')).statusCode).toBe(
      401,
    );
  }
  for (const instance of [first, second]) {
    expect((await signIn(instance, 'spread@example.com', 'correcto1', '10.9.0.1')).statusCode).toBe(429);
  }
  // The window ends for both at once.
  clock = new Date(clock.getTime() + windowMs);
  expect((await signIn(second, 'spread@example.com', 'correcto1', '10.9.0.1')).statusCode).toBe(200);
});

it('counts a learner’s shared call limit across instances', async () => {
  const learner = await registerUser(first);
  const { max } = RATE_LIMITS.calls.providerKeyChecks;
  const check = (app: FastifyInstance) =>
    app.inject({
      method: 'POST',
      url: providerPaths.validateElevenlabsKey,
      headers: { cookie: learner.cookie },
      // A key no provider knows: each check is answered (not valid) by the offline resolver's refusal.
      payload: { apiKey: 'not-a-key' },
    });
  for (let call = 0; call < max; call++) {
    expect((await check(call % 2 === 0 ? first : second)).statusCode).not.toBe(429);
  }
  for (const instance of [first, second]) {
    const answer = await check(instance);
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ code: 'rate_limited' });
  }
});
