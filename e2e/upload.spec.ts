import { expect, type Page } from '@playwright/test';
import {
  expectNoSeriousViolations,
  holdJobNews,
  listWords,
  signInLearner,
  withLeonardoPictures,
  test,
} from './support';

/**
 * The upload screen against the built app and the fake providers of playwright.config.ts. The learner
 * has no keys, so pictures and voices are the built-in ones and language-model steps are skipped.
 */

/** 30 lines in every documented format, with three repeats inside the paste and one Cyrillic-only line. */
const PASTED_LINES = [
  '🏠 casa / дом',
  '🐶 el perro / собака',
  '📚 libro | книга',
  '☀️ sol | солнце',
  'gato - кот',
  'buenos días\tдоброе утро',
  'por favor   пожалуйста',
  'agua / вода',
  'mesa | стол',
  'silla / стул',
  'ventana / окно',
  'puerta | дверь',
  'coche - машина',
  'árbol / дерево',
  'flor | цветок',
  'manzana / яблоко',
  'leche\tмолоко',
  'pan / хлеб',
  'queso | сыр',
  'casa / дом',
  'perro / пёс',
  'Libro | книжка',
  'только кириллица',
  'montaña / гора',
  'río | река',
  'ciudad / город',
  '🌙 luna / луна',
  'estrella | звезда',
  'muchas gracias   большое спасибо',
  'mariposa - бабочка',
];
const BAD_LINE_NUMBER = 23;
const DUPLICATE_COUNT = 3;
/**
 * Each Spanish word once, as the duplicate key sees it (docs/product/upload.md#duplicate-key: lower case, no
 * article).
 */
const EXPECTED_KEYS = [
  'casa',
  'perro',
  'libro',
  'sol',
  'gato',
  'buenos días',
  'por favor',
  'agua',
  'mesa',
  'silla',
  'ventana',
  'puerta',
  'coche',
  'árbol',
  'flor',
  'manzana',
  'leche',
  'pan',
  'queso',
  'montaña',
  'río',
  'ciudad',
  'luna',
  'estrella',
  'muchas gracias',
  'mariposa',
];

/** Enrichment of a few dozen words with built-in pictures and voices takes a while on a small machine. */
const JOB_TIMEOUT_MS = 240_000;

const wordKey = (spanish: string) =>
  spanish
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/^(?:el|la|los|las|un|una|unos|unas|lo)\s+/u, '');

async function openUpload(page: Page) {
  await signInLearner(page, { openHome: false });
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка слов' })).toBeVisible();
}

const jobPanel = (page: Page) => page.getByRole('region', { name: /^Обработка слов:/ });
const statValue = (page: Page, stat: string) =>
  page.getByRole('region', { name: 'Статистика словаря' }).locator(`[data-stat="${stat}"] dd`);

test('pasted words in mixed formats are enriched, duplicates reported, and each word saved once', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS + 60_000);
  await openUpload(page);
  await expect(statValue(page, 'total')).toHaveText('0');
  await expectNoSeriousViolations(page);

  const textbox = page.getByLabel('Пары слов, по одной на строку');
  const placeholder = await textbox.getAttribute('placeholder');
  expect(placeholder).toContain('🏠 casa / дом');
  expect(placeholder).toMatch(/\p{Extended_Pictographic}\S* \S+ \| \S+/u);
  const submit = page.getByRole('button', { name: 'Загрузить слова' });
  await expect(submit).toBeDisabled();
  await textbox.fill('  \n\t ');
  await expect(submit).toBeDisabled();
  await textbox.fill(PASTED_LINES.join('\n'));
  await expect(submit).toBeEnabled();

  const [request] = await Promise.all([
    page.waitForRequest(
      (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/words/process-batch',
    ),
    submit.click(),
  ]);
  const sent = request.postDataJSON() as { text: string };
  expect(sent).toMatchObject({ enhanceWithAI: true, generateImages: true, imageStyle: 'sketch' });
  // Emoji are stripped before sending, line by line, so the server's line numbers are the learner's.
  expect(sent.text).not.toMatch(/\p{Extended_Pictographic}/u);
  expect(sent.text.split('\n')).toHaveLength(PASTED_LINES.length);
  expect((await request.response())?.ok()).toBe(true);

  const panel = jobPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Отменить' })).toBeVisible();
  const monitor = page.getByRole('region', { name: 'Мониторинг этапов' });
  await expect(monitor.getByRole('row')).toHaveCount(11);

  // The panel moves: every distinct progress value seen on the way is recorded until the end.
  const bar = panel.getByRole('progressbar');
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const value = await bar.getAttribute('aria-valuenow').catch(() => null);
        if (value !== null) seen.add(value);
        return panel.getByRole('heading').textContent();
      },
      { timeout: JOB_TIMEOUT_MS, intervals: [250] },
    )
    .toContain('Обработка завершена');
  expect(seen.size).toBeGreaterThan(1);
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(panel.getByRole('button', { name: 'Отменить' })).toHaveCount(0);
  // Without a language-model key, analysis, examples, tags and themes are skipped, and say why
  // (docs/product/upload.md#skipped-stages); base translation had nothing to do.
  await expect(monitor.getByText('Готово', { exact: true })).toHaveCount(6);
  await expect(monitor.getByText('Пропущено: нужен ключ OpenAI или совместимый сервер')).toHaveCount(4);

  const added = EXPECTED_KEYS.length;
  await expect(page.getByText(`Добавлено новых слов: ${added}.`, { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: `Добавленные слова: ${added}` })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Пропущенные дубликаты: ${DUPLICATE_COUNT}` }),
  ).toBeVisible();

  const report = page.getByRole('region', { name: 'Подробный отчет о дубликатах' });
  await expect(report.getByRole('columnheader')).toHaveText([
    'Испанское слово',
    'Новый перевод',
    'Текущий перевод',
    'Статус в словаре',
    'Причина пропуска',
    'Действия',
  ]);
  await expect(report.getByRole('row')).toHaveCount(DUPLICATE_COUNT + 1);
  await expect(report.getByRole('rowheader')).toHaveText([/casa/i, /perro/i, /libro/i]);
  await expect(report.getByText('участвует в изучении и тестах.', { exact: false })).toBeVisible();
  await expect(report.getByRole('link', { name: 'Открыть словарь' })).toHaveAttribute('href', '/dictionary');

  const errors = page.getByRole('region', { name: /^Ошибки: / });
  await expect(errors.getByRole('cell', { name: `Строка ${BAD_LINE_NUMBER}`, exact: true })).toBeVisible();
  // The line the upload could not add is back in the text box, and the form says so
  // (docs/product/upload.md#lines-not-added).
  await expect(textbox).toHaveValue(PASTED_LINES[BAD_LINE_NUMBER - 1]!);
  await expect(
    page.getByText('Строки, которые не удалось добавить, остались в поле', { exact: false }),
  ).toBeVisible();

  const response = await page.request.get('/api/words');
  expect(response.ok()).toBe(true);
  const words = (await response.json()) as { spanish: string; russian: string }[];
  expect(words.map((word) => wordKey(word.spanish)).sort()).toEqual([...EXPECTED_KEYS].sort());
  expect(words.find((word) => wordKey(word.spanish) === 'casa')?.russian).toBe('дом');
  await expect(statValue(page, 'total')).toHaveText(String(added));
  await expect(statValue(page, 'studying')).toHaveText(String(added));

  await expectNoSeriousViolations(page);
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(panel).toHaveCount(0);
  // The results stay on the page after the panel is closed; a reload starts clean.
  await expect(page.getByRole('heading', { name: `Добавленные слова: ${added}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка слов' })).toBeVisible();
  await expect(jobPanel(page)).toHaveCount(0);
});

test('a .txt file is uploaded on a phone, and a reload picks the job up again', async ({ page }) => {
  test.setTimeout(JOB_TIMEOUT_MS + 60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const jobNews = await holdJobNews(page);
  await openUpload(page);
  // The file field is a button in the interface language, not the browser's "Choose File".
  await expect(page.getByRole('button', { name: 'Выбрать файл' })).toBeVisible();
  await expect(page.getByTestId('file-picker-name')).toHaveText('Файл не выбран');

  await page.getByLabel('Текстовый файл (.txt)').setInputFiles({
    name: 'palabras.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('gato / кот\nperro | собака\nluna\tлуна\n', 'utf8'),
  });
  await expect(page.getByText('Выбран файл «palabras.txt»', { exact: false })).toBeVisible();
  jobNews.hold();
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) =>
        answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/words/upload',
    ),
    page.getByRole('button', { name: 'Загрузить файл' }).click(),
  ]);
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ processed: 3 });
  await expect(jobPanel(page)).toBeVisible();
  // On a phone the panel is above the form, and the toast says so.
  await expect(
    page.getByText('Строк в обработке: 3. Ход работы — в панели над формой.').first(),
  ).toBeVisible();
  jobNews.release();

  await page.reload();
  await expect(jobPanel(page)).toBeVisible();
  await expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });
  await expect(page.getByRole('heading', { name: 'Добавленные слова: 3' })).toBeVisible();
  await expect(page.getByText('Все слова успешно загружены!', { exact: true })).toBeVisible();
  // The finished upload's report comes before the stage table.
  const reportTop = (await page.getByRole('heading', { name: 'Добавленные слова: 3' }).boundingBox())!.y;
  const stagesTop = (await page.getByRole('region', { name: 'Мониторинг этапов' }).boundingBox())!.y;
  expect(reportTop).toBeLessThan(stagesTop);
});

test('on a phone: file checks before sending, no listen-counter reset, and no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openUpload(page);

  await page.getByRole('button', { name: 'Загрузить файл' }).click();
  await expect(page.getByText('No file selected', { exact: true })).toBeVisible();
  await expect(page.getByText('Please select a file to upload.', { exact: true })).toBeVisible();

  let isUploadSent = false;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/words/upload') isUploadSent = true;
  });
  await page.getByLabel('Текстовый файл (.txt)').setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(1024 * 1024 + 1, 'a'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Файл «huge.txt» больше 1 МБ' })).toBeVisible();
  await page.getByRole('button', { name: 'Загрузить файл' }).click();
  await expect(page.getByText('No file selected', { exact: true })).toBeVisible();
  expect(isUploadSent).toBe(false);

  // The reset of the listen counts left this screen for the dictionary's maintenance menu.
  await expect(page.getByRole('button', { name: 'Сбросить счетчик прослушанных' })).toHaveCount(0);

  // The screen's own content fits the phone (the navigation bar above it is the shell's business).
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : Number.NaN;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page);
});

test('a running job can be cancelled, and then only closed', async ({ page }) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await openUpload(page);
  // The job must still run when the cancel arrives.
  await withLeonardoPictures(page);
  await page.getByLabel('Пары слов, по одной на строку').fill(PASTED_LINES.join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();

  const panel = jobPanel(page);
  await expect(panel).toBeVisible();
  await expect(page.getByRole('button', { name: 'Обработка...' })).toBeDisabled();
  await panel.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByText('Обработка отменена', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('heading')).toContainText('Обработка отменена', { timeout: JOB_TIMEOUT_MS });
  await expect(panel.getByRole('button', { name: 'Отменить' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Загрузить слова' })).toBeVisible();

  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(panel).toHaveCount(0);
});

test('a long report shows a page of rows and the next page on request', async ({ page }) => {
  test.setTimeout(JOB_TIMEOUT_MS + 60_000);
  await openUpload(page);
  // Past two pages of 50; a thousands separator in the count is number-format.test.ts's.
  const total = 123;
  const lines = Array.from({ length: total }, (_, index) => `palabra${index} / слово${index}`);
  await page.getByLabel('Пары слов, по одной на строку').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  await expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });

  const added = page.getByRole('list', { name: `Добавленные слова: ${total}` });
  // The page of 50 is drawn ten rows per task (hooks/visible-count.hook.ts); the count says the whole page.
  await expect(added.getByRole('listitem')).toHaveCount(50);
  await expect(page.getByText('Показано 50 из 123', { exact: true })).toBeVisible();
  const firstPage = await added.getByRole('listitem').allInnerTexts();
  await page.getByRole('button', { name: 'Показать еще' }).first().click();
  await expect(added.getByRole('listitem')).toHaveCount(100);
  await expect(page.getByText('Показано 100 из 123', { exact: true })).toBeVisible();
  // The first page stays as it was, and the next 50 rows are 50 other words (chunks of the upload are saved
  // side by side, so the report lists them in the order they were saved, not line by line).
  const bothPages = await added.getByRole('listitem').allInnerTexts();
  expect(bothPages.slice(0, 50)).toEqual(firstPage);
  expect(new Set(bothPages.map((row) => /palabra\d+/.exec(row)?.[0])).size).toBe(100);
});

test('on a phone: a fill made without a model is reported, and its undo saves the word as typed', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await page.setViewportSize({ width: 375, height: 812 });
  await openUpload(page);
  await page
    .getByLabel('Пары слов, по одной на строку')
    .fill(['perro - собака', 'la mesa - стол'].join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  await expect(page.getByRole('heading', { name: 'Добавленные слова: 2' })).toBeVisible({
    timeout: JOB_TIMEOUT_MS,
  });

  // The article of the typed "perro" is the app's; the learner's own "la" is not reported.
  const perro = page.getByRole('group', { name: 'Заполнено приложением: el perro' });
  await expect(perro.getByText('Артикль добавлен приложением')).toBeVisible();
  await expect(perro.getByText('Часть речи определена приложением')).toBeVisible();
  const mesa = page.getByRole('group', { name: 'Заполнено приложением: la mesa' });
  await expect(mesa.getByText('Часть речи определена приложением')).toBeVisible();
  await expect(mesa.getByText('Артикль добавлен приложением')).toHaveCount(0);

  await page.getByRole('button', { name: 'Убрать артикль: оставить «perro»' }).click();
  await expect(page.getByRole('group', { name: 'Заполнено приложением: perro' })).toBeVisible();
  await expect(page.getByText('el perro', { exact: true })).toHaveCount(0);
  await expect(page.getByText('perro', { exact: true })).toBeVisible();
  await expect(page.getByText('Артикль добавлен приложением')).toHaveCount(0);
  await expect
    .poll(async () => (await listWords(page)).map((word) => word.spanish).sort())
    .toEqual(['la mesa', 'perro']);
  await expectNoSeriousViolations(page);
});
