import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import errorsRu from '../../src/client/i18n/errors.ru.json';
import { PASSWORD_HASH_COST } from '../../src/server/auth/password';
import { sessions, users } from '../../src/server/db/schema';
import { errorBodySchema } from '../../src/shared/api/errors';
import { buildTestApp, registerUser, sessionCookieOf, type TestApp } from '../support/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  // The production cost: these tests are about the stored hash and what a sign-in costs.
  testApp = await buildTestApp({ passwordHashCost: PASSWORD_HASH_COST });
});
afterAll(() => testApp.close());

const inject = (options: InjectOptions) => testApp.app.inject(options);

describe('registration', () => {
  it('creates the account, signs the learner in and sets a safe session cookie', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'Maria@Example.com', password: 'secreto1', firstName: 'María', lastName: 'López' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user).toMatchObject({
      email: 'maria@example.com',
      firstName: 'María',
      lastName: 'López',
      claims: { first_name: 'María' },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'palabra_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const status = await inject({ url: '/api/auth/status', headers: { cookie: sessionCookieOf(response) } });
    expect(status.json()).toEqual({ isAuthenticated: true });
  });

  it('stores an argon2id hash, never the password', async () => {
    await registerUser(testApp.app, { email: 'hash@example.com', password: 'secreto-hash' });
    const [row] = await testApp.database.db.select().from(users).where(eq(users.email, 'hash@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain('secreto-hash');
  });

  it('answers 409 with an error field for an e-mail already registered', async () => {
    await registerUser(testApp.app, { email: 'twice@example.com' });
    const response = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'TWICE@example.com', password: 'secreto1', firstName: 'B', lastName: 'C' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email_taken' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secreto1' }, 'email'],
    [{ email: 'short@example.com', password: '12345' }, 'password'],
    [{ password: 'secreto1' }, 'email'],
  ])('rejects %j naming the field %s', async (payload, field) => {
    const response = await inject({ method: 'POST', url: '/auth/register', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', params: { field } });
    expect(response.json().message).toContain(field);
  });

  it('accepts a six-character password, the minimum', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'six@example.com', password: '123456', firstName: '', lastName: '' },
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('login', () => {
  it('signs in with the right password', async () => {
    const user = await registerUser(testApp.app, { email: 'login@example.com', password: 'correcto1' });
    const response = await inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'LOGIN@example.com', password: 'correcto1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(user.id);
    const me = await inject({ url: '/api/auth/user', headers: { cookie: sessionCookieOf(response) } });
    expect(me.json()).toMatchObject({ id: user.id, email: 'login@example.com' });
  });

  it('gives unknown e-mail and wrong password the same answer', async () => {
    await registerUser(testApp.app, { email: 'same@example.com', password: 'correcto1' });
    const wrongPassword = await inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'same@example.com', password: 'incorrecto' },
    });
    const unknownEmail = await inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@example.com', password: 'incorrecto' },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    const { requestId: _a, ...wrongBody } = wrongPassword.json();
    const { requestId: _b, ...unknownBody } = unknownEmail.json();
    expect(unknownBody).toEqual(wrongBody);
    expect(wrongBody).toMatchObject({ code: 'invalid_credentials' });
  });

  it('takes as long for an unknown e-mail as for a wrong password', async () => {
    await registerUser(testApp.app, { email: 'timing@example.com', password: 'correcto1' });
    // The time of a failed sign-in is the argon2 verification it runs: both failures must run one, at
    // the same cost. Without the decoy hash an unknown e-mail would run none and answer ~30x faster.
    const verify = vi.spyOn(argon2, 'verify');
    const costsOf = async (email: string) => {
      verify.mockClear();
      const response = await inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: 'incorrecto' },
      });
      expect(response.statusCode).toBe(401);
      // `$argon2id$v=19$m=…,t=…,p=…$salt$hash`: the algorithm, version and cost, without salt and hash.
      return verify.mock.calls.map(([hash]) => hash.split('$').slice(1, 4).join('$'));
    };
    try {
      const wrongPassword = await costsOf('timing@example.com');
      expect(wrongPassword).toEqual(['argon2id$v=19$m=19456,p=1,t=2']);
      expect(await costsOf('ghost@example.com')).toEqual(wrongPassword);
    } finally {
      verify.mockRestore();
    }
  });
});

describe('rate limits', () => {
  const signIn = (email: string, password: string, remoteAddress: string, cookie?: string) =>
    inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      remoteAddress,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const guessFrom = async (email: string, addresses: readonly string[]) => {
    for (const [attempt, address] of addresses.entries()) {
      expect((await signIn(email, `wrong${attempt}`, address)).statusCode).toBe(401);
    }
  };
  const deviceCookieOf = (response: { cookies: { name: string; value: string }[] }) => {
    const cookie = response.cookies.find((candidate) => candidate.name === 'palabra_device');
    if (!cookie) throw new Error('no remembered-device cookie');
    return `${cookie.name}=${cookie.value}`;
  };
  const addresses = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, index) => `${prefix}.${index}`);

  it('blocks an account from one address after ten failed sign-ins with a 429 and a message', async () => {
    await registerUser(testApp.app, { email: 'guessed@example.com', password: 'correcto1' });
    await guessFrom('guessed@example.com', Array<string>(10).fill('10.1.0.1'));
    const blocked = await signIn('guessed@example.com', 'correcto1', '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_attempts' });
    // Another address has its own count: the guesser's failures do not lock the owner out.
    expect((await signIn('guessed@example.com', 'correcto1', '10.1.0.2')).statusCode).toBe(200);
  });

  it('ten wrong passwords from anywhere no longer lock the owner out', async () => {
    await registerUser(testApp.app, { email: 'popular@example.com', password: 'correcto1' });
    await guessFrom('popular@example.com', addresses('10.6.0', 10));
    expect((await signIn('popular@example.com', 'correcto1', '10.6.1.1')).statusCode).toBe(200);
  });

  it('an attacker exhausting the account from their own address leaves the owner’s known device alone', async () => {
    const registered = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'owner@example.com', password: 'correcto1' },
      remoteAddress: '10.4.0.9',
    });
    expect(registered.statusCode).toBe(201);
    const device = deviceCookieOf(registered);
    // The attacker shares nothing with the owner but the e-mail; their address runs out for this account.
    await guessFrom('owner@example.com', Array<string>(10).fill('10.4.0.66'));
    expect((await signIn('owner@example.com', 'correcto1', '10.4.0.66')).statusCode).toBe(429);
    // The owner's address has a live session: it signs in.
    expect((await signIn('owner@example.com', 'correcto1', '10.4.0.9')).statusCode).toBe(200);
    // The owner's remembered device signs in from a new address too (a phone on another network).
    expect((await signIn('owner@example.com', 'correcto1', '10.4.7.7', device)).statusCode).toBe(200);
  });

  it('caps failed sign-ins per account across addresses, but never for a known device', async () => {
    const registered = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'ceiling@example.com', password: 'correcto1' },
      remoteAddress: '10.5.0.200',
    });
    const device = deviceCookieOf(registered);
    const stranger = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'stranger@example.com', password: 'correcto1' },
      remoteAddress: '10.5.0.201',
    });
    // Spread over many addresses, each under its own limit, until the account's ceiling (30).
    await guessFrom('ceiling@example.com', addresses('10.5.1', 30));
    // An unknown device is refused even with the right password, and costs no verification.
    const unknown = await signIn('ceiling@example.com', 'correcto1', '10.5.2.1');
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toMatchObject({ code: 'too_many_attempts' });
    // A remembered device of another account is not this account's known device.
    expect(
      (await signIn('ceiling@example.com', 'correcto1', '10.5.2.2', deviceCookieOf(stranger))).statusCode,
    ).toBe(429);
    // A forged device cookie is not one either: one character of its signature changed (the first, which
    // carries six whole bits; the last carries fewer, and two of its spellings may decode alike).
    const signatureAt = device.lastIndexOf('.') + 1;
    const forged = `${device.slice(0, signatureAt)}${device[signatureAt] === 'A' ? 'B' : 'A'}${device.slice(signatureAt + 1)}`;
    expect((await signIn('ceiling@example.com', 'correcto1', '10.5.2.3', forged)).statusCode).toBe(429);
    // Known devices: the address of a live session, and the remembered-device cookie anywhere.
    expect((await signIn('ceiling@example.com', 'correcto1', '10.5.0.200')).statusCode).toBe(200);
    expect((await signIn('ceiling@example.com', 'correcto1', '10.5.2.4', device)).statusCode).toBe(200);
    // A known device still has its own count: ten wrong passwords from it block it.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn('ceiling@example.com', `wrong${attempt}`, '10.5.2.4', device)).statusCode).toBe(
        401,
      );
    }
    expect((await signIn('ceiling@example.com', 'correcto1', '10.5.2.4', device)).statusCode).toBe(429);
  });

  it('remembers the device in a signed, http-only cookie sent only to the sign-in routes', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'device@example.com', password: 'correcto1' },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'palabra_device');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth' });
    expect(cookie!.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
  });

  it('blocks an address after many failures across e-mails', async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      await inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: `spray${attempt}@example.com`, password: 'whatever' },
        remoteAddress: '10.2.0.1',
      });
    }
    const blocked = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'fresh@example.com', password: 'secreto1' },
      remoteAddress: '10.2.0.1',
    });
    expect(blocked.statusCode).toBe(429);
    const otherAddress = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'fresh@example.com', password: 'secreto1' },
      remoteAddress: '10.2.0.2',
    });
    expect(otherAddress.statusCode).toBe(201);
  });

  it('limits registrations per e-mail', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await inject({
        method: 'POST',
        url: '/auth/register',
        payload: { email: 'repeat@example.com', password: 'secreto1' },
        remoteAddress: `10.3.0.${attempt}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429]);
  });
});

describe('session', () => {
  it('reports signed-out visitors as such and refuses the user route', async () => {
    expect((await inject({ url: '/api/auth/status' })).json()).toEqual({ isAuthenticated: false });
    const me = await inject({ url: '/api/auth/user' });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe('Unauthorized');
  });

  it('ignores a forged cookie', async () => {
    const response = await inject({ url: '/api/auth/user', headers: { cookie: 'palabra_sid=forged-token' } });
    expect(response.statusCode).toBe(401);
  });

  it('enforces expiry on the server, whatever the cookie says', async () => {
    const user = await registerUser(testApp.app);
    await testApp.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const response = await inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(401);
  });

  it.each(['/api/logout', '/api/auth/logout'])('%s ends the session and goes home', async (path) => {
    const user = await registerUser(testApp.app);
    const response = await inject({ url: path, headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(response.cookies.find((cookie) => cookie.name === 'palabra_sid')?.value).toBe('');
    const after = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
    expect(after.json()).toEqual({ isAuthenticated: false });
  });

  it.each(['/api/logout', '/api/auth/logout'])(
    '%s by a link on another site, or this host on another port, leaves the learner signed in',
    async (path) => {
      const user = await registerUser(testApp.app);
      for (const fetchSite of ['cross-site', 'same-site']) {
        const response = await inject({
          url: path,
          headers: { cookie: user.cookie, 'sec-fetch-site': fetchSite, 'sec-fetch-mode': 'navigate' },
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('/');
        expect(response.cookies.find((cookie) => cookie.name === 'palabra_sid')).toBeUndefined();
      }
      const after = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
      expect(after.json()).toEqual({ isAuthenticated: true });
    },
  );

  it.each(['same-origin', 'none'])('GET logout acts on a %s navigation', async (fetchSite) => {
    const user = await registerUser(testApp.app);
    const response = await inject({
      url: '/api/logout',
      headers: { cookie: user.cookie, 'sec-fetch-site': fetchSite },
    });
    expect(response.statusCode).toBe(302);
    const after = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
    expect(after.json()).toEqual({ isAuthenticated: false });
  });

  it.each(['/api/logout', '/api/auth/logout'])(
    'POST %s from the app’s own page ends the session; from another site it is refused',
    async (path) => {
      const user = await registerUser(testApp.app);
      const forged = await inject({
        method: 'POST',
        url: path,
        headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      });
      expect(forged.statusCode).toBe(403);
      const stillIn = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
      expect(stillIn.json()).toEqual({ isAuthenticated: true });

      const response = await inject({
        method: 'POST',
        url: path,
        headers: { cookie: user.cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isAuthenticated: false });
      expect(response.cookies.find((cookie) => cookie.name === 'palabra_sid')?.value).toBe('');
      const after = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
      expect(after.json()).toEqual({ isAuthenticated: false });
    },
  );

  it.each(['/api/auth/status', '/api/auth/user', '/api/settings'])(
    'renewing a session in the second half of its life sends the cookie again with the new expiry (%s)',
    async (path) => {
      const user = await registerUser(testApp.app);
      const oneDayLeft = new Date(Date.now() + 24 * 60 * 60 * 1000);
      await testApp.database.db
        .update(sessions)
        .set({ expire: oneDayLeft })
        .where(eq(sessions.userId, user.id));
      const before = Date.now();
      const response = await inject({ url: path, headers: { cookie: user.cookie } });
      expect(response.statusCode).toBe(200);
      const renewed = response.cookies.find((cookie) => cookie.name === 'palabra_sid');
      expect(`${renewed?.name}=${renewed?.value}`).toBe(user.cookie);
      expect(renewed).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const [row] = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(row!.expire.getTime()).toBeGreaterThanOrEqual(before + 6 * 24 * 60 * 60 * 1000);
      // The cookie's expiry is the row's, to the second (cookie dates have no milliseconds).
      expect(Math.floor(renewed!.expires!.getTime() / 1000)).toBe(Math.floor(row!.expire.getTime() / 1000));

      const next = await inject({ url: path, headers: { cookie: user.cookie } });
      expect(next.cookies.find((cookie) => cookie.name === 'palabra_sid')).toBeUndefined();
    },
  );

  it('leaves renewal to the next ordinary request when the socket is the first to come back', async () => {
    const user = await registerUser(testApp.app);
    const oneDayLeft = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await testApp.database.db
      .update(sessions)
      .set({ expire: oneDayLeft })
      .where(eq(sessions.userId, user.id));
    // The socket's answer cannot carry a cookie: the row keeps its expiry rather than outlive the cookie.
    const socket = await testApp.app.injectWS('/ws', { headers: { cookie: user.cookie } });
    socket.terminate();
    const [row] = await testApp.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expire.getTime()).toBe(oneDayLeft.getTime());
    const response = await inject({ url: '/api/auth/status', headers: { cookie: user.cookie } });
    expect(response.cookies.find((cookie) => cookie.name === 'palabra_sid')?.value).toBe(
      user.cookie.split('=')[1],
    );
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const response = await inject({
      method: 'POST',
      url: '/auth/register',
      payload: { email: 'secure@example.com', password: 'secreto1' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((cookie) => cookie.name === 'palabra_sid')?.secure).toBe(true);
  });
});

describe('external sign-in when not configured', () => {
  it('reports both providers as unavailable', async () => {
    expect((await inject({ url: '/api/auth/providers' })).json()).toEqual({ hosted: false, google: false });
  });

  it('sends hosted sign-in to the login page', async () => {
    const response = await inject({ url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
  });

  it('sends Google sign-in to the auth-error page', async () => {
    const response = await inject({ url: '/auth/google' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth-error?reason=login_failed');
  });

  it('refuses a callback that no sign-in started', async () => {
    const response = await inject({ url: '/api/callback?code=abc&state=xyz' });
    expect(response.headers.location).toBe('/auth-error?reason=auth_error');
  });
});

describe('error answers', () => {
  it('carry a code the client catalogue knows, its params and an English developer message', async () => {
    await registerUser(testApp.app, { email: 'coded@example.com' });
    const failures = [
      await inject({
        method: 'POST',
        url: '/auth/register',
        payload: { email: 'coded@example.com', password: 'secreto1' },
      }),
      await inject({ method: 'POST', url: '/auth/register', payload: { email: 'x', password: 'secreto1' } }),
      await inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'coded@example.com', password: 'wrong-one' },
      }),
      await inject({ url: '/api/auth/user' }),
      await inject({ url: '/api/no-such-route' }),
    ];
    expect(failures.map((response) => response.statusCode)).toEqual([409, 400, 401, 401, 404]);
    const bodies = failures.map((response) => errorBodySchema.parse(response.json()));
    for (const body of bodies) {
      expect(Object.keys(errorsRu), body.code).toContain(body.code);
      expect(body.message).not.toMatch(/[А-Яа-яЁё]/);
      expect(body.requestId).toEqual(expect.any(String));
    }
    expect(bodies.map((body) => body.code)).toEqual([
      'email_taken',
      'validation_failed',
      'invalid_credentials',
      'unauthorized',
      'not_found',
    ]);
    expect(bodies[1]?.params).toEqual({ field: 'email', issue: 'invalid_format' });
  });
});
