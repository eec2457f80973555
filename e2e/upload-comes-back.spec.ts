import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, signInLearner, test } from './support';

/**
 * The upload as the learner meets it: the stages it skips without a
 * language-model key, the pictures box that follows the `autoGenerateImages` setting, and the job panel
 * on a phone (docs/product/upload.md). The learners have no keys: built-in pictures and voices.
 */

const JOB_TIMEOUT_MS = 240_000;
const LONG_PASTE = Array.from({ length: 300 }, (_, index) => `palabra${index + 1} / слово${index + 1}`);

const jobPanel = (page: Page) => page.getByRole('region', { name: /^Обработка слов:/ });
const monitor = (page: Page) => page.getByRole('region', { name: 'Мониторинг этапов' });

async function openUpload(page: Page, timeout?: number) {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Загрузка слов' })).toBeVisible({ timeout });
}

async function paste(page: Page, lines: readonly string[]) {
  await page.getByLabel('Пары слов, по одной на строку').fill(lines.join('\n'));
  const [request] = await Promise.all([
    page.waitForRequest(
      (sent) => sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/words/process-batch',
    ),
    page.getByRole('button', { name: 'Загрузить слова' }).click(),
  ]);
  return request.postDataJSON() as { generateImages?: boolean };
}

test('without a language-model key, its stages say why they were skipped and link to Settings › API', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await signInLearner(page);
  await openUpload(page);
  await paste(page, ['perro / собака', 'gato / кошка', 'caminar']);
  await expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });

  const skipped = monitor(page).getByText('Пропущено: нужен ключ OpenAI или совместимый сервер');
  // Base translation (caminar has none: it is kept without one), analysis, examples, tags and themes.
  await expect(skipped).toHaveCount(5);
  for (const stage of ['analysis', 'examples', 'tags', 'themes']) {
    await expect(monitor(page).locator(`[data-stage="${stage}"]`)).not.toContainText('Готово');
  }
  // Parts of speech (the local rules') read in the interface language.
  const added = page.getByRole('region', { name: 'Добавленные слова: 3' });
  await expect(added.getByText('перевод не указан', { exact: true })).toHaveCount(1);
  await expect(added.getByText('существительное', { exact: true })).toHaveCount(2);
  await expect(added.getByText('noun', { exact: true })).toHaveCount(0);
  // No key: the built-in voice records the clips after the upload, and the report follows it to the end.
  const clips = page.getByRole('region', { name: 'Озвучка встроенным голосом' });
  await expect(clips.getByRole('status')).toHaveText(
    /Озвучка ждёт своей очереди|Записываем озвучку|Все слова озвучены/,
  );
  await expect(clips.getByRole('status')).toHaveText('Все слова озвучены.', { timeout: JOB_TIMEOUT_MS });
  await expectNoSeriousViolations(page);

  const link = monitor(page).getByRole('link', { name: 'Настройки › API' }).first();
  await expect(link).toHaveAttribute('href', '/settings?tab=api');
  await link.click();
  await expect(page.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true');
});

test('with autoGenerateImages saved off, the pictures box starts unticked and the words come without pictures', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await signInLearner(page);
  expect((await page.request.put('/api/settings', { data: { autoGenerateImages: false } })).ok()).toBe(true);
  await openUpload(page);
  const box = page.getByRole('checkbox', { name: 'Создавать картинки' });
  await expect(box).not.toBeChecked();

  expect(await paste(page, ['luna / луна', 'sol / солнце'])).toMatchObject({ generateImages: false });
  await expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });
  await expect(monitor(page).locator('[data-stage="images"]')).toContainText(
    'Пропущено: картинки для этой загрузки выключены',
  );
  const words = (await (await page.request.get('/api/words')).json()) as Array<{
    spanish: string;
    imageUrl: string | null;
    isActive: boolean;
  }>;
  expect(words.map(({ spanish, imageUrl, isActive }) => ({ spanish, imageUrl, isActive }))).toEqual(
    expect.arrayContaining([
      { spanish: 'la luna', imageUrl: null, isActive: true },
      { spanish: 'el sol', imageUrl: null, isActive: true },
    ]),
  );

  // Ticked for one upload, the next words get pictures all the same.
  await jobPanel(page).getByRole('button', { name: 'Закрыть' }).click();
  await box.check();
  expect(await paste(page, ['mar / море'])).toMatchObject({ generateImages: true });
  await expect(jobPanel(page).getByRole('heading')).toContainText('Обработка завершена', {
    timeout: JOB_TIMEOUT_MS,
  });
  const mar = (
    (await (await page.request.get('/api/words')).json()) as Array<{
      spanish: string;
      imageUrl: string | null;
    }>
  ).find((word) => /^(el |la )?mar$/.test(word.spanish));
  expect(mar?.imageUrl).toMatch(/^\/media\//);
});

test('on a 390 px phone the job panel covers neither the text box nor its button', async ({ page }) => {
  test.setTimeout(JOB_TIMEOUT_MS);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInLearner(page);
  await openUpload(page);
  await paste(page, LONG_PASTE.slice(0, 40));
  const panel = jobPanel(page);
  await expect(panel).toBeVisible();

  const overlaps = (a: DOMRectLike, b: DOMRectLike) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const textbox = page.getByLabel('Пары слов, по одной на строку');
  const submit = page.getByRole('button', { name: /^(Загрузить слова|Обработка\.\.\.)$/ });
  // Wherever the learner scrolls: each of them at the top, the middle and the bottom of the screen.
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
  await expect(panel.getByRole('heading')).toContainText(/Обработка (завершена|отменена)/, {
    timeout: JOB_TIMEOUT_MS,
  });
});

interface DOMRectLike {
  x: number;
  y: number;
  width: number;
  height: number;
}
