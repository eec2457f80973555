// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../src/client/app/app.component';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { authPaths, authSuccessSchema, registerRequestSchema } from '../../../src/shared/api/auth';
import { errorBodySchema } from '../../../src/shared/api/errors';
// Loaded ahead, so that the router's lazy screens resolve at once (as after their first visit).
import '../../../src/client/features/auth/login.page';
import '../../../src/client/features/auth/register.page';
import '../../../src/client/features/auth/auth-error.page';
import '../../../src/client/features/not-found/not-found.page';
import '../../../src/client/app/layouts.component';
import '../../../src/client/app/signed-in-home.component';
import { type FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { answerSignedInLearner, loadTexts } from '../../support/client/render-client';
import {
  answerNewLearnerHome,
  answerNoExternalSignIn,
  NEW_LEARNER,
} from '../../support/client/shell-answers';

/**
 * The sign-in pages' rules (docs/product/auth.md): what each form checks before it sends, what it says of
 * the server's refusal, where a signed-out visitor is sent, and the auth-error page's texts. The real
 * sign-in through the forms, against the server and its cookie, is the browser's
 * (e2e/auth-and-shell.spec.ts); the server's answers are tests/integration/auth.test.ts's.
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let isSignedIn: boolean;

/** The whole app at `path`, as a page load opens it. */
function openApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

beforeEach(async () => {
  api = fakeClient.api;
  isSignedIn = false;
  await loadTexts(['errors']);
  answerNoExternalSignIn(api);
  answerSignedInLearner(api);
  // Signed in only once a form has succeeded.
  api.on('GET', authPaths.status, () => ({ body: { isAuthenticated: isSignedIn } }));
  answerNewLearnerHome(api);
});

describe('signed out', () => {
  it('a protected screen sends the visitor to /login, whose unconfigured external buttons are disabled', async () => {
    // Every signed-in screen sits below the one guard (src/client/app/router.tsx); the catch-all's screen is
    // the lightest to load here.
    openApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Вход' })).toBeDefined();
    expect(window.location.pathname).toBe('/login');
    // The test server configures neither provider (tests/integration/auth.test.ts: "reports both providers
    // as unavailable"): both are offered, disabled.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Продолжить через Google' }).hasAttribute('disabled')).toBe(
        true,
      ),
    );
    expect(
      screen.getByRole('button', { name: 'Продолжить через систему входа' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it('the auth-error page explains its reason and offers both ways out', async () => {
    openApp('/auth-error?reason=no_user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Пользователь не найден' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Попробовать снова' })).toBeDefined();
  });

  it('another reason has its own heading', async () => {
    openApp('/auth-error?reason=login_failed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ошибка входа' })).toBeDefined();
  });
});

describe('registration', () => {
  it('explains a mismatched confirmation, then a short password, in Russian, sending nothing', async () => {
    const toasts = recordToasts();
    openApp('/register');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'nina@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль', { exact: true }), { target: { value: 'abcdef' } });
    fireEvent.change(screen.getByLabelText('Подтверждение пароля'), { target: { value: 'abcdeg' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Пароль', { exact: true }), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Подтверждение пароля'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Пароль должен содержать минимум 6 символов')).toBeDefined();
    expect(toasts).toEqual(['Ошибка', 'Ошибка']);
    expect(api.count('POST', authPaths.register)).toBe(0);
  });

  it('sends the form, says it succeeded and greets the learner on home', async () => {
    const toasts = recordToasts();
    api.on('POST', authPaths.register, () => {
      isSignedIn = true;
      return { body: authSuccessSchema.parse({ user: NEW_LEARNER }) };
    });
    openApp('/register');
    fireEvent.change(await screen.findByLabelText('Имя', { exact: true }), { target: { value: 'Марина' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Тестова' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'marina@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль', { exact: true }), { target: { value: 'секрет-123' } });
    fireEvent.change(screen.getByLabelText('Подтверждение пароля'), { target: { value: 'секрет-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Привет, Марина!' })).toBeDefined();
    expect(window.location.pathname).toBe('/');
    expect(toasts).toContain('Регистрация успешна');
    const sent = api.requests.find((request) => request.path === authPaths.register);
    expect(registerRequestSchema.parse(sent?.body)).toEqual({
      firstName: 'Марина',
      lastName: 'Тестова',
      email: 'marina@example.com',
      password: 'секрет-123',
    });
  });
});

describe('sign-in', () => {
  it('asks for an e-mail address and says a wrong password is wrong', async () => {
    const toasts = recordToasts();
    // The server's answer to a wrong password (tests/integration/auth.test.ts: "gives unknown e-mail and wrong
    // password the same answer").
    api.on('POST', authPaths.login, () => ({
      status: 401,
      body: errorBodySchema.parse({ code: 'invalid_credentials', message: 'Invalid credentials' }),
    }));
    openApp('/login');
    const email = await screen.findByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    fireEvent.change(email, { target: { value: 'marina@example.com' } });
    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'not-the-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверные учетные данные')).toBeDefined();
    expect(toasts).toEqual(['Ошибка входа']);
    expect(window.location.pathname).toBe('/login');
  });
});

describe('signed in', () => {
  it('an unknown address shows the 404 page inside the shell', async () => {
    isSignedIn = true;
    openApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
    const nav = screen.getByRole('navigation', { name: 'Основная навигация' });
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
  });
});
