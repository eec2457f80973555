import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authPaths, type User } from '../../src/shared/api/auth';
import { buildTestApp, registerUser, sessionCookieOf, type TestApp } from '../support/build-test-app';
import {
  type IdentityProvider,
  type IdentityProviderAccount,
  startIdentityProvider,
} from '../support/oidc-identity-provider';

const CLIENT_ID = 'palabra-test';
const CLIENT_SECRET = 'palabra-test-client-secret';
// The app derives its redirect URI from the request's host, so every request to it says `localhost`.
const APP_HOST = 'localhost';
const CALLBACK_URL = `http://${APP_HOST}${authPaths.hostedCallback}`;

const accounts = new Map<string, IdentityProviderAccount>([
  ['ana', { email: 'Ana@Example.com', email_verified: true, given_name: 'Ana', family_name: 'Ruiz' }],
  // Renamed at the provider by one test, so no other test reads it.
  [
    'carmen',
    { email: 'carmen@example.com', email_verified: true, given_name: 'Carmen', family_name: 'Soto' },
  ],
  ['impostor', { email: 'owner@example.com', email_verified: false, given_name: 'Eve', family_name: 'X' }],
]);

let identityProvider: IdentityProvider;
let testApp: TestApp;
beforeAll(async () => {
  identityProvider = await startIdentityProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: CALLBACK_URL,
    accounts,
  });
  testApp = await buildTestApp({
    oidc: { issuerUrl: identityProvider.issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
  });
});
afterAll(async () => {
  await testApp.close();
  await identityProvider.close();
});

const inject = (options: InjectOptions & { cookie?: string }) => {
  const { cookie, ...rest } = options;
  return testApp.app.inject({ ...rest, headers: { host: APP_HOST, ...(cookie ? { cookie } : {}) } });
};

const cookieHeaderOf = (response: LightMyRequestResponse, name: string): string => {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`No ${name} cookie in response ${response.statusCode}`);
  return `${cookie.name}=${cookie.value}`;
};

/** Starts at the app, signs in at the provider and returns where the provider sends the browser back. */
async function throughIdentityProvider(login: string): Promise<{ callbackUrl: URL; flowCookie: string }> {
  const start = await inject({ url: authPaths.hostedLogin });
  expect(start.statusCode).toBe(302);
  const authorizationUrl = new URL(String(start.headers.location));
  expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(identityProvider.authorizationEndpoint);

  const callbackUrl = await identityProvider.authorize(authorizationUrl, login);
  expect(callbackUrl.origin + callbackUrl.pathname).toBe(CALLBACK_URL);
  expect(callbackUrl.searchParams.get('error')).toBeNull();
  return { callbackUrl, flowCookie: cookieHeaderOf(start, 'palabra_flow') };
}

async function signIn(login: string): Promise<{ user: User; sessionCookie: string }> {
  const { callbackUrl, flowCookie } = await throughIdentityProvider(login);
  const callback = await inject({ url: callbackUrl.pathname + callbackUrl.search, cookie: flowCookie });
  expect(callback.statusCode).toBe(302);
  expect(callback.headers.location).toBe('/');
  const sessionCookie = sessionCookieOf(callback);
  const me = await inject({ url: authPaths.user, cookie: sessionCookie });
  expect(me.statusCode).toBe(200);
  return { user: me.json<User>(), sessionCookie };
}

describe('hosted OpenID Connect sign-in', () => {
  it('is offered when configured', async () => {
    const response = await inject({ url: authPaths.providers });
    expect(response.json()).toEqual({ hosted: true, google: false });
  });

  it('asks the provider for the code flow with S256 PKCE, a state, a nonce and the profile scopes', async () => {
    const start = await inject({ url: authPaths.hostedLogin });
    const params = new URL(String(start.headers.location)).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: CALLBACK_URL,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(params.get('state')).toBeTruthy();
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('signs the learner in with the name and e-mail the provider vouches for', async () => {
    const { user, sessionCookie } = await signIn('ana');
    expect(user).toMatchObject({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Ruiz',
      claims: { first_name: 'Ana' },
    });
    const status = await inject({ url: authPaths.status, cookie: sessionCookie });
    expect(status.json()).toEqual({ isAuthenticated: true });
  });

  it('finds the same learner on the next sign-in and refreshes the name', async () => {
    const first = await signIn('carmen');
    const account = accounts.get('carmen');
    if (!account) throw new Error('the test account is missing');
    accounts.set('carmen', { ...account, given_name: 'Carmencita' });
    const second = await signIn('carmen');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user).toMatchObject({ firstName: 'Carmencita', claims: { first_name: 'Carmencita' } });
    expect(second.sessionCookie).not.toBe(first.sessionCookie);
  });

  it('does not hand over an existing account for an e-mail the provider has not verified', async () => {
    const owner = await registerUser(testApp.app, { email: 'owner@example.com' });
    const { user } = await signIn('impostor');
    expect(user.id).not.toBe(owner.id);
    expect(user.email).toBeNull();
  });

  it('refuses a callback whose state was tampered with', async () => {
    const { callbackUrl, flowCookie } = await throughIdentityProvider('ana');
    callbackUrl.searchParams.set('state', 'forged-state');
    const callback = await inject({ url: callbackUrl.pathname + callbackUrl.search, cookie: flowCookie });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth-error?reason=auth_error');
    expect(callback.cookies.find((cookie) => cookie.name === 'palabra_sid')).toBeUndefined();
  });

  it('refuses a callback that arrives without the flow cookie', async () => {
    const { callbackUrl } = await throughIdentityProvider('ana');
    const callback = await inject({ url: callbackUrl.pathname + callbackUrl.search });
    expect(callback.headers.location).toBe('/auth-error?reason=auth_error');
    expect(callback.cookies.find((cookie) => cookie.name === 'palabra_sid')).toBeUndefined();
  });
});
