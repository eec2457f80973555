import { expect, type Locator, type Page } from '@playwright/test';
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
 * No screen scrolls sideways on a phone (390×844): every route, signed out and signed in with words and a
 * book, and every Settings tab. Each screen is measured once what it is for is on it, so a late part (a
 * word list, a book's sentence) is measured too.
 */

test.use({ viewport: { width: 390, height: 844 } });

const SETTINGS_TABS = ['interface', 'audio', 'images', 'api', 'data'] as const;

async function expectNoSidewaysScroll(page: Page, path: string, ready: Locator): Promise<void> {
  await page.goto(path);
  await expect(ready, path).toBeVisible();
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(width.page, `${path} is ${width.page} px wide`).toBeLessThanOrEqual(width.viewport);
}

test('signed out, no page scrolls sideways on a phone', async ({ page }) => {
  for (const path of ['/', '/login', '/register', '/auth-error']) {
    await expectNoSidewaysScroll(page, path, page.getByRole('heading', { level: 1 }));
  }
});

test('signed in with words and a book, no screen or Settings tab scrolls sideways on a phone', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 3);
  await signInLearner(page, { openHome: false });
  await addWords(page, [
    'perro / собака',
    'gato / кошка',
    'casa / дом',
    'libro / книга',
    'mesa / стол',
    'bosque / лес',
    'camino / дорога',
    'puerta / дверь',
  ]);
  await withLanguageModelKey(page);
  const bookId = await writeBook(page, ['adventure']);
  const heading = page.getByRole('heading', { level: 1 });

  await expectNoSidewaysScroll(page, '/', heading);
  await expectNoSidewaysScroll(page, '/upload', page.getByRole('button', { name: 'Выбрать файл' }));
  await expectNoSidewaysScroll(
    page,
    '/dashboard',
    page.getByRole('region', { name: 'Повторения по дням' }).getByTestId('activity-calendar'),
  );
  await expectNoSidewaysScroll(
    page,
    '/dictionary',
    page.getByRole('button', { name: /^Произнести «.*gato»$/ }).first(),
  );
  await expectNoSidewaysScroll(page, '/review', heading);
  await expectNoSidewaysScroll(page, '/audiobooks', page.getByTestId('audiobook-card').first());
  await expectNoSidewaysScroll(page, '/audio-test', heading);
  await expectNoSidewaysScroll(page, '/learn', page.getByTestId('learn-card-spanish'));
  await expectNoSidewaysScroll(page, `/audiobook/${bookId}`, page.getByTestId('player-spanish'));
  // The status bar wraps on a phone; the title stays below it.
  const bar = (await page.locator('header[aria-label="Состояние книги"]').boundingBox())!;
  const title = (await page.getByTestId('player-genre').boundingBox())!;
  expect(title.y).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5);
  await expectNoSidewaysScroll(page, '/no-such-page', heading);

  for (const tab of SETTINGS_TABS) {
    await expectNoSidewaysScroll(page, `/settings?tab=${tab}`, page.getByRole('tabpanel'));
  }
  // The data tab's file field is a button in the interface language, not the browser's "Choose File", and
  // the keyboard reaches it and opens the file chooser with it.
  const choose = page.getByRole('button', { name: 'Выбрать файл' });
  await expect(choose).toBeVisible();
  await expect(page.getByTestId('file-picker-name')).toHaveText('Файл не выбран');
  await expectNoSeriousViolations(page);
  await choose.focus();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
  await chooser.setFiles({ name: 'mis.csv', mimeType: 'text/csv', buffer: Buffer.from('perro;собака\r\n') });
  await expect(page.getByTestId('file-picker-name')).toHaveText('mis.csv');
});

test('in English too, no Settings tab or the upload screen scrolls sideways on a phone', async ({ page }) => {
  await signInLearner(page);
  await page.evaluate(() => localStorage.setItem('interfaceLanguage', 'en'));
  for (const tab of SETTINGS_TABS) {
    await expectNoSidewaysScroll(page, `/settings?tab=${tab}`, page.getByRole('tabpanel'));
  }
  await expectNoSidewaysScroll(page, '/upload', page.getByRole('button', { name: 'Choose a file' }));
  await expectNoSidewaysScroll(page, '/dashboard', page.getByTestId('activity-calendar').first());
});
