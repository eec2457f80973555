// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Audiobook,
  audiobookPathOf,
  audiobookPaths,
  type Genre,
  renameAudiobookRequestSchema,
} from '../../../src/shared/api/audiobooks';
import type { Settings } from '../../../src/shared/api/settings';
import { AudiobooksPage } from '../../../src/client/features/audiobooks/audiobooks.page';
import { toastStore } from '../../../src/client/ui/toast-store';
import type { FakeApi } from '../../support/client/fake-api';
import { recordToasts, useFakeClient } from '../../support/client/fake-client';
import { bookAnswer, builtinGenres } from '../../support/client/audiobook-answers';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';

/**
 * The audiobook library (docs/product/audiobooks.md#library, #genres, #maintenance) as the learner sees it
 * for given answers: the genre filter, rename in place, delete after a confirmation, covers, the genre
 * manager, and what the screen says without a language model. The server's side of each call is
 * tests/integration/audiobook-library.test.ts and audiobook-maintenance.test.ts.
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let books: Audiobook[];
let genres: Genre[];
let toasts: string[];

const cards = () => screen.queryAllByTestId('audiobook-card');
const filters = () => screen.getByRole('group', { name: 'Фильтр по жанрам' });

/** A Radix menu opens on the pointer going down on its trigger. */
function openMenu(name: string) {
  fireEvent.pointerDown(screen.getByRole('button', { name }), { button: 0, ctrlKey: false });
}

async function renderLibrary(settings: Partial<Settings> = { hasOpenaiApiKey: true }) {
  answerSignedInLearner(api, settings);
  renderPage(
    <MemoryRouter>
      <AudiobooksPage />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.queryAllByTestId('audiobook-skeleton')).toHaveLength(0));
}

beforeEach(async () => {
  api = fakeClient.api;
  // Newest first, as the server lists them.
  books = [
    bookAnswer(3, ['fairy_tale'], { title: 'Три поросёнка' }),
    bookAnswer(2, ['scifi', 'horror'], { title: 'Станция' }),
    bookAnswer(1, ['horror'], { title: 'Ночной дом' }),
  ];
  genres = builtinGenres();
  await loadTexts(['audiobooks', 'audiobookCreation', 'errors']);
  api.on('GET', audiobookPaths.books, () => ({ body: books }));
  api.on('GET', audiobookPaths.genres, () => ({ body: genres }));
  toasts = recordToasts();
});

describe('the library', () => {
  it('filters by genre chips with counts, names the active filters and clears them', async () => {
    await renderLibrary();
    expect(cards()).toHaveLength(3);
    const chips = within(filters())
      .getAllByRole('button')
      .map((chip) => chip.textContent);
    // «Все» first; the genres' order is the library lib's (tests/unit/client/audiobook-library.test.ts).
    expect(chips[0]).toBe('Все (3)');
    expect(chips.slice(1).sort()).toEqual(['Научная фантастика (1)', 'Сказка (1)', 'Ужасы (2)']);

    fireEvent.click(within(filters()).getByRole('button', { name: 'Ужасы (2)' }));
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(['Станция', 'Ночной дом']);
    expect(screen.getByTestId('active-filters').textContent).toContain('Активные фильтры');
    // A second genre widens the filter: a book of either shows.
    fireEvent.click(within(filters()).getByRole('button', { name: 'Сказка (1)' }));
    expect(cards()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Очистить все' }));
    expect(screen.queryByTestId('active-filters')).toBeNull();
    expect(cards()).toHaveLength(3);
  });

  it('renames in place: Escape cancels, Enter saves the trimmed title and says so', async () => {
    api.on('PATCH', audiobookPathOf.book(3), (request) => {
      const { title } = renameAudiobookRequestSchema.parse(request.body);
      books = books.map((book) => (book.id === 3 ? { ...book, title } : book));
      return { body: books[0] };
    });
    await renderLibrary();
    const first = () => screen.getAllByTestId('audiobook-card')[0]!;
    const titleBox = () => within(first()).getByRole('textbox', { name: 'Название аудиокниги' });

    fireEvent.click(within(first()).getByRole('button', { name: 'Переименовать' }));
    fireEvent.change(titleBox(), { target: { value: 'Не то' } });
    fireEvent.keyDown(titleBox(), { key: 'Escape' });
    expect(within(first()).getByRole('heading').textContent).toBe('Три поросёнка');
    expect(api.count('PATCH', audiobookPathOf.book(3))).toBe(0);

    fireEvent.click(within(first()).getByRole('button', { name: 'Переименовать' }));
    fireEvent.change(titleBox(), { target: { value: '  Ночь в лесу ' } });
    fireEvent.keyDown(titleBox(), { key: 'Enter' });
    expect(await screen.findByRole('heading', { name: 'Ночь в лесу' })).toBeDefined();
    expect(api.requests.filter((request) => request.method === 'PATCH').map((r) => r.body)).toEqual([
      { title: 'Ночь в лесу' },
    ]);
    expect(toasts).toContain('Название аудиокниги обновлено');
  });

  it('deletes only after the confirmation, then refreshes on asking', async () => {
    api.on('DELETE', audiobookPathOf.book(2), () => {
      books = books.filter((book) => book.id !== 2);
      return { body: { id: 2 } };
    });
    await renderLibrary();
    fireEvent.click(
      within(screen.getByRole('article', { name: 'Станция' })).getByRole('button', {
        name: 'Удалить аудиокнигу',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Удалить аудиокнигу?' });
    expect(confirm.textContent).toContain('«Станция» будет удалена');
    expect(api.count('DELETE', audiobookPathOf.book(2))).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts).toContain('Аудиокнига удалена'));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('article', { name: 'Станция' })).toBeNull();
    expect(api.count('DELETE', audiobookPathOf.book(2))).toBe(1);

    const reads = api.count('GET', audiobookPaths.books);
    fireEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(toasts).toContain('Данные обновлены'));
    expect(api.count('GET', audiobookPaths.books)).toBe(reads + 1);
  });

  it('shows each book’s cover, level, genres and named Spanish word count', async () => {
    books = [bookAnswer(4, ['adventure'], { grammarLevel: 'A2', actualWordCountSpanish: 87 })];
    await renderLibrary();
    const [card] = cards();
    expect(card!.querySelectorAll('img')).toHaveLength(1);
    expect(card!.textContent).toContain('A2');
    expect(card!.textContent).toContain('Приключения');
    // One word count per book, named, the player's too (docs/product/audiobooks.md#the-books-word-count).
    expect(card!.textContent).toContain('Испанских слов в тексте');
    expect(within(card!).getByTestId('audiobook-word-count').textContent).toBe('87');
  });

  it('shows no cover when the learner turned covers off', async () => {
    await renderLibrary({ hasOpenaiApiKey: true, showAudiobookCovers: false });
    expect(cards()).toHaveLength(3);
    expect(document.querySelectorAll('[data-testid="audiobook-card"] img')).toHaveLength(0);
  });
});

describe('the genre manager', () => {
  it('adds a trimmed genre with Enter, sorts by name or creation, and deletes only the learner’s own', async () => {
    api.on('POST', audiobookPaths.genres, (request) => {
      const { name } = request.body as { name: string };
      const genre = { id: 50, name, isBuiltin: false, createdAt: '2026-03-09T10:00:00.000Z' };
      genres = [...genres, genre];
      return { status: 201, body: genre };
    });
    api.on('DELETE', audiobookPathOf.genre(50), () => {
      genres = genres.filter((genre) => genre.id !== 50);
      return { body: { id: 50 } };
    });
    await renderLibrary();
    fireEvent.click(screen.getByRole('button', { name: 'Жанры' }));
    const dialog = await screen.findByRole('dialog', { name: 'Жанры' });
    const list = within(dialog).getByRole('list', { name: 'Ваши жанры' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    // Built-ins alone give the keyboard nothing to scroll the list by: the list itself takes focus.
    expect(list.tabIndex).toBe(0);
    const name = within(dialog).getByRole('textbox', { name: 'Название жанра' });
    const add = within(dialog).getByRole('button', { name: 'Добавить' });

    fireEvent.change(name, { target: { value: '   ' } });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: '  Абсурд ' } });
    expect(add).toHaveProperty('disabled', false);
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(toasts).toContain('Жанр создан'));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({ name: 'Абсурд' });
    // By name the new genre comes first; by creation, last.
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Абсурд'));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'По дате создания' }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem').at(-1)!.textContent).toContain('Абсурд'),
    );
    expect(within(list).getAllByRole('button', { name: /Удалить жанр/ })).toHaveLength(1);

    fireEvent.click(within(list).getByRole('button', { name: 'Удалить жанр Абсурд' }));
    await waitFor(() => expect(toasts).toContain('Жанр удален'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
  });
});

describe('without a language model', () => {
  it('disables create and the logic check, each saying why and leading to Settings → API', async () => {
    await renderLibrary({ hasOpenaiApiKey: false });
    const create = await screen.findByRole('button', { name: 'Создать аудиокнигу' });
    expect(create).toHaveProperty('disabled', true);
    const reason = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toContain('Чтобы написать историю, нужен ключ языковой модели');
    expect(within(reason!).getByRole('link', { name: 'Настройки → API' }).getAttribute('href')).toBe(
      '/settings?tab=api',
    );

    openMenu('Обслуживание библиотеки');
    const logic = await screen.findByRole('menuitem', { name: 'Проверить логику историй' });
    expect(logic.getAttribute('aria-disabled')).toBe('true');
    const logicReason = document.getElementById(logic.getAttribute('aria-describedby') ?? '');
    expect(logicReason?.textContent).toBe('Проверке логики нужен ключ OpenAI: Настройки › API');
    expect(logicReason?.getAttribute('href')).toBe('/settings?tab=api');
    expect(api.count('POST', audiobookPaths.validateLogic)).toBe(0);
  });
});

describe('a maintenance action that cannot reach the server', () => {
  it('says so under its own title, with the words the screen has for it', async () => {
    await renderLibrary();
    // No answer, no code: the toast has only its own words.
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      new URL(input, 'http://localhost').pathname === audiobookPaths.reVerifyAll
        ? Promise.reject(new TypeError('Failed to fetch'))
        : answered(input, init),
    );
    openMenu('Обслуживание библиотеки');
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Перепроверить словарь во всех книгах' }));
    await waitFor(() => expect(toasts).toContain('Ошибка проверки'));
    const toast = toastStore.getState().toasts.find((shown) => shown.title === 'Ошибка проверки');
    expect(toast?.description).toBe('Не удалось выполнить проверку словаря');
  });
});
