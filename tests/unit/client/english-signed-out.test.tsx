// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authPaths } from '../../../src/shared/api/auth-paths';
import { authProvidersSchema } from '../../../src/shared/api/auth';
import { type FakeApi } from '../../support/client/fake-api';
import {
  expectEnglish,
  findHeading,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * The signed-out pages in English (docs/product/errors.md#interface-language): the landing page, sign-in and
 * registration with their errors (the server's codes worded by the client), the sign-in error page and a
 * protected route, each scanned for Russian. The browser's own form checks are worded in
 * e2e/english-interface.spec.ts, where only a browser words them.
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

const errorAnswer = (status: number, code: string) => ({
  status,
  body: { code, message: code },
});

beforeEach(() => {
  api = fakeClient.api;
  api.on('GET', authPaths.status, () => ({ body: { isAuthenticated: false } }));
  api.on('GET', authPaths.providers, () => ({
    body: authProvidersSchema.parse({ hosted: false, google: false }),
  }));
});

describe('the signed-out pages in English', () => {
  it('the landing page', async () => {
    renderApp('/');
    await findHeading('Learn Spanish');
    expectEnglish('landing');
  });

  it('sign-in, and a wrong password refused by the server', async () => {
    api.on('POST', authPaths.login, () => errorAnswer(401, 'invalid_credentials'));
    renderApp('/login');
    await findHeading('Sign in');
    expectEnglish('login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nobody@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid credentials')).toBeDefined();
    expectEnglish('login: wrong password');
  });

  it('registration and its errors: the form’s own and the server’s taken e-mail', async () => {
    api.on('POST', authPaths.register, () => errorAnswer(409, 'email_taken'));
    renderApp('/register');
    await findHeading('Registration');
    expectEnglish('register');
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fill('First name', 'Ana');
    fill('Email', 'ana@example.com');
    fill('Password', 'abcdef');
    fill('Confirm password', 'abcdeg');
    submit();
    expect(await screen.findByText('Passwords do not match')).toBeDefined();
    expectEnglish('register: passwords differ');
    fill('Password', 'abc');
    fill('Confirm password', 'abc');
    submit();
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeDefined();
    expectEnglish('register: password too short');
    fill('Password', 'abcdef1');
    fill('Confirm password', 'abcdef1');
    submit();
    expect(await screen.findByText('A user with this email already exists')).toBeDefined();
    expectEnglish('register: e-mail taken');
    expect(api.count('POST', authPaths.register)).toBe(1);
  });

  it.each(['auth_failed', 'no_user', 'login_failed', 'other'])(
    'the sign-in error page (%s)',
    async (reason) => {
      renderApp(`/auth-error?reason=${reason}`);
      await waitFor(() => screen.getByRole('heading', { level: 1 }));
      expectEnglish(`auth-error ${reason}`);
    },
  );

  it('a protected route sends the visitor to sign in', async () => {
    renderApp('/no/such/page');
    await findHeading('Sign in');
    expect(window.location.pathname).toBe('/login');
    expectEnglish('protected route while signed out');
  });
});
