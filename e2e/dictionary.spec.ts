import { expect, type Page, type Response } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSeriousViolationsIn } from './axe-violations';
import { addWords, holdChunkUntil, listWords, UPLOAD_TIMEOUT_MS, signInLearner, test } from './support';
import { mainOverflow } from './screen-checks';

/**
 * The dictionary screen against the built app and the fake providers of playwright.config.ts: only what a
 * browser alone proves (its code chunks, layout on a phone, pictures' real widths and bytes, a clip fetched,
 * a job followed over the real socket, axe). What the screen shows for given answers is proven in
 * tests/unit/client/dictionary-*.test.tsx, the server's side in tests/integration/.
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

test('opened directly, the dictionary asks for its words once before its code is in; a select pressed before Radix’s code opens once it is', async ({
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
  // The screen's code is held back until the word list has been asked for
  // (docs/product/overview.md#serving-the-client).
  const wasListAskedFirst = await holdChunkUntil(
    page,
    /\/assets\/dictionary\.page-[\w-]+\.js$/,
    wordsRequested,
  );
  let releaseSelectCode: () => void = () => undefined;
  const selectCodeReleased = new Promise<void>((resolve) => (releaseSelectCode = resolve));
  const wasSelectHeldUntilReleased = await holdChunkUntil(
    page,
    /\/assets\/select-radix\.component-[\w-]+\.js$/,
    selectCodeReleased,
  );
  await openDictionary(page);
  await expect(page.getByText('Слова не найдены')).toBeVisible();
  expect(wasListAskedFirst()).toBe(true);
  // The screen reads the list already on its way instead of asking again.
  expect(wordRequests).toBe(1);

  // A select shows its choice before Radix's select arrives, and a press that comes first opens it once in.
  const level = page.getByRole('combobox', { name: 'Уровень CEFR' });
  await expect(level).toHaveText('Все');
  await level.click();
  await expect(level).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option')).toHaveCount(0);
  releaseSelectCode();
  await expect(page.getByRole('option', { name: 'Все' })).toBeVisible();
  expect(wasSelectHeldUntilReleased()).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(level).toBeFocused();
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

test('on a phone ten thousand words stay virtualised, drawn a row at a time from the top; the filters fold behind one button; the screen fits', async ({
  page,
}) => {
  await signInLearner(page, { openHome: false });
  const total = 10_000;
  // The list answer is replaced, so the test measures the screen rather than 10,000 enrichments.
  await page.route(
    (url) => url.pathname === '/api/words',
    (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: syntheticWords(total) }) : route.fallback(),
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
        .map((item) => item.getAttribute('aria-posinset'))
        .join(',');
      if (drawnSets.at(-1) !== drawn) drawnSets.push(drawn);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await openDictionary(page);
  await expect(page.getByText('Слов в словаре: 10000')).toBeVisible();
  const rows = wordList(page).getByRole('listitem');
  // The first word shows at once, on the first screen (docs/product/dictionary.md#filters).
  await expect(rows.first()).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(total * 0.9));

  // Drawn rows in view, and beyond it: waited for until six are drawn beyond it.
  const drawnRows = () =>
    page.evaluate(() => {
      const tops = [...document.querySelectorAll('[role="listitem"]')].map(
        (item) => item.getBoundingClientRect().top,
      );
      return {
        inView: tops.filter((top) => top < window.innerHeight).length,
        beyond: tops.filter((top) => top >= window.innerHeight).length,
      };
    });
  await expect.poll(async () => (await drawnRows()).beyond).toBe(6);
  const rowsInView = (await drawnRows()).inView;
  expect(rowsInView).toBeGreaterThan(1);
  const sets = await page.evaluate(() => (window as unknown as { drawnSets: string[] }).drawnSets);
  const places = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1)).join(',');
  // None while the list measures where it starts, then one more row at each step, from the top of the list.
  expect(sets).toEqual(['', ...Array.from({ length: rowsInView + 6 }, (_, index) => places(index + 1))]);

  // Scrolling to the end draws the last word, still with a bounded number of rows.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(row(page, 'palabra09999')).toBeVisible();
  expect(await rows.count()).toBeLessThan(60);
  expect(await mainOverflow(page)).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));

  // On a phone the filters fold behind one button (a media query: only a browser lays it out).
  const filters = page.getByRole('button', { name: 'Фильтры', exact: true });
  await expect(page.getByRole('combobox', { name: 'Часть речи' })).toBeHidden();
  await filters.click();
  await page.getByRole('combobox', { name: 'Часть речи' }).click();
  await page.getByRole('option', { name: /^глагол/ }).click();
  await expect(shownSpanish(page).first()).toHaveText('palabra00002');
  await page.getByRole('button', { name: 'Фильтры (1)' }).click();
  await expect(page.getByRole('combobox', { name: 'Часть речи' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Фильтры (1)' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('words from an upload: a picture job over the socket, thumbnails under 4 KB, a clip, the full-screen picture, and every dialog passes axe', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  // With an ElevenLabs key the clips are made during the upload; the card's picture opens full screen.
  const key = await page.request.post('/api/validate-elevenlabs-key', { data: { apiKey: 'el-test-valid' } });
  expect(await key.json()).toEqual({ valid: true });
  const saved = await page.request.put('/api/settings', { data: { fullscreenImage: true } });
  expect(saved.ok()).toBe(true);
  // Without a language model the Spanish-only line is kept (docs/product/upload.md#spanish-only-lines), so
  // its card shows the field for a translation.
  // Nouns get their article: 'perro' is listed as 'el perro'
  // (docs/product/upload.md#translation-analysis-and-examples).
  await addWords(page, ['el coche', 'perro / собака']);

  const pictureAnswers: Response[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/media/') && pathname.endsWith('.webp')) pictureAnswers.push(response);
  });
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(2);
  await expect(wordList(page).locator('img')).toHaveCount(0);

  // The job is followed over the real socket to its end, and the list then shows every picture.
  await page.getByRole('button', { name: 'Обслуживание' }).click();
  await page.getByRole('menuitem', { name: 'Создать недостающие изображения' }).click();
  const jobs = page.getByRole('region', { name: 'Фоновые задачи словаря' });
  await expect(jobs.locator('[data-job-kind="generate-missing-images"]')).toBeVisible();
  await expect(jobs.locator('[data-job-status="completed"]')).toBeVisible({ timeout: 60_000 });
  await expect(wordList(page).locator('img')).toHaveCount(2, { timeout: 15_000 });
  const coche = (await listWords(page)).find((word) => word.spanish === 'el coche');
  const picture = coche?.imageUrl ?? '';
  expect(picture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);

  // lowQualityImages is on by default: the 56 px slot takes the 64 px variant
  // (docs/product/media.md#picture-variants), and the list never loads a whole picture.
  const thumbnail = row(page, 'el coche').locator('img');
  await expect(thumbnail).toHaveAttribute('src', `${picture}?w=64`);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  await expect.poll(() => pictureAnswers.length).toBe(2);
  for (const answer of pictureAnswers) {
    expect(new URL(answer.url()).search).toBe('?w=64');
    expect(answer.headers()['content-type']).toBe('image/webp');
    expect((await answer.body()).length).toBeLessThanOrEqual(4096);
  }

  // A press plays the word's stored clip.
  const play = row(page, 'el perro').getByRole('button', { name: 'Произнести «el perro»' });
  const clip = page.waitForResponse((response) => /\/media\/[0-9a-f]{64}\.mp3$/.test(response.url()));
  await play.click();
  expect((await clip).status()).toBeLessThan(300);
  await expect(play).toBeDisabled();

  // The card of a word without a translation, without a language model: its hint, its field, its picture.
  await row(page, 'el coche').getByRole('button', { name: 'Карточка слова «el coche»' }).click();
  const card = page.getByRole('dialog', { name: 'el coche' });
  await expect(card.getByLabel('Добавить перевод')).toBeVisible();
  await expect(card.getByTestId('word-card-picture').locator('img')).toHaveAttribute(
    'src',
    `${picture}?w=384`,
  );
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await card.getByRole('button', { name: 'Изменить' }).click();
  const form = page.getByRole('dialog', { name: 'Изменение слова' });
  await expect(form.getByLabel('Испанское слово')).toHaveValue('el coche');
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await form.getByRole('button', { name: 'Отмена' }).click();
  await expect(form).toHaveCount(0);

  // The viewer asks for the screen's width (Playwright's 1280×720 screen at density 1: 1280 → 1536,
  // wider than the 1024 px picture, which the server then serves as it is).
  await card.getByRole('button', { name: 'Открыть изображение «el coche» на весь экран' }).click();
  await expect(page.locator('[role="dialog"]')).toHaveCount(2);
  const fullPicture = page
    .getByRole('dialog', { name: 'el coche' })
    .getByRole('img', { name: 'Изображение к слову «el coche»' });
  await expect(fullPicture).toHaveAttribute('src', `${picture}?w=1536`);
  await expect.poll(() => fullPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1024);
  await page.keyboard.press('Escape');
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
  await card.getByRole('button', { name: 'Закрыть' }).click();
  await expect(card).toHaveCount(0);

  // The media library and the audiobook sentences.
  await row(page, 'el coche').getByRole('button', { name: 'Ещё действия со словом «el coche»' }).click();
  await page.getByRole('menuitem', { name: 'Медиатека' }).click();
  const library = page.getByRole('dialog', { name: 'Медиатека' });
  await expect(library.getByRole('button', { name: /^Применить изображение/ })).toHaveCount(1);
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(library).toHaveCount(0);
  await row(page, 'el coche')
    .getByRole('button', { name: /^Предложений в аудиокнигах: 0/ })
    .click();
  const sentences = page.getByRole('dialog', { name: '«el coche» в аудиокнигах' });
  await expect(sentences.getByText('Слово не найдено в аудиокнигах')).toBeVisible();
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(sentences).toHaveCount(0);

  // Select mode's confirmation, then the deletion's toast, each scanned.
  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Выбрать «el perro»' }).check();
  await page
    .getByRole('toolbar', { name: 'Действия с выбранными словами' })
    .getByRole('button', { name: 'Удалить выбранные' })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Удалить выбранные слова?' });
  await expectNoSeriousViolationsIn(page, '[role="alertdialog"]');
  await confirm.getByRole('button', { name: 'Удалить слова: 1' }).click();
  await expect(page.getByText('Удалено слов: 1', { exact: true })).toBeVisible();
  await expect(shownSpanish(page)).toHaveCount(1);
  // The list, its pictures and the toast: the screen's one scan outside a dialog.
  await expectNoSeriousViolations(page);
  expect((await listWords(page)).map((word) => word.spanish).sort()).toEqual(['el coche']);
});
