import { expect, type Page, type Response } from '@playwright/test';
import { addWords, listWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/**
 * Pictures at the width of their place (docs/product/media.md#picture-variants) and the word card's
 * picture, which opens full screen only with `fullscreenImage` on (docs/product/dictionary.md#word-card).
 */

const wordList = (page: Page) => page.getByRole('list', { name: 'Слова' });

test('the list loads thumbnails under 4 KB; the card picture opens full screen only with fullscreenImage on', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 60_000);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['el gato / кошка'], { generateImages: true });
  const [word] = await listWords(page);
  const picture = word?.imageUrl ?? '';
  expect(picture).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);

  const mediaAnswers: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/media/')) mediaAnswers.push(response);
  });
  await page.goto('/dictionary');
  const thumbnail = wordList(page).locator('img');
  // lowQualityImages is on by default: the 56 px slot takes the 64 px variant.
  await expect(thumbnail).toHaveAttribute('src', `${picture}?w=64`);
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  // The list never loads the whole picture, only the thumbnail, and that is under 4 KB.
  expect(mediaAnswers.map((response) => new URL(response.url()).search)).toEqual(['?w=64']);
  const thumbnailBytes = await mediaAnswers[0]!.body();
  expect(thumbnailBytes.length).toBeLessThanOrEqual(4096);
  expect(mediaAnswers[0]!.headers()['content-type']).toBe('image/webp');

  // fullscreenImage off (the default): the card shows its picture, and nothing opens it full screen.
  await page.getByRole('button', { name: 'Карточка слова «el gato»' }).click();
  const card = page.getByRole('dialog', { name: 'el gato' });
  const cardPicture = card.getByTestId('word-card-picture');
  await expect(cardPicture.getByRole('img', { name: 'Изображение к слову «el gato»' })).toHaveAttribute(
    'src',
    `${picture}?w=384`,
  );
  await expect(card.getByRole('button', { name: 'Открыть изображение «el gato» на весь экран' })).toHaveCount(
    0,
  );
  await cardPicture.locator('img').click();
  // By role, an open viewer would hide the card from the tree; the elements themselves are counted.
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const saved = await page.request.put('/api/settings', { data: { fullscreenImage: true } });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Карточка слова «el gato»' }).click();
  await card.getByRole('button', { name: 'Открыть изображение «el gato» на весь экран' }).click();
  await expect(page.locator('[role="dialog"]')).toHaveCount(2);
  // The viewer asks for the screen's width (Playwright's 1280×720 screen at density 1: 1280 → 1536,
  // wider than the 1024 px picture, which the server then serves as it is).
  const fullPicture = page
    .getByRole('dialog', { name: 'el gato' })
    .getByRole('img', { name: 'Изображение к слову «el gato»' });
  await expect(fullPicture).toHaveAttribute('src', `${picture}?w=1536`);
  await expect.poll(() => fullPicture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1024);
  await page.keyboard.press('Escape');
  await expect(page.locator('[role="dialog"]')).toHaveCount(1);
});
