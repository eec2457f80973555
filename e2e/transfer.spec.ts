import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';
import { expectNoSeriousViolations } from './axe-violations';

/**
 * Exports, imports and backups (docs/product/transfer.md) from Settings → Данные, as the browser downloads
 * and chooses the files: one flow, since each step needs the words or the file of the one before. What the
 * files hold and how they are read is tests/integration/transfer.test.ts's, imports.test.ts's and
 * backup.test.ts's.
 */

const csvLines = (text: string) => text.trimEnd().split('\r\n');

async function openDataTab(page: Page) {
  await page.goto('/settings?tab=data');
  await expect(page.getByRole('tab', { name: 'Данные' })).toHaveAttribute('aria-selected', 'true');
}

test('CSV exports (all, searched, selected) and a backup download; the backup restores for another learner, who imports a mapped CSV', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2 + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'la gata / кошечка', 'la casa / дом']);
  await openDataTab(page);

  // The CSV export, followed as a job, downloads with every word.
  await page.getByRole('button', { name: 'Экспорт в CSV' }).click();
  const csvLink = page.getByRole('link', { name: /^Скачать palabra-words-\d{4}-\d{2}-\d{2}\.csv$/ });
  await expect(csvLink).toBeVisible();
  await expect(page.getByText('Готово: слов — 3,', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Файл доступен до /).first()).toBeVisible();
  const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(csv.suggestedFilename()).toMatch(/^palabra-words-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.startsWith('\uFEFFspanish,russian,example,')).toBe(true);
  const lines = csvLines(text);
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' / '))).toEqual([
    'el gato / кошка',
    'la gata / кошечка',
    'la casa / дом',
  ]);

  // The backup downloads too.
  await page.getByRole('button', { name: 'Скачать резервную копию (.zip)' }).click();
  const backupLink = page.getByRole('link', { name: /^Скачать palabra-backup-\d{4}-\d{2}-\d{2}\.zip$/ });
  await expect(backupLink).toBeVisible();
  await expectNoSeriousViolations(page);
  const [backup] = await Promise.all([page.waitForEvent('download'), backupLink.click()]);
  const bytes = readFileSync(await backup.path());

  // The dictionary exports the words its search shows, or the ones selected among them.
  // By the app's own link, not a page load.
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Словарь' })
    .click();
  await page.getByRole('searchbox').fill('gat');
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('button', { name: 'Экспорт в CSV: слов — 2' }).click();
  const [shown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Скачать palabra-words-/ }).click(),
  ]);
  expect(
    csvLines(readFileSync(await shown.path(), 'utf8'))
      .slice(1)
      .map((line) => line.split(',')[0]),
  ).toEqual(['el gato', 'la gata']);
  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Выбрать «la gata»' }).check();
  await page.getByRole('button', { name: 'Экспорт в CSV: слов — 1' }).click();
  await expect(page.getByText('Готово: слов — 1,', { exact: false })).toBeVisible();
  const [selected] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Скачать palabra-words-/ }).click(),
  ]);
  expect(
    csvLines(readFileSync(await selected.path(), 'utf8'))
      .slice(1)
      .map((line) => line.split(',')[0]),
  ).toEqual(['la gata']);

  // Another learner restores it, in place.
  await signInLearner(page, { openHome: false });
  await openDataTab(page);
  const fileInput = page.getByLabel('Файл CSV, колода Anki или резервная копия');
  await fileInput.setInputFiles({
    name: backup.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: bytes,
  });
  await expect(page.getByText(/^Резервная копия от .+: слов — 3, аудиокниг — 0/)).toBeVisible();
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText(/^Восстановлено: новых слов — 3, аудиокниг — 0, файлов — \d+$/)).toBeVisible({
    timeout: UPLOAD_TIMEOUT_MS,
  });

  // And imports a CSV whose first row names nothing known: the learner says it is a header, then maps it.
  const mapped = 'Col1;Col2;Col3\r\nсобака;el perro;El perro ladra.\r\nбегать;correr;Me gusta correr.\r\n';
  await fileInput.setInputFiles({
    name: 'mis palabras.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(mapped),
  });
  await expect(page.getByText('mis palabras.csv: строк — 3')).toBeVisible();
  const headerSwitch = page.getByRole('switch', { name: 'Первая строка — названия столбцов' });
  await expect(headerSwitch).not.toBeChecked();
  await headerSwitch.click();
  await expect(page.getByText('mis palabras.csv: строк — 2')).toBeVisible();
  const preview = page.getByRole('table', { name: 'Первые строки файла' });
  await expect(preview.getByRole('columnheader')).toHaveText(['Col1', 'Col2', 'Col3']);
  await expect(preview.getByRole('row').nth(1)).toContainText('el perro');
  await expectNoSeriousViolations(page);

  // The names suggest nothing: Spanish would be the first column. The learner maps them.
  const choose = async (field: string, column: string) => {
    await page.getByRole('combobox', { name: field, exact: true }).click();
    await page.getByRole('option', { name: column, exact: true }).click();
  };
  await choose('Испанский', 'Col2');
  await choose('Русский', 'Col1');
  await choose('Пример', 'Col3');
  await page.getByRole('button', { name: 'Импортировать: строк — 2' }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { name: 'Добавленные слова: 2' })).toBeVisible({
    timeout: UPLOAD_TIMEOUT_MS,
  });
  const words = (await (await page.request.get('/api/words')).json()) as {
    spanish: string;
    russian: string;
    example: string | null;
  }[];
  expect(words.map(({ spanish, russian, example }) => ({ spanish, russian, example }))).toEqual(
    expect.arrayContaining([
      { spanish: 'el gato', russian: 'кошка', example: null },
      { spanish: 'la gata', russian: 'кошечка', example: null },
      { spanish: 'la casa', russian: 'дом', example: null },
      { spanish: 'el perro', russian: 'собака', example: 'El perro ladra.' },
      { spanish: 'correr', russian: 'бегать', example: 'Me gusta correr.' },
    ]),
  );
  expect(words).toHaveLength(5);
});
