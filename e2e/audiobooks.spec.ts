import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  signInLearner,
  UPLOAD_TIMEOUT_MS,
  withLanguageModelKey,
  test,
} from './support';

/**
 * The audiobook library and creation (docs/product/audiobooks.md#library, #creation) in the built app
 * against the fake providers: a book written through the dialog, its steps followed live over the socket,
 * and the library's screens under axe. What each screen shows for given answers (filters, rename, delete,
 * the genre manager, the no-key reasons, the dialog's defaults and request) is
 * tests/unit/client/audiobooks-library-screen.test.tsx and audiobooks-creation-dialog.test.tsx; the
 * server's side is tests/integration/audiobook-library.test.ts and audiobook-creation.test.ts.
 */

const WORDS = [
  'perro / собака',
  'gato / кошка',
  'casa / дом',
  'libro / книга',
  'mesa / стол',
  'luna / луна',
  'bosque / лес',
  'camino / дорога',
  'puerta / дверь',
  'llave / ключ',
];

const cards = (page: Page) => page.getByTestId('audiobook-card');

test('a book is written through the dialog, its eight steps followed live, then played, listed and deleted; each screen passes axe', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, WORDS);

  // Without a language model: the create button's reason and the maintenance menu's, as rendered.
  await page.goto('/audiobooks');
  await expect(page.getByText('Нет аудиокниг')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Создать аудиокнигу' })).toBeDisabled();
  await page.getByRole('button', { name: 'Обслуживание библиотеки' }).click();
  await expect(page.getByRole('menuitem', { name: 'Проверить логику историй' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  await withLanguageModelKey(page);
  await page.reload();
  await page.getByRole('button', { name: 'Создать аудиокнигу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая аудиокнига' });
  // The form with a genre chosen, and the toast asking for one.
  await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Выберите жанр').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Приключения' }).click();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Создать', exact: true }).click();

  // The real job, followed over the socket: every step done, then the book.
  await expect(dialog.getByRole('list', { name: 'Шаги создания' }).getByRole('listitem')).toHaveCount(8);
  await expect(dialog.getByText('Завершено!')).toBeVisible({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(dialog.getByTestId('creation-steps-done')).toHaveText('Выполнено шагов: 8 из 8');
  // The counters are the job's own (a story of the default 200 words is written in one chapter or more).
  await expect(dialog.getByTestId('counter-chaptersGenerated')).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveURL(/\/audiobook\/\d+$/);
  const bookPath = `/api/audiobooks/${new URL(page.url()).pathname.split('/').at(-1)}`;
  // The dialog asked for a picture on every sentence, and every sentence got one.
  expect(((await (await page.request.get(bookPath)).json()) as { imageStep: number }).imageStep).toBe(1);
  const sentences = (await (await page.request.get(`${bookPath}/sentences`)).json()) as {
    imageData: string | null;
  }[];
  expect(sentences.length).toBeGreaterThan(3);
  expect(sentences.filter((sentence) => sentence.imageData === null)).toEqual([]);
  const { actualWordCountSpanish } = (await (await page.request.get(bookPath)).json()) as {
    actualWordCountSpanish: number;
  };
  expect(actualWordCountSpanish).toBeGreaterThan(0);
  await expect(page.getByTestId('player-word-count')).toHaveText(
    `Испанских слов в тексте: ${actualWordCountSpanish}`,
  );

  // The library with the book, its genre chip and cover; the genre manager; the delete confirmation.
  await page.goto('/audiobooks');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByTestId('audiobook-word-count')).toHaveText(String(actualWordCountSpanish));
  await expect(cards(page).locator('img')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Жанры' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Жанры' })
      .getByRole('list', { name: 'Ваши жанры' })
      .getByRole('listitem'),
  ).toHaveCount(12);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await cards(page).getByRole('button', { name: 'Удалить аудиокнигу' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить аудиокнигу?' });
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Аудиокнига удалена').first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect((await page.request.get(bookPath)).status()).toBe(404);
});
