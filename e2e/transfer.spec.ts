import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { addWords, expectNoSeriousViolations, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/** Exports (docs/product/transfer.md) from Settings → Данные, downloaded as the browser saves them. */

test('Settings → Данные exports the words to CSV, followed as a job, and the file downloads with every word', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'la casa / дом', 'cantar / петь']);

  await page.goto('/settings?tab=data');
  await expect(page.getByRole('tab', { name: 'Данные' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Экспорт в CSV' }).click();
  const link = page.getByRole('link', { name: /^Скачать palabra-words-\d{4}-\d{2}-\d{2}\.csv$/ });
  await expect(link).toBeVisible();
  await expect(page.getByText('Готово: слов — 3,', { exact: false })).toBeVisible();
  await expect(page.getByText(/^Файл доступен до /)).toBeVisible();
  await expectNoSeriousViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^palabra-words-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.startsWith('\uFEFFspanish,russian,example,')).toBe(true);
  const lines = text.trimEnd().split('\r\n');
  expect(lines).toHaveLength(4);
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' / '))).toEqual([
    'el gato / кошка',
    'la casa / дом',
    'cantar / петь',
  ]);
});

test('the dictionary exports the words its search shows, or the ones selected', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'la gata / кошечка', 'la casa / дом']);

  await page.goto('/dictionary');
  await page.getByRole('searchbox').fill('gat');
  await page.getByRole('searchbox').press('Enter');
  const exportButton = page.getByRole('button', { name: 'Экспорт в CSV: слов — 2' });
  await expect(exportButton).toBeVisible();
  await exportButton.click();
  const link = page.getByRole('link', { name: /^Скачать palabra-words-/ });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['el gato', 'la gata']);
  await expectNoSeriousViolations(page);

  // In select mode, the words selected among those shown.
  await page.getByRole('button', { name: 'Выбрать', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Выбрать «la gata»' }).check();
  await page.getByRole('button', { name: 'Экспорт в CSV: слов — 1' }).click();
  const selectedLink = page.getByRole('link', { name: /^Скачать palabra-words-/ });
  await expect(page.getByText('Готово: слов — 1,', { exact: false })).toBeVisible();
  const [selected] = await Promise.all([page.waitForEvent('download'), selectedLink.click()]);
  const selectedLines = readFileSync(await selected.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(selectedLines.slice(1).map((line) => line.split(',')[0])).toEqual(['la gata']);
});

test('a CSV is imported with the learner’s column mapping, and the upload screen reports it', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=data');
  const csv = 'Col1;Col2;Col3\r\nсобака;el perro;El perro ladra.\r\nпеть;cantar;Me gusta cantar.\r\n';
  await page
    .getByLabel('Файл CSV, колода Anki или резервная копия')
    .setInputFiles({ name: 'mis palabras.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // Nothing in the first row names a known column: the learner says it is a header.
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
  await page.goto('/dictionary');
  await expect(page.getByText('cantar', { exact: true })).toBeVisible();
  await expect(page.getByText('собака', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Карточка слова «el perro»' }).click();
  await expect(page.getByText('El perro ladra.')).toBeVisible();
});

test('a backup downloaded by one learner is restored by another, in place', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2 + 30_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка', 'la casa / дом']);
  await page.goto('/settings?tab=data');
  await page.getByRole('button', { name: 'Скачать резервную копию (.zip)' }).click();
  const link = page.getByRole('link', { name: /^Скачать palabra-backup-\d{4}-\d{2}-\d{2}\.zip$/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = readFileSync(await download.path());

  await signInLearner(page, { openHome: false });
  await page.goto('/settings?tab=data');
  await page
    .getByLabel('Файл CSV, колода Anki или резервная копия')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/zip', buffer: bytes });
  await expect(page.getByText(/^Резервная копия от .+: слов — 2, аудиокниг — 0/)).toBeVisible();
  await page.getByRole('button', { name: 'Восстановить' }).click();
  await expect(page.getByText(/^Восстановлено: новых слов — 2, аудиокниг — 0, файлов — \d+$/)).toBeVisible({
    timeout: UPLOAD_TIMEOUT_MS,
  });
  await expectNoSeriousViolations(page);
  await page.goto('/dictionary');
  await expect(page.getByText('el gato', { exact: true })).toBeVisible();
  await expect(page.getByText('дом', { exact: true })).toBeVisible();
});
