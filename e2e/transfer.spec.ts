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
