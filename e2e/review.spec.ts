import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  listWords,
  signInLearner,
  UPLOAD_TIMEOUT_MS,
  test,
} from './support';

/** The review mode (docs/product/review.md) in Chromium, with the built-in voices and pictures. */

interface Stats {
  queueSize: number;
  reviewedToday: number;
  correctToday: number;
}

async function saveSettings(page: Page, settings: Record<string, unknown>) {
  const saved = await page.request.put('/api/settings', { data: settings });
  expect(saved.ok()).toBe(true);
}

const statsOf = async (page: Page) => (await (await page.request.get('/api/review/stats')).json()) as Stats;
const prompt = (page: Page) => page.getByTestId('review-prompt');
const answer = (page: Page) => page.getByTestId('review-answer');
const gradeButton = (page: Page, name: string) =>
  page
    .getByRole('group', { name: 'Насколько легко вспомнили?' })
    .getByRole('button', { name: new RegExp(name) });

test('a ten-card session by keyboard in both directions: intervals on the buttons, an Again coming back, the summary, Ctrl+Z', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  // Both directions of a word in one session: the learner keeps them together (docs/product/review.md#burying).
  await saveSettings(page, { autoplayAudio: false, reviewBurySiblings: false });
  await addWords(page, [
    'el gato / кошка',
    'la casa / дом',
    'el libro / книга',
    'cantar / петь',
    'el agua / вода',
  ]);
  expect(await listWords(page)).toHaveLength(5);

  await page.goto('/');
  await expect(page.getByTestId('home-review-due')).toHaveText('На повторение: 10');
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Повторение' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Повторение' })).toBeVisible();
  // Anki's three numbers: new, learning, due (docs/product/review.md#counts).
  await expect(page.getByTestId('review-counts')).toHaveText('Новые:10Изучаемые:0К повторению:0');
  await expectNoSeriousViolations(page);

  const directions: string[] = [];
  const prompts: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const shown = prompt(page);
    await expect(shown).toBeVisible();
    await expect(answer(page)).toHaveCount(0);
    prompts.push((await shown.innerText()).split('\n')[0] ?? '');
    directions.push(
      (await page.getByText(/^(Испанский → русский|Русский → испанский)$/).innerText()).toLowerCase(),
    );
    await page.keyboard.press('Space');
    await expect(answer(page)).toBeVisible();
    if (index === 1) {
      // The first card, graded Again, went from New to Learning.
      await expect(page.getByTestId('review-count-new')).toHaveText('Новые:9');
      await expect(page.getByTestId('review-count-learning')).toHaveText('Изучаемые:1');
    }
    if (index === 0) {
      // A new card's four intervals, as Anki shows them.
      await expect(gradeButton(page, 'Снова')).toContainText('1 мин');
      await expect(gradeButton(page, 'Трудно')).toContainText('6 мин');
      await expect(gradeButton(page, 'Хорошо')).toContainText('10 мин');
      await expect(gradeButton(page, 'Легко')).toContainText('8 дн');
      await expectNoSeriousViolations(page);
    }
    await page.keyboard.press(index === 0 ? '1' : '4');
  }
  expect(new Set(directions)).toEqual(new Set(['испанский → русский', 'русский → испанский']));
  expect(prompts.slice(0, 2)).toEqual(['el gato', 'кошка']);

  // The card graded Again comes back at the end (learning ahead of its minute).
  await expect(page.getByTestId('review-counts')).toHaveText('Новые:0Изучаемые:1К повторению:0');
  await expect(prompt(page)).toContainText('el gato');
  await page.keyboard.press('Space');
  // Good would bring it back in ten minutes, so again in this session; Easy ends its learning steps.
  await expect(gradeButton(page, 'Хорошо')).toContainText('10 мин');
  await page.keyboard.press('4');

  const summary = page.getByTestId('review-summary');
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  await expect(summary).toContainText('Карточек11');
  await expect(summary).toContainText('Вспомнили91 %');
  // Said relatively, in the learner's days (docs/product/review.md#session-summary).
  await expect(page.getByTestId('review-next-due')).toHaveText(
    /^Следующее повторение: (завтра|через \d+ (день|дня|дней))$/,
  );
  await expectNoSeriousViolations(page);
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(11);
  expect(await statsOf(page)).toMatchObject({ correctToday: 10 });

  // Ctrl+Z takes the last grade back, from the summary too (docs/product/review.md#keys).
  await page.keyboard.press('Control+z');
  await expect(prompt(page)).toContainText('el gato');
  await expect(page.getByTestId('review-counts')).toHaveText('Новые:0Изучаемые:1К повторению:0');
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(10);
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(11);
});

test('a typed answer is checked with article and accent tolerance and shown letter by letter', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewTypedAnswers: true, reviewDirections: ['ru-es'] });
  await addWords(page, ['el árbol / дерево', 'la mesa / стол']);

  await page.goto('/review');
  await expect(prompt(page)).toContainText('дерево');
  const field = page.getByLabel('Ваш ответ по-испански');
  await expect(field).toBeFocused();
  await field.fill('arbol');
  await field.press('Enter');
  const diff = page.getByTestId('typed-answer-diff');
  await expect(diff).toContainText('Почти: артикль или ударения');
  await expect(diff.locator('[data-diff="accent"]').first()).toHaveText('a');
  // 'el ' is missing: a gap in what was typed, the letters marked in the word.
  await expect(diff.locator('[data-diff="missing"]')).toHaveCount(6);
  expect(await diff.locator('[data-diff="missing"]').allTextContents()).toEqual([
    '_',
    '_',
    '_',
    'e',
    'l',
    ' ',
  ]);
  await expect(answer(page)).toContainText('el árbol');
  await expectNoSeriousViolations(page);
  await page.keyboard.press('4');

  await expect(prompt(page)).toContainText('стол');
  await page.getByLabel('Ваш ответ по-испански').fill('la masa');
  await page.getByRole('button', { name: 'Проверить' }).click();
  await expect(page.getByTestId('typed-answer-diff')).toContainText('Неверно');
  await expect(page.getByTestId('typed-answer-diff').locator('[data-diff="wrong"]')).toHaveText(['a', 'e']);
  await gradeButton(page, 'Снова').click();
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(2);
});

test('the accent bar from the keyboard: a letter inserted at the caret, focus back in the field, AltGr-typed letters kept', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewTypedAnswers: true, reviewDirections: ['ru-es'] });
  await addWords(page, ['el árbol / дерево', 'el niño / ребёнок']);

  await page.goto('/review');
  await expect(prompt(page)).toContainText('дерево');
  const field = page.getByLabel('Ваш ответ по-испански');
  await expect(field).toBeFocused();
  const bar = page.getByRole('group', { name: 'Буквы с ударением' });
  await expect(bar.getByRole('button')).toHaveText(['á', 'é', 'í', 'ó', 'ú', 'ü', 'ñ', '¿', '¡']);
  await expectNoSeriousViolations(page);
  // The caret after 'el ', then from the field by Tab: past 'Проверить' to the first key.
  await page.keyboard.type('el rbol');
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Проверить' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('button', { name: 'Вставить «á»' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('el árbol');
  await expect(field).toBeFocused();
  await expect(answer(page)).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('typed-answer-diff')).toContainText('Верно');
  await expect(bar).toHaveCount(0);
  await page.keyboard.press('4');

  await expect(prompt(page)).toContainText('ребёнок');
  await expect(field).toBeFocused();
  // A layout with the letter (AltGr, Option) types it straight into the field, as before.
  await page.keyboard.type('el ni');
  await page.keyboard.down('AltGraph');
  await page.keyboard.insertText('ñ');
  await page.keyboard.up('AltGraph');
  await page.keyboard.type('o');
  await expect(field).toHaveValue('el niño');
  await expect(answer(page)).toHaveCount(0);
  await field.press('Enter');
  await expect(page.getByTestId('typed-answer-diff')).toContainText('Верно');
});

test('past the day’s new-card limit, “Ещё 10 новых” brings more new cards', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewDirections: ['es-ru'], reviewNewPerDay: 1 });
  await addWords(page, ['uno / один', 'dos / два', 'tres / три']);

  await page.goto('/review');
  await expect(page.getByTestId('review-counts')).toHaveText('Новые:1Изучаемые:0К повторению:0');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  await page.getByRole('button', { name: 'Ещё 10 новых' }).click();
  await expect(page.getByTestId('review-counts')).toHaveText('Новые:2Изучаемые:0К повторению:0');
  await expect(prompt(page)).toContainText('dos');
  await expectNoSeriousViolations(page);
});

test('grades made while the connection is down are kept and sent in order when it returns, none lost or doubled', async ({
  page,
  context,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewDirections: ['es-ru'] });
  await addWords(page, ['uno / один', 'dos / два', 'tres / три', 'cuatro / четыре']);

  await page.goto('/review');
  await expect(prompt(page)).toContainText('uno');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(1);

  await context.setOffline(true);
  for (const word of ['dos', 'tres']) {
    await expect(prompt(page)).toContainText(word);
    await page.keyboard.press('Space');
    await page.keyboard.press('4');
  }
  await expect(page.getByText('Оценок ждут отправки: 2. Отправим, как только появится связь.')).toBeVisible();
  // Kept in the browser, in order.
  const kept = await page.evaluate(() =>
    Object.entries(localStorage as Record<string, string>)
      .filter(([key]) => key.startsWith('reviewOutbox:'))
      .map(([, value]) =>
        (JSON.parse(value) as Array<{ reviewedAt: string }>).map((grade) => grade.reviewedAt),
      ),
  );
  expect(kept).toHaveLength(1);
  expect(kept[0]).toHaveLength(2);
  expect([...(kept[0] ?? [])].sort()).toEqual(kept[0]);
  expect((await statsOf(page)).reviewedToday).toBe(1);

  await context.setOffline(false);
  await expect(page.getByText(/Оценок ждут отправки/)).toHaveCount(0);
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(3);
  await expect(prompt(page)).toContainText('cuatro');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  // Every card graded Easy while new: back in eight days.
  await expect(page.getByTestId('review-next-due')).toHaveText('Следующее повторение: через 8 дней');
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(4);
  // Nothing is left to send, and nothing was graded twice: every card once.
  expect(await statsOf(page)).toMatchObject({ reviewedToday: 4, queueSize: 0 });
});

test('on a 390 px phone the six navigation entries fit the tab bar, each label inside its cell, in both languages', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInLearner(page, { openHome: false });
  for (const language of ['ru', 'en'] as const) {
    await saveSettings(page, { interfaceLanguage: language });
    await page.goto('/review');
    const links = page.getByRole('navigation').getByRole('link');
    // Measured once the saved language shows: the labels are its own.
    await expect(
      page.getByRole('navigation').getByRole('link', { name: language === 'ru' ? 'Повторение' : 'Review' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(links).toHaveCount(6);
    const cells = await links.evaluateAll((elements) =>
      elements.map((element) => {
        const label = element.querySelector('span');
        const box = element.getBoundingClientRect();
        return {
          text: label?.textContent ?? '',
          right: box.right,
          // A label wider than its sixth of the bar overflows the link's box.
          fits:
            label !== null &&
            label.getBoundingClientRect().left >= box.left - 0.5 &&
            label.getBoundingClientRect().right <= box.right + 0.5,
        };
      }),
    );
    expect(
      cells.map((cell) => cell.fits),
      JSON.stringify(cells),
    ).toEqual(Array(6).fill(true));
    expect(Math.max(...cells.map((cell) => cell.right))).toBeLessThanOrEqual(390);
    // The English labels measured are English ones.
    expect(cells.map((cell) => cell.text).includes('Review')).toBe(language === 'en');
  }
});
