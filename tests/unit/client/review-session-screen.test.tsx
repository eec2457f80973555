// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { reviewPaths } from '../../../src/shared/api/review';
import { ReviewPage } from '../../../src/client/features/review/review.page';
import { settingsQueryOptions } from '../../../src/client/lib/api/settings.api';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { queryKeys } from '../../../src/client/lib/query-keys';
import type { FakeApi } from '../../support/client/fake-api';
import { useFakeClient } from '../../support/client/fake-client';
import { answerSignedInLearner, loadTexts, renderPage } from '../../support/client/render-client';
import { answerReview, newReviewCard, type ReviewServer } from '../../support/client/review-answers';

/**
 * The review screen's rules as the learner sees them (docs/product/review.md), against the review calls
 * answered by the test: the counts, the intervals on the grade buttons, the summary, the undo, a typed
 * answer's check, more new cards and grades kept while offline. The keys in a real page, the focus and the
 * accent bar are e2e/review.spec.ts's; the scheduling and sending rules are also unit-tested in
 * review-session.test.ts, the server's side in tests/integration/review.test.ts.
 */

const fakeClient = useFakeClient();
let api: FakeApi;
let server: ReviewServer;

const prompt = () => screen.getByTestId('review-prompt');
const counts = () => screen.getByTestId('review-counts').textContent;
const gradeButton = (name: string) =>
  within(screen.getByRole('group', { name: 'Насколько легко вспомнили?' })).getByRole('button', {
    name: new RegExp(name),
  });
/** A key pressed with the focus on the page, not on a control. */
const press = (key: string, options: { ctrlKey?: boolean } = {}) =>
  act(() => void fireEvent.keyDown(document.body, { key, ...options }));
const reveal = async () => {
  fireEvent.click(await screen.findByRole('button', { name: /^Показать ответ/ }));
  await screen.findByTestId('review-answer');
};

function serve(cards: ReviewServer['cards'], options: Partial<ReviewServer> = {}) {
  server = { cards, allCards: cards, hasMoreNew: false, isTypedAnswer: false, grades: [], ...options };
  answerReview(api, server);
}

/** The review screen as the app shows it: the learner's settings are in before a screen opens. */
async function renderReview() {
  const queryClient = createQueryClient();
  await queryClient.query(settingsQueryOptions());
  return renderPage(
    <MemoryRouter>
      <ReviewPage />
    </MemoryRouter>,
    queryClient,
  );
}

beforeEach(async () => {
  api = fakeClient.api;
  localStorage.clear();
  await loadTexts(['review', 'errors']);
  answerSignedInLearner(api, { autoplayAudio: false, timeZone: 'UTC' });
});

describe('a review session', () => {
  it('counts new and learning cards, shows a new card’s intervals, brings an Again back, sums up, and Ctrl+Z undoes from the summary', async () => {
    serve([
      newReviewCard(1, 'el gato', 'кошка', 'es-ru'),
      newReviewCard(2, 'el gato', 'кошка', 'ru-es'),
      newReviewCard(3, 'la casa', 'дом', 'es-ru'),
    ]);
    const { queryClient } = await renderReview();
    // Home's progress, as a visit to Home left it in the page's cache.
    queryClient.setQueryData(queryKeys.progress, { wordsStudiedToday: 0 });
    // Anki's three numbers: new, learning, due (docs/product/review.md#counts).
    await waitFor(() => expect(counts()).toBe('Новые:3Изучаемые:0К повторению:0'));
    expect(prompt().textContent).toContain('el gato');
    expect(screen.getByText('Испанский → русский')).toBeDefined();
    expect(screen.queryByTestId('review-answer')).toBeNull();

    await reveal();
    // A new card's four intervals, as Anki shows them.
    expect(gradeButton('Снова').textContent).toContain('1 мин');
    expect(gradeButton('Трудно').textContent).toContain('6 мин');
    expect(gradeButton('Хорошо').textContent).toContain('10 мин');
    expect(gradeButton('Легко').textContent).toContain('8 дн');
    press('1');

    // The first card, graded Again, went from New to Learning; the other direction comes next.
    await waitFor(() => expect(counts()).toBe('Новые:2Изучаемые:1К повторению:0'));
    expect(prompt().textContent).toContain('кошка');
    expect(screen.getByText('Русский → испанский')).toBeDefined();
    for (const word of ['кошка', 'la casa']) {
      await waitFor(() => expect(prompt().textContent).toContain(word));
      await reveal();
      press('4');
    }

    // The card graded Again comes back at the end (learning ahead of its minute); Good would bring it back
    // in ten minutes, Easy ends its learning steps.
    await waitFor(() => expect(counts()).toBe('Новые:0Изучаемые:1К повторению:0'));
    expect(prompt().textContent).toContain('el gato');
    await reveal();
    expect(gradeButton('Хорошо').textContent).toContain('10 мин');
    press('4');

    expect(await screen.findByRole('heading', { name: 'Сессия завершена' })).toBeDefined();
    const summary = screen.getByTestId('review-summary');
    expect(summary.textContent).toContain('Карточек4');
    expect(summary.textContent).toContain('Вспомнили75 %');
    await waitFor(() => expect(server.grades.map((grade) => grade.grade)).toHaveLength(4));
    // A grade is study (docs/product/progress.md#daily-activity): Home reads its figures again when next shown.
    expect(queryClient.getQueryState(queryKeys.progress)?.isInvalidated).toBe(true);
    expect(server.grades.map((grade) => [grade.cardId, grade.grade])).toEqual([
      [1, 'again'],
      [2, 'easy'],
      [3, 'easy'],
      [1, 'easy'],
    ]);
    // Said relatively, in the learner's days (docs/product/review.md#session-summary).
    expect((await screen.findByTestId('review-next-due')).textContent).toBe(
      'Следующее повторение: через 8 дней',
    );

    // Ctrl+Z takes the last grade back, from the summary too (docs/product/review.md#keys); the server is
    // told, and the card graded again is sent again.
    press('z', { ctrlKey: true });
    await waitFor(() => expect(prompt().textContent).toContain('el gato'));
    expect(counts()).toBe('Новые:0Изучаемые:1К повторению:0');
    await waitFor(() => expect(server.grades).toHaveLength(3));
    await reveal();
    press('4');
    expect(await screen.findByRole('heading', { name: 'Сессия завершена' })).toBeDefined();
    await waitFor(() => expect(server.grades).toHaveLength(4));
  });

  it('says a word kept without a translation has none, rather than showing nothing', async () => {
    serve([newReviewCard(1, 'nadar', '', 'es-ru')]);
    await renderReview();
    await waitFor(() => expect(prompt().textContent).toContain('nadar'));
    await reveal();
    expect(screen.getByTestId('review-answer').textContent).toContain('перевод не указан');
  });

  it('past the day’s new-card limit, “Ещё 10 новых” sends the grades made, then asks for ten more', async () => {
    const first = newReviewCard(1, 'uno', 'один');
    const more = [newReviewCard(2, 'dos', 'два'), newReviewCard(3, 'tres', 'три')];
    serve([first], { allCards: [first, ...more], hasMoreNew: true });
    await renderReview();
    await waitFor(() => expect(counts()).toBe('Новые:1Изучаемые:0К повторению:0'));
    await reveal();
    press('4');
    expect(await screen.findByRole('heading', { name: 'Сессия завершена' })).toBeDefined();

    server.cards = more;
    server.hasMoreNew = false;
    fireEvent.click(screen.getByRole('button', { name: 'Ещё 10 новых' }));
    await waitFor(() => expect(counts()).toBe('Новые:2Изучаемые:0К повторению:0'));
    expect(prompt().textContent).toContain('dos');
    const asked = (fetch as Mock).mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    expect(
      asked
        .filter((url) => url.pathname === reviewPaths.queue)
        .map((url) => url.searchParams.get('extraNew')),
    ).toEqual([null, '10']);
    // The grade went out before the next queue was asked, so the server counts it.
    const order = api.requests.map((request) => `${request.method} ${request.path}`);
    expect(order.indexOf('POST /api/review/1/grade')).toBeLessThan(
      order.lastIndexOf(`GET ${reviewPaths.queue}`),
    );
  });

  it('keeps grades made while the connection is down, in order, and sends them once when it returns', async () => {
    const cards = ['uno', 'dos', 'tres', 'cuatro'].map((word, index) => newReviewCard(index + 1, word, word));
    serve(cards);
    // The connection as the page's fetch meets it: down, a request fails as a dropped one does.
    const online = fetch;
    let isOffline = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) =>
        isOffline ? Promise.reject(new TypeError('Failed to fetch')) : online(input, init),
      ),
    );
    await renderReview();
    await waitFor(() => expect(prompt().textContent).toContain('uno'));
    await reveal();
    press('4');
    await waitFor(() => expect(server.grades).toHaveLength(1));

    isOffline = true;
    for (const word of ['dos', 'tres']) {
      await waitFor(() => expect(prompt().textContent).toContain(word));
      await reveal();
      press('4');
    }
    expect(
      (await screen.findByText('Оценок ждут отправки: 2. Отправим, как только появится связь.')).textContent,
    ).toBeDefined();
    // Kept in the browser, in order, for this learner.
    const kept = JSON.parse(localStorage.getItem('reviewOutbox:learner-1') ?? '[]') as Array<{
      cardId: number;
      reviewedAt: string;
    }>;
    expect(kept.map((grade) => grade.cardId)).toEqual([2, 3]);
    expect(server.grades).toHaveLength(1);

    isOffline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/Оценок ждут отправки/)).toBeNull());
    expect(server.grades.map((grade) => grade.cardId)).toEqual([1, 2, 3]);
    await waitFor(() => expect(prompt().textContent).toContain('cuatro'));
    await reveal();
    press('4');
    expect(await screen.findByRole('heading', { name: 'Сессия завершена' })).toBeDefined();
    // Nothing lost, nothing sent twice: every card once, in the order graded.
    await waitFor(() => expect(server.grades.map((grade) => grade.cardId)).toEqual([1, 2, 3, 4]));
    expect(new Set(server.grades.map((grade) => grade.reviewId)).size).toBe(4);
    expect(localStorage.getItem('reviewOutbox:learner-1') ?? '[]').toBe('[]');
  });
});

describe('a typed answer (docs/product/review.md#typed-answers)', () => {
  it('is checked with article and accent tolerance and shown letter by letter', async () => {
    serve([newReviewCard(1, 'el árbol', 'дерево', 'ru-es'), newReviewCard(2, 'la mesa', 'стол', 'ru-es')], {
      isTypedAnswer: true,
    });
    await renderReview();
    await waitFor(() => expect(prompt().textContent).toContain('дерево'));
    const field = screen.getByLabelText('Ваш ответ по-испански');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'arbol' } });
    fireEvent.submit(field.closest('form')!);
    const diff = await screen.findByTestId('typed-answer-diff');
    expect(diff.textContent).toContain('Почти: артикль или ударения');
    expect(diff.querySelector('[data-diff="accent"]')?.textContent).toBe('a');
    // 'el ' is missing: a gap in what was typed, the letters marked in the word.
    expect([...diff.querySelectorAll('[data-diff="missing"]')].map((part) => part.textContent)).toEqual([
      '_',
      '_',
      '_',
      'e',
      'l',
      ' ',
    ]);
    expect(screen.getByTestId('review-answer').textContent).toContain('el árbol');
    press('4');

    await waitFor(() => expect(prompt().textContent).toContain('стол'));
    fireEvent.change(screen.getByLabelText('Ваш ответ по-испански'), { target: { value: 'la masa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    const wrong = await screen.findByTestId('typed-answer-diff');
    expect(wrong.textContent).toContain('Неверно');
    expect([...wrong.querySelectorAll('[data-diff="wrong"]')].map((part) => part.textContent)).toEqual([
      'a',
      'e',
    ]);
    fireEvent.click(gradeButton('Снова'));
    await waitFor(() => expect(server.grades.map((grade) => grade.grade)).toEqual(['easy', 'again']));
  });
});
