import { expect, type Page } from '@playwright/test';
import { signInLearner, test } from './support';
import { expectNoSeriousViolations } from './axe-violations';
import { mainOverflow } from './screen-checks';

/**
 * The upload screen against the built app, its server and socket, and the fake providers of
 * playwright.config.ts, on a phone: what only a browser shows. The learner has no keys, so pictures and
 * voices are the built-in ones and language-model steps are skipped. What the screen shows for given
 * answers and what it sends are client tests' (tests/unit/client/upload-form-sending.test.tsx,
 * upload-report-shown.test.tsx, upload-reload.test.tsx); what the server does with each line,
 * tests/integration/uploads.test.ts's and upload-current-and-stages.test.ts's.
 */

/** Every documented format, emoji, repeats by case and by article, and one Cyrillic-only line. */
const PASTED_LINES = [
  '🏠 casa / дом',
  '🐶 el perro / собака',
  '📚 libro | книга',
  'gato - кот',
  'buenos días\tдоброе утро',
  'por favor   пожалуйста',
  'casa / дом',
  'perro / пёс',
  'Libro | книжка',
  'только кириллица',
  '🌙 luna / луна',
];
const FILE_LINES = ['tigre / тигр', 'lobo | волк', 'zorro\tлиса'];
/**
 * Each Spanish word once, as the duplicate key sees it (docs/product/upload.md#duplicate-key: lower case, no
 * article).
 */
const EXPECTED_KEYS = [
  'casa',
  'perro',
  'libro',
  'gato',
  'buenos días',
  'por favor',
  'luna',
  'tigre',
  'lobo',
  'zorro',
];

/** Enrichment with built-in pictures and voices takes a while on a small machine. */
const JOB_TIMEOUT_MS = 240_000;

const wordKey = (spanish: string) =>
  spanish
    .normalize('NFC')
    .toLowerCase()
    .trim()
    .replace(/^(?:el|la|los|las|un|una|unos|unas|lo)\s+/u, '');

const jobPanel = (page: Page) => page.getByRole('region', { name: /^Обработка слов:/ });
const ended = (page: Page) =>
  expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('on a phone a .txt file and a paste reach the server, each word once; the report fits and passes axe', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInLearner(page, { openHome: false });
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка слов' })).toBeVisible();

  // A file chosen through the browser's file input, sent as multipart.
  await page.getByLabel('Текстовый файл (.txt)').setInputFiles({
    name: 'palabras.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${FILE_LINES.join('\n')}\n`, 'utf8'),
  });
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) =>
        answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/api/words/upload',
    ),
    page.getByRole('button', { name: 'Загрузить файл' }).click(),
  ]);
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ processed: FILE_LINES.length });

  // On a phone the job panel sits in the page: it covers neither the text box nor its button, wherever the
  // learner scrolls them (docs/product/upload.md#upload-screen).
  const panel = jobPanel(page);
  await expect(panel).toBeVisible();
  const textbox = page.getByLabel('Пары слов, по одной на строку');
  const submit = page.getByRole('button', { name: /^(Загрузить слова|Обработка\.\.\.)$/ });
  for (const target of [textbox, submit]) {
    for (const block of ['start', 'center', 'end'] as const) {
      await target.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
      const [panelBox, textBox, buttonBox] = await Promise.all(
        [panel, textbox, submit].map((locator) => locator.boundingBox()),
      );
      expect(panelBox && textBox && buttonBox).toBeTruthy();
      expect(overlaps(panelBox!, textBox!), `text box, scrolled to its ${block}`).toBe(false);
      expect(overlaps(panelBox!, buttonBox!), `button, scrolled to its ${block}`).toBe(false);
    }
  }
  await ended(page);
  await expect(page.getByRole('heading', { name: `Добавленные слова: ${FILE_LINES.length}` })).toBeVisible();
  await panel.getByRole('button', { name: 'Закрыть' }).click();
  await expect(panel).toHaveCount(0);

  // A paste in every format: the built client strips the emoji, the server reads each line, each word once.
  await textbox.fill(PASTED_LINES.join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  await ended(page);
  const words = (await (await page.request.get('/api/words')).json()) as {
    spanish: string;
    russian: string;
  }[];
  expect(words.map((word) => wordKey(word.spanish)).sort()).toEqual([...EXPECTED_KEYS].sort());
  expect(words.find((word) => wordKey(word.spanish) === 'casa')?.russian).toBe('дом');
  await expect(page.getByRole('heading', { name: 'Пропущенные дубликаты: 3' })).toBeVisible();
  await expect(textbox).toHaveValue('только кириллица');

  // The finished upload's report comes before the stage table.
  const reportTop = (await page.getByRole('heading', { name: /^Добавленные слова: / }).boundingBox())!.y;
  const stagesTop = (await page.getByRole('region', { name: 'Мониторинг этапов' }).boundingBox())!.y;
  expect(reportTop).toBeLessThan(stagesTop);

  // One scan of the fullest state: panel, skipped stages with their link, words with their fills, duplicates,
  // errors, the lines back in the box, and a file refused before sending.
  await page.getByLabel('Текстовый файл (.txt)').setInputFiles({
    name: 'huge.txt',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(1024 * 1024 + 1, 'a'),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'Файл «huge.txt» больше 1 МБ' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^Заполнено приложением: / }).first()).toBeVisible();
  await expectNoSeriousViolations(page);

  // The screen's own content, report and tables included, fits a 375 px phone (the navigation bar above it
  // is the shell's business).
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await mainOverflow(page)).toBeLessThanOrEqual(0);
});
