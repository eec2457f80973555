import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  holdChunkUntil,
  listWords,
  UPLOAD_TIMEOUT_MS,
  signInLearner,
  test,
} from './support';

/**
 * The dictionary screen against the built app and the fake providers of playwright.config.ts. Words
 * are added through the upload call the Upload screen uses, and waited for until the job ends.
 */

async function openDictionary(page: Page) {
  await page.goto('/dictionary');
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
}

const wordList = (page: Page) => page.getByRole('list', { name: 'Слова' });
const row = (page: Page, spanish: string) =>
  wordList(page)
    .getByRole('listitem')
    .filter({ has: page.locator('[data-field="spanish"]', { hasText: new RegExp(`^${spanish}$`) }) });
const shownSpanish = (page: Page) => wordList(page).locator('[data-field="spanish"]');

async function chooseOption(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option }).click();
}

test('a select shows its choice before Radix’s select arrives, and a press that comes first opens it once in', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  let releaseSelectCode: () => void = () => undefined;
  const selectCodeReleased = new Promise<void>((resolve) => (releaseSelectCode = resolve));
  const wasHeldUntilReleased = await holdChunkUntil(
    page,
    /\/assets\/select-radix\.component-[\w-]+\.js$/,
    selectCodeReleased,
  );
  await openDictionary(page);
  const level = page.getByRole('combobox', { name: 'Уровень CEFR' });
  await expect(level).toHaveText('Все');
  await level.click();
  await expect(level).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option')).toHaveCount(0);

  releaseSelectCode();
  await expect(page.getByRole('option', { name: 'Все' })).toBeVisible();
  expect(wasHeldUntilReleased()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(level).toBeFocused();
});

test('filters combine CEFR level and part of speech; Enter searches and Esc clears', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  const key = await page.request.post('/api/validate-openai-key', { data: { apiKey: 'sk-test-valid' } });
  expect(await key.json()).toEqual({ valid: true });
  // The fake language model knows these: libro, mesa, comer, hablar A1; ciudad, feliz A2.
  await addWords(
    page,
    [
      'libro / книга',
      'mesa / стол',
      'ciudad / город',
      'comer / есть',
      'hablar / говорить',
      'feliz / счастливый',
    ],
    {
      enhanceWithAI: true,
    },
  );
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(6);
  await expectNoSeriousViolations(page);

  // Each option counts the whole dictionary.
  await chooseOption(page, 'Уровень CEFR', 'A1 (4)');
  await expect(shownSpanish(page)).toHaveCount(4);
  await chooseOption(page, 'Часть речи', 'глагол (2)');
  await expect
    .poll(async () => (await shownSpanish(page).allTextContents()).sort())
    .toEqual(['comer', 'hablar']);
  await chooseOption(page, 'Уровень CEFR', 'A2 (2)');
  await expect(page.getByText('Слова не найдены', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
  await expect(page.getByRole('button', { name: 'Сбросить фильтры' })).toHaveCount(0);
  await expect(shownSpanish(page)).toHaveCount(6);

  const search = page.getByRole('searchbox', { name: 'Поиск слов' });
  await search.fill('СТОЛ');
  // Typing alone does not search: Enter applies it.
  await expect(shownSpanish(page)).toHaveCount(6);
  await search.press('Enter');
  // Nouns carry their article (docs/product/upload.md#translation-analysis-and-examples).
  await expect(shownSpanish(page)).toHaveText(['la mesa']);
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(shownSpanish(page)).toHaveCount(6);

  await page.getByRole('button', { name: 'По алфавиту' }).click();
  // Articles are not part of the alphabetical order.
  await expect(shownSpanish(page)).toHaveText([
    'la ciudad',
    'comer',
    'feliz',
    'hablar',
    'el libro',
    'la mesa',
  ]);
  await expect(page.getByRole('button', { name: 'По алфавиту' })).toHaveAttribute('aria-pressed', 'true');
});

test('hiding a word moves it to the hidden view; select mode deletes after a confirmation', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  // Verbs, so that no article is added in front of them.
  await addWords(page, ['cantar / петь', 'bailar / танцевать', 'correr / бегать', 'nadar / плавать']);
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(4);

  await row(page, 'cantar').getByRole('button', { name: 'Скрыть «cantar»' }).click();
  await expect(page.getByText('Слово перемещено в изученные', { exact: true })).toBeVisible();
  await expect(row(page, 'cantar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Скрытые (1)' }).click();
  await expect(shownSpanish(page)).toHaveText(['cantar']);
  await expect(
    row(page, 'cantar').getByRole('button', { name: 'Вернуть «cantar» в изучение' }),
  ).toBeVisible();
  await expect(row(page, 'cantar').locator('[data-tone="hidden"]')).toBeVisible();
  await page.getByRole('button', { name: 'Активные (3)' }).click();

  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Действия с выбранными словами' });
  await page.getByRole('checkbox', { name: 'Выбрать «bailar»' }).check();
  // Clicking a row in select mode selects it too.
  await row(page, 'correr').locator('[data-field="russian"]').click();
  await expect(toolbar.getByText('Выбрано: 2')).toBeVisible();
  await toolbar.getByRole('button', { name: 'Удалить выбранные' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить выбранные слова?' });
  await expect(confirm).toContainText('2');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Удалить слова: 2' }).click();
  await expect(confirm).toBeHidden();
  await expect(shownSpanish(page)).toHaveText(['nadar']);
  expect((await listWords(page)).map((word) => word.spanish).sort()).toEqual(['cantar', 'nadar']);

  // The delete-all confirmation names the count; leaving select mode clears the selection.
  await toolbar.getByRole('button', { name: 'Удалить все активные' }).click();
  const deleteAll = page.getByRole('alertdialog', { name: 'Удалить все активные слова?' });
  await expect(deleteAll).toContainText('Будут удалены все активные слова: 1.');
  await deleteAll.getByRole('button', { name: 'Отмена' }).click();
  await page.getByRole('checkbox', { name: 'Выбрать «nadar»' }).check();
  await page.getByRole('button', { name: 'Завершить выбор' }).click();
  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Выбрать «nadar»' })).not.toBeChecked();
});

test('the word card makes an older picture the primary one; its dialogs pass axe', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['correr / бегать'], { generateImages: true });
  const [word] = await listWords(page);
  if (!word) throw new Error('The upload added no word');
  const firstImage = word.imageUrl;
  expect(firstImage).toBeTruthy();
  // Another style, so the second picture differs from the first (media are stored by content).
  const regenerated = await page.request.post(`/api/words/${word.id}/regenerate-image`, {
    data: { imageStyle: 'watercolor' },
  });
  expect(regenerated.ok()).toBe(true);
  const { imageUrl: secondImage } = (await regenerated.json()) as { imageUrl: string };
  expect(secondImage).not.toBe(firstImage);

  await openDictionary(page);
  // The row loads the picture's thumbnail (docs/product/media.md#picture-variants).
  await expect(row(page, 'correr').locator('img')).toHaveAttribute('src', `${secondImage}?w=64`);
  await row(page, 'correr').getByRole('button', { name: 'Карточка слова «correr»' }).click();
  const card = page.getByRole('dialog', { name: 'correr' });
  await expect(card.getByRole('button', { name: 'Изображение 1 — основное' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await card.getByRole('button', { name: 'Сделать основным изображение 2' }).click();
  await expect(page.getByText('Основное изображение изменено', { exact: true })).toBeVisible();
  await expect.poll(async () => (await listWords(page))[0]?.imageUrl).toBe(firstImage);
  await expect(card.getByRole('button', { name: /^Изображение \d — основное$/ })).toHaveCount(1);
  await card.getByRole('button', { name: 'Закрыть' }).click();
  await expect(row(page, 'correr').locator('img')).toHaveAttribute('src', `${firstImage}?w=64`);

  // The row's picture over the whole screen.
  await row(page, 'correr').getByRole('button', { name: 'Открыть изображение «correr»' }).click();
  await expect(
    page.getByRole('dialog', { name: 'correr' }).getByRole('img', { name: 'Изображение к слову «correr»' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // The media library lists both pictures; the audiobook dialog says the word is in none.
  await row(page, 'correr').getByRole('button', { name: 'Ещё действия со словом «correr»' }).click();
  await page.getByRole('menuitem', { name: 'Медиатека' }).click();
  const library = page.getByRole('dialog', { name: 'Медиатека' });
  await expect(library.getByRole('button', { name: /^Применить изображение/ })).toHaveCount(2);
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');

  await row(page, 'correr')
    .getByRole('button', { name: /^Предложений в аудиокнигах: 0/ })
    .click();
  const sentences = page.getByRole('dialog', { name: '«correr» в аудиокнигах' });
  await expect(sentences.getByText('Слово не найдено в аудиокнигах')).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('generate missing images draws a thumbnail for every word without one', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  const key = await page.request.post('/api/validate-leonardo-key', { data: { apiKey: 'leo-test-valid' } });
  expect(key.ok()).toBe(true);
  await addWords(page, ['luna / луна', 'flor / цветок', 'mano / рука']);
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(3);
  await expect(wordList(page).locator('img')).toHaveCount(0);

  await page.getByRole('button', { name: 'Обслуживание' }).click();
  await page.getByRole('menuitem', { name: 'Создать недостающие изображения' }).click();
  const jobs = page.getByRole('region', { name: 'Фоновые задачи словаря' });
  await expect(jobs.locator('[data-job-kind="generate-missing-images"]')).toBeVisible();
  await expect(jobs.locator('[data-job-status="completed"]')).toBeVisible({ timeout: 60_000 });
  await expect(wordList(page).locator('img')).toHaveCount(3, { timeout: 15_000 });
  for (const word of await listWords(page)) expect(word.imageUrl).toBeTruthy();
});

test('resetting the listen counts asks first, and its undo puts every count back', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['luna / луна', 'flor / цветок', 'mano / рука']);
  const added = await listWords(page);
  for (const [index, word] of added.entries()) {
    const listened = await page.request.patch(`/api/words/${word.id}/listen-count`, {
      data: { listenCount: [4, 0, 11][index] },
    });
    expect(listened.ok()).toBe(true);
  }
  const countsOf = async () =>
    (
      (await page.request.get('/api/words').then((answer) => answer.json())) as {
        id: number;
        listenCount: number;
        attempts: number;
      }[]
    )
      .map(({ id, listenCount, attempts }) => ({ id, listenCount, attempts }))
      .sort((a, b) => a.id - b.id);
  const before = await countsOf();
  expect(before.map((word) => word.listenCount).sort((a, b) => a - b)).toEqual([0, 4, 11]);
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(3);

  const chooseReset = async () => {
    await page.getByRole('button', { name: 'Обслуживание' }).click();
    await page.getByRole('menuitem', { name: 'Сбросить счетчик прослушанных' }).click();
  };
  await chooseReset();
  const confirm = page.getByRole('alertdialog', { name: 'Сбросить счетчик прослушанных?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Отмена' }).click();
  await expect(confirm).toHaveCount(0);
  expect(await countsOf()).toEqual(before);

  await chooseReset();
  await confirm.getByRole('button', { name: 'Сбросить счетчик' }).click();
  await expect(page.getByText('Счетчик сброшен', { exact: true })).toBeVisible();
  await expect(page.getByText('Сброшено слов: 2', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await countsOf()).every((word) => word.listenCount === 0 && word.attempts === 0))
    .toBe(true);

  // The undo is pressed while its toast is up; the page is scanned once the second toast shows.
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Счетчик восстановлен', { exact: true })).toBeVisible();
  await expect(page.getByText('Восстановлено слов: 2', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
  expect(await countsOf()).toEqual(before);
});

/** Word-list answers of `total` words, so a test measures the screen rather than enrichments. */
const syntheticWords = (total: number) =>
  Array.from({ length: total }, (_, index) => ({
    id: index + 1,
    spanish: `palabra${String(index).padStart(5, '0')}`,
    russian: `слово ${index}`,
    needsTranslation: false,
    example: null,
    exampleTranslation: null,
    highlightedSpanishWord: null,
    highlightedRussianWord: null,
    cefrLevel: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'][index % 6] ?? null,
    partOfSpeech: index % 2 ? 'noun' : 'verb',
    themeCategory: 'general',
    imageUrl: null,
    audioData: null,
    russianAudioData: null,
    secondVoiceAudioData: null,
    isActive: index % 10 !== 0,
    isHidden: false,
    attempts: index % 50,
    listenCount: 0,
    audiobookUsageCount: index % 7,
    disabledUsageCount: 0,
    disabledAt: null,
    createdAt: new Date(0).toISOString(),
  }));

test('ten thousand words stay virtualised and the screen fits a phone', async ({ page }) => {
  await signInLearner(page, { openHome: false });
  const total = 10_000;
  const words = syntheticWords(total);
  // The list answer is replaced, so the test measures the screen rather than 10,000 enrichments.
  await page.route(
    (url) => url.pathname === '/api/words',
    (route) => (route.request().method() === 'GET' ? route.fulfill({ json: words }) : route.fallback()),
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await openDictionary(page);
  await expect(page.getByText('Слов в словаре: 10000')).toBeVisible();
  const rows = wordList(page).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  // The rows in view come first, the rows just beyond them a step later.
  await expect.poll(() => rows.count()).toBeGreaterThan(3);
  expect(await rows.count()).toBeLessThan(60);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(total * 0.9));

  // Scrolling to the end draws the last word, still with a bounded number of rows.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(row(page, 'palabra09999')).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);

  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : Number.NaN;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSeriousViolations(page);
});

test('a word is pronounced from its stored clip, and its play button rests for 3 s after a press', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  // The page's timers run on a clock the test can stop (it flows at the normal pace until then).
  await page.clock.install();
  await signInLearner(page, { openHome: false });
  const key = await page.request.post('/api/validate-elevenlabs-key', { data: { apiKey: 'el-test-valid' } });
  expect(await key.json()).toEqual({ valid: true });
  await addWords(page, ['perro / собака']);
  await openDictionary(page);
  const play = row(page, 'el perro').getByRole('button', { name: 'Произнести «el perro»' });
  await expect(play).toBeEnabled();
  // From here the page's time stands still unless the test moves it: the rest is counted in page time,
  // whatever the machine's load.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
  const clip = page.waitForResponse((response) => /\/media\/[0-9a-f]{64}\.mp3$/.test(response.url()));
  await play.click();
  expect((await clip).status()).toBeLessThan(300);
  await expect(play).toBeDisabled();
  await page.clock.runFor(2_900);
  await expect(play).toBeDisabled();
  await page.clock.runFor(200);
  await expect(play).toBeEnabled();
});

test('opened directly, the dictionary asks for its words once, without waiting for its own screen', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  let wordRequests = 0;
  let onWordsRequested: () => void = () => undefined;
  const wordsRequested = new Promise<void>((resolve) => (onWordsRequested = resolve));
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/words') return;
    wordRequests += 1;
    onWordsRequested();
  });
  // The screen's code is held back until the word list has been asked for.
  const wasListAskedFirst = await holdChunkUntil(
    page,
    /\/assets\/dictionary\.page-[\w-]+\.js$/,
    wordsRequested,
  );
  await openDictionary(page);
  await expect(page.getByText('Слова не найдены')).toBeVisible();
  expect(wasListAskedFirst()).toBe(true);
  // The screen reads the list already on its way instead of asking again.
  expect(wordRequests).toBe(1);
});

test('the list draws its rows one at a time: none while it measures its place, then those in view from the top, then those beyond', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  await page.route(
    (url) => url.pathname === '/api/words',
    (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: syntheticWords(40) }) : route.fallback(),
  );
  // Every set of drawn rows the page goes through, in order, seen after each change to the page: each as the
  // places of its rows in the list.
  await page.addInitScript(() => {
    const drawnSets: string[] = [];
    (window as unknown as { drawnSets: string[] }).drawnSets = drawnSets;
    new MutationObserver(() => {
      const list = document.querySelector('[role="list"][aria-label="Слова"]');
      if (!list) return;
      const drawn = [...list.querySelectorAll('[role="listitem"]')]
        .map((row) => row.getAttribute('aria-posinset'))
        .join(',');
      if (drawnSets.at(-1) !== drawn) drawnSets.push(drawn);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await openDictionary(page);
  const drawnSets = () => page.evaluate(() => (window as unknown as { drawnSets: string[] }).drawnSets);
  // Drawn rows in view, and beyond it: waited for until six are drawn beyond it.
  const drawnRows = () =>
    page.evaluate(() => {
      const tops = [...document.querySelectorAll('[role="listitem"]')].map(
        (row) => row.getBoundingClientRect().top,
      );
      return {
        inView: tops.filter((top) => top < window.innerHeight).length,
        beyond: tops.filter((top) => top >= window.innerHeight).length,
      };
    });
  await expect.poll(async () => (await drawnRows()).beyond).toBe(6);
  const rowsInView = (await drawnRows()).inView;
  expect(rowsInView).toBeGreaterThan(1);
  const sets = await drawnSets();
  const places = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1)).join(',');
  // None while the list measures where it starts, then one more row at each step, from the top of the list.
  expect(sets).toEqual(['', ...Array.from({ length: rowsInView + 6 }, (_, index) => places(index + 1))]);
});
