// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/client/app/app.component';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { authPaths, authStatusSchema } from '../../../src/shared/api/auth';
// Loaded ahead, so that the router's lazy screens resolve at once (as after their first visit).
import '../../../src/client/app/layouts.component';
import '../../../src/client/app/signed-in-home.component';
import '../../../src/client/app/user-menu-content.component';
import '../../../src/client/features/learn/learn.page';
import { type FakeApi } from '../../support/client/fake-api';
import { useFakeClient } from '../../support/client/fake-client';
import { answerSignedInLearner, loadTexts } from '../../support/client/render-client';
import {
  answerLearnWithoutWords,
  answerNewLearnerHome,
  NEW_LEARNER,
} from '../../support/client/shell-answers';

/**
 * The signed-in shell (docs/product/overview.md#navigation, #home-and-progress): a new learner's home, the
 * bar's items and the one that is lit, the user menu, and Learn full screen without the bar
 * (docs/product/decisions.md#d10-full-screen-players). How the bar sits on a phone is the browser's
 * (e2e/phone-width.spec.ts).
 */

const fakeClient = useFakeClient();
let api: FakeApi;

function openApp(path: string) {
  window.history.replaceState(null, '', path);
  return render(<App queryClient={createQueryClient()} />);
}

const nav = () => screen.getByRole('navigation', { name: 'Основная навигация' });

beforeEach(async () => {
  api = fakeClient.api;
  await loadTexts(['errors']);
  answerSignedInLearner(api);
  answerNewLearnerHome(api);
});
afterEach(() => vi.restoreAllMocks());

describe('a new learner’s home', () => {
  it('greets them, lists every section, their progress and an empty dictionary, with Home lit', async () => {
    openApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Привет, Марина!' })).toBeDefined();
    const links = within(nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Главная',
      'Словарь',
      'Изучение',
      'Повторение',
      'Аудиокниги',
      'Настройки',
    ]);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([
      'page',
      null,
      null,
      null,
      null,
      null,
    ]);
    const sections = screen.getByRole('region', { name: 'Разделы' });
    for (const card of ['Загрузить слова', 'Словарь', 'Изучение', 'Повторение', 'Настройки']) {
      expect(within(sections).getByRole('heading', { name: card })).toBeDefined();
    }
    const progress = screen.getByRole('region', { name: 'Ваш прогресс' });
    expect(await within(progress).findByText('Добавлено слов')).toBeDefined();
    expect(await within(progress).findByText('Никогда')).toBeDefined();
    expect(await screen.findByText('Ваш словарь пока пуст')).toBeDefined();
  });

  it('the user menu shows their e-mail, and its logout ends the session and loads home afresh', async () => {
    api.on('POST', authPaths.logout, () => ({ body: authStatusSchema.parse({ isAuthenticated: false }) }));
    // The page load that follows is the browser's (e2e/auth-and-shell.spec.ts).
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    openApp('/');
    const trigger = await screen.findByRole('button', { name: /Меню пользователя/ });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(NEW_LEARNER.email!)).toBeDefined();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Выйти' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.count('POST', authPaths.logout)).toBe(1);
  });
});

describe('the bar', () => {
  it('leads to Learn, full screen without the bar', async () => {
    answerLearnWithoutWords(api);
    openApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Привет, Марина!' });
    fireEvent.click(within(nav()).getByRole('link', { name: 'Изучение' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Нет слов для изучения' })).toBeDefined();
    expect(window.location.pathname).toBe('/learn');
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).toBeNull();
  });
});
