// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { STORAGE_KEYS } from '../../../src/client/lib/storage-keys';
import { authPaths } from '../../../src/shared/api/auth-paths';
import { deferred, type FakeAnswer, type FakeApi } from '../../support/client/fake-api';
import { useFakeClient } from '../../support/client/fake-client';
import { answerSignedInLearner, loadTexts } from '../../support/client/render-client';
import { answerLearnWithoutWords, answerNewLearnerHome } from '../../support/client/shell-answers';

/**
 * The installed app's start (docs/product/overview.md#installing-the-app), as main.tsx runs it: the
 * installed-app module first, then the app. The rules themselves are tests/unit/client/pwa.test.ts's; here
 * the app opened as an installed app, or in a tab, follows them. No browser has a switch for
 * `display-mode: standalone`, so the browser suite could only fake the same query this test fakes.
 */

const fakeClient = useFakeClient();
let api: FakeApi;

const HOUR = 60 * 60 * 1000;
const realMatchMedia = window.matchMedia.bind(window);

/** The page's start at `path`: the installed-app module, then the app, both fresh as on a page load. */
async function startApp(path: string, { isStandalone }: { isStandalone: boolean }) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    if (query.replace(/\s+/g, '') !== '(display-mode:standalone)') return realMatchMedia(query);
    const list = realMatchMedia(query);
    // The app reads only `matches`.
    Object.defineProperty(list, 'matches', { value: isStandalone });
    return list;
  });
  window.history.replaceState(null, '', path);
  vi.resetModules();
  await import('../../../src/client/lib/installed-app');
  const { App } = (await import('../../../src/client/app/app.component')) as {
    App: ComponentType<{ queryClient: QueryClient }>;
  };
  // Loaded ahead, so that the router's lazy screens resolve at once (as after their first visit).
  await Promise.all([
    import('../../../src/client/app/layouts.component'),
    import('../../../src/client/app/signed-in-home.component'),
    import('../../../src/client/features/learn/learn.page'),
  ]);
  render(<App queryClient={createQueryClient()} />);
}

/** The sign-in check, held until the test answers it. */
function holdSignInCheck() {
  const answer = deferred<FakeAnswer>();
  api.on('GET', authPaths.status, () => answer.promise);
  return () => answer.resolve({ body: { isAuthenticated: true } });
}

/** Two touchends dispatched back to back on the page: whether each one's default was prevented. */
const doubleTap = () =>
  [0, 1].map(() => {
    const event = new Event('touchend', { bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    return event.defaultPrevented;
  });

beforeEach(async () => {
  api = fakeClient.api;
  localStorage.clear();
  await loadTexts(['errors']);
  answerSignedInLearner(api);
  answerNewLearnerHome(api);
  answerLearnWithoutWords(api);
});
afterEach(() => vi.restoreAllMocks());

// First: an installed app's start leaves its block on this file's one document.
describe('a browser tab', () => {
  it('does not block a second tap, and remembers nothing', async () => {
    await startApp('/learn', { isStandalone: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeDefined();
    expect(doubleTap()).toEqual([false, false]);
    expect(localStorage.getItem(STORAGE_KEYS.pwaLastScreen)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.pwaSessionAt)).toBeNull();
  });
});

describe('the installed app', () => {
  it('stamps the session and remembers the screen while the learner is signed in', async () => {
    await startApp('/learn', { isStandalone: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeDefined();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.pwaLastScreen)).toBe('/learn'));
    expect(Number(localStorage.getItem(STORAGE_KEYS.pwaSessionAt))).toBeGreaterThan(0);
  });

  it('reopened within 24 hours at the start page, shows its last screen while the session check runs', async () => {
    const stamp = Date.now() - 23 * HOUR;
    localStorage.setItem(STORAGE_KEYS.pwaSessionAt, String(stamp));
    localStorage.setItem(STORAGE_KEYS.pwaLastScreen, '/learn');
    const answerCheck = holdSignInCheck();
    // The home screen opens the start page.
    await startApp('/', { isStandalone: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeDefined();
    expect(window.location.pathname).toBe('/learn');
    expect(api.count('GET', authPaths.status)).toBe(1);

    // The answered check keeps the screen and stamps the session anew.
    answerCheck();
    await waitFor(() =>
      expect(Number(localStorage.getItem(STORAGE_KEYS.pwaSessionAt))).toBeGreaterThan(stamp),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeDefined();
  });

  it('with a stamp 24 hours old, waits for the session check as a tab does', async () => {
    localStorage.setItem(STORAGE_KEYS.pwaSessionAt, String(Date.now() - 24 * HOUR));
    localStorage.setItem(STORAGE_KEYS.pwaLastScreen, '/learn');
    const answerCheck = holdSignInCheck();
    await startApp('/', { isStandalone: true });
    expect(await screen.findByText('Загрузка...')).toBeDefined();
    expect(window.location.pathname).toBe('/');
    answerCheck();
    expect(await screen.findByRole('heading', { level: 1, name: 'Привет, Марина!' })).toBeDefined();
    expect(window.location.pathname).toBe('/');
  });

  it('blocks a second tap within 300 ms; in a tab it is not blocked', async () => {
    await startApp('/learn', { isStandalone: true });
    expect(doubleTap()).toEqual([false, true]);
  });
});
