import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { addWords, expectNoSeriousViolations, signInLearner, UPLOAD_TIMEOUT_MS } from './support';

/** Exports (docs/product/transfer.md) from Settings → Данные, downloaded as the browser saves them. */

test('Settings → Данные exports the words to CSV, followed as a job, and the file downloads with every word', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page);
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
  await signInLearner(page);
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
