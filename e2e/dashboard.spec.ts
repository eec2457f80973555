import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';
import { expectNoSeriousViolations } from './axe-violations';

/**
 * Review grades as study on Home (docs/product/progress.md#daily-activity) and progress over time on
 * /dashboard, reached from Home (docs/product/progress.md#progress-over-time).
 */

test('review counts on Home, which opens the dashboard: words, reviews, study and the forecast, each also as a table, on a phone too', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await page.request.put('/api/settings', { data: { autoplayAudio: false, reviewDirections: ['es-ru'] } });
  await addWords(page, ['el gato / кошка', 'la casa / дом', 'cantar / петь']);
  // Two review grades today, sent as the review screen sends them (that screen is e2e/review.spec.ts's; that
  // a grade moves Home's figures without a reload is tests/unit/client/review-session-screen.test.tsx's, and
  // how a grade counts as study is tests/integration/review-progress.test.ts's).
  const queue = (await (await page.request.get('/api/review/queue')).json()) as { cards: { id: number }[] };
  for (const card of queue.cards.slice(0, 2)) {
    const graded = await page.request.post(`/api/review/${card.id}/grade`, {
      data: {
        reviewId: randomUUID(),
        grade: 'easy',
        reviewedAt: new Date().toISOString(),
        durationMs: 3_000,
      },
    });
    expect(graded.ok()).toBe(true);
  }

  // Home: the day counts the two reviewed words, the streak and the last study.
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Ваш прогресс' });
  await expect(panel.getByText('2 из 10', { exact: true })).toBeVisible();
  await expect(panel.getByText('Из них в повторении: 2', { exact: true })).toBeVisible();
  const detail = (term: string) =>
    panel.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd');
  await expect(detail('Текущая серия (дней)')).toHaveText('1');
  await expect(detail('Последнее занятие')).toHaveText('Сегодня');
  // The review card counts what is left for today: three new cards, two of them graded.
  await expect(page.getByTestId('home-review-due')).toHaveText('На повторение: 1');
  await expectNoSeriousViolations(page);

  // The panel opens the dashboard.
  await panel.getByRole('link', { name: 'Подробнее о прогрессе' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Прогресс во времени' })).toBeVisible();
  const added = page.getByRole('region', { name: 'Добавлено слов по неделям' });
  await expect(added.getByText('За 26 недель добавлено слов: 3.')).toBeVisible();
  await expect(added.getByTestId('chart-canvas').locator('canvas')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Повторения по дням' }).getByText('За 90 дней оценок в повторении: 2.'),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Прогноз повторений на 30 дней' })
      .getByText('В ближайшие 30 дней придут карточек: 2.'),
  ).toBeVisible();

  // The calendars name their weekdays and months; 40 days ago is well inside the 90, and so is its month's
  // first day, which carries the month's name.
  const calendar = page.getByRole('region', { name: 'Повторения по дням' }).getByTestId('activity-calendar');
  await expect(calendar.getByTestId('calendar-weekdays').locator('span')).toHaveText([
    'пн',
    'вт',
    'ср',
    'чт',
    'пт',
    'сб',
    'вс',
  ]);
  const monthAgo = new Intl.DateTimeFormat('ru', { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.now() - 40 * 86_400_000),
  );
  await expect(calendar.getByTestId('calendar-months')).toContainText(monthAgo);

  // The table view of the words chart: this week's row has the three words.
  await added.getByRole('button', { name: 'Таблица' }).click();
  await expect(added.getByRole('button', { name: 'Таблица' })).toHaveAttribute('aria-pressed', 'true');
  const rows = added.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(27);
  await expect(rows.last().getByRole('cell').last()).toHaveText('3');
  // One scan covers both views: this region's table beside the other regions' charts and calendar.
  await expectNoSeriousViolations(page);
  const reviews = page.getByRole('region', { name: 'Повторения по дням' });
  await reviews.getByRole('button', { name: 'Таблица' }).click();
  await expect(reviews.getByRole('table').getByRole('row').last().getByRole('cell').last()).toHaveText('2');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('region', { name: 'Выучено слов' }).getByTestId('chart-canvas').locator('canvas'),
  ).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
