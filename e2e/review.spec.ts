import { expect, type Page } from '@playwright/test';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';
import { expectNoSeriousViolations } from './axe-violations';

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

test('a session by keyboard in the real page: Space on the focused button reveals, 1–4 grade, an Again comes back, Ctrl+Z from the summary; each state passes axe', async ({
  page,
}) => {
  // What the screen shows for each grade (counts, intervals, the summary) is
  // tests/unit/client/review-session-screen.test.tsx's; here the keys as Chromium delivers them, with the
  // focus where the screen puts it, and the grades reaching the real server.
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewDirections: ['es-ru'] });
  await addWords(page, ['el gato / кошка', 'la casa / дом']);

  await page.goto('/review');
  await expect(prompt(page)).toContainText('el gato');
  await expect(page.getByRole('button', { name: /^Показать ответ/ })).toBeFocused();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Space');
  await expect(answer(page)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Насколько легко вспомнили?' })).toBeFocused();
  await expect(gradeButton(page, 'Снова')).toContainText('1 мин');
  await expectNoSeriousViolations(page);
  await page.keyboard.press('1');

  for (const word of ['la casa', 'el gato']) {
    await expect(prompt(page)).toContainText(word);
    await expect(answer(page)).toHaveCount(0);
    await page.keyboard.press('Space');
    await expect(answer(page)).toBeVisible();
    await page.keyboard.press('4');
  }
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  await expect(page.getByTestId('review-summary')).toContainText('Карточек3');
  await expect(page.getByTestId('review-next-due')).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(3);

  // Ctrl+Z takes the last grade back, from the summary too (docs/product/review.md#keys).
  await page.keyboard.press('Control+z');
  await expect(prompt(page)).toContainText('el gato');
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(2);
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeVisible();
  await expect.poll(async () => (await statsOf(page)).reviewedToday).toBe(3);
  expect(await statsOf(page)).toMatchObject({ correctToday: 2 });
});

test('the accent bar from the keyboard: a letter inserted at the caret, focus back in the field, AltGr-typed letters kept; the letter-by-letter check passes axe', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await saveSettings(page, { autoplayAudio: false, reviewTypedAnswers: true, reviewDirections: ['ru-es'] });
  await addWords(page, ['el árbol / дерево', 'el niño / ребёнок', 'la mesa / стол']);

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
  await page.keyboard.press('4');

  // A wrong answer shows every kind of mark at once (a missing article, a wrong letter, an accent), each
  // of which must stay readable in real rendering; what the check says is
  // tests/unit/client/review-session-screen.test.tsx's.
  await expect(prompt(page)).toContainText('стол');
  await field.fill('masá');
  await field.press('Enter');
  const diff = page.getByTestId('typed-answer-diff');
  await expect(diff).toContainText('Неверно');
  for (const kind of ['missing', 'wrong', 'accent']) {
    await expect(diff.locator(`[data-diff="${kind}"]`).first()).toBeVisible();
  }
  await expectNoSeriousViolations(page);
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
