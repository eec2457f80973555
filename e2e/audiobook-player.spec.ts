import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSeriousViolationsIn } from './axe-violations';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, withLanguageModelKey, writeBook, test } from './support';

/**
 * The audiobook player's pictures (docs/product/audiobooks.md#player, #illustration-series, #style-previews)
 * in the built app against the fake providers: a failed read asked for again, the series dialogs under axe,
 * the previews and a sample loaded by the browser, and a series drawn, followed over the socket, shown and
 * left. What each screen shows for given answers (a read that fails, a book not found, the no-key reason,
 * re-voicing, the series dialogs' rules and the picker) is tests/unit/client/audiobook-player-screen.test.tsx;
 * play-all heard in order is e2e/audiobooks.spec.ts; the server's side is
 * tests/integration/audiobook-player.test.ts, audiobook-series-pictures.test.ts and clip-settings.test.ts.
 */

// Few words: the server voices every added word with the built-in voices, and a story needs only some.
const WORDS = ['perro / собака', 'gato / кошка', 'casa / дом', 'libro / книга'];

/** A learner with words, the fake OpenAI key, and a finished book written through the API. */
async function learnerWithBook(page: Page, genres: string[]) {
  await signInLearner(page, { openHome: false });
  await addWords(page, WORDS);
  await withLanguageModelKey(page);
  const bookId = await writeBook(page, genres);
  const sentences = (await (await page.request.get(`/api/audiobooks/${bookId}/sentences`)).json()) as {
    spanish: string;
  }[];
  return { bookId, sentences };
}

test('a book unread for want of a connection is asked for again; the AI dialog shows the built-in previews and a sample, and starts a series by the stand-in, watched filling, shown and left', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  // A learner with the language-model key (OpenAI) and no Leonardo key.
  const { bookId, sentences } = await learnerWithBook(page, ['fairy_tale', 'adventure']);
  const isBookRead = (url: URL) => url.pathname === `/api/audiobooks/${bookId}`;
  await page.route(isBookRead, (route) => route.abort('internetdisconnected'));
  // The read is asked again three times, 1 s apart (their count and pace: the RTL test named above): the
  // page's clock is moved on through those pauses rather than waited out.
  await page.clock.install();
  await page.goto(`/audiobook/${bookId}`);
  const failed = page.getByRole('heading', { level: 1, name: 'Не удалось загрузить аудиокнигу' });
  await expect(async () => {
    await page.clock.runFor(1000);
    await expect(failed).toBeVisible({ timeout: 100 });
  }).toPass();
  await expectNoSeriousViolations(page);

  // The connection is back: «Повторить» asks again and the book plays.
  await page.unroute(isBookRead);
  await page.getByRole('button', { name: 'Повторить' }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  const background = page.getByTestId('player-background');
  const originalPicture = await background.getAttribute('src');

  // The new-series dialog as rendered, a style chosen in the list (its rules: the RTL test named above).
  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitem', { name: 'Создать новую серию' }).click();
  const newSeries = page.getByRole('dialog', { name: 'Создать новую серию иллюстраций' });
  await newSeries.getByRole('button', { name: 'Список' }).click();
  await newSeries.getByRole('radio', { name: 'Акварель' }).click();
  await newSeries.getByRole('button', { name: /Встроенные картинки/ }).click();
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(newSeries).toHaveCount(0);

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitem', { name: 'Генерация изображений с ИИ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Генерация изображений с ИИ' });
  // The five built-in previews the server drew, each loaded by the browser.
  const pictures = dialog.getByTestId('style-picture');
  await expect(pictures).toHaveCount(5);
  for (const picture of await pictures.all()) {
    await expect(picture).toHaveAttribute('data-kind', 'preview');
    await expect(picture).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}\.webp/);
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
  // Leonardo chosen without its key: the dialog names the stand-in and where the key goes.
  await dialog.getByRole('button', { name: /^Leonardo/ }).click();
  await expect(dialog.getByTestId('drawing-provider')).toHaveText(
    'Рисует: OpenAI/DALL-E (вместо Leonardo: нет ключа)',
  );
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');

  // A sample, drawn by the stand-in only when asked, shown in its tile.
  const watercolor = dialog.getByRole('group', { name: 'Акварель' });
  await watercolor.getByRole('button', { name: 'Показать пример: Акварель' }).click();
  await expect(watercolor.getByTestId('style-picture')).toHaveAttribute('data-kind', 'sample');
  await expect
    .poll(() =>
      watercolor.getByTestId('style-picture').evaluate((image: HTMLImageElement) => image.naturalWidth),
    )
    .toBeGreaterThan(0);

  // Choosing the style draws the series by the stand-in.
  await watercolor.getByRole('button', { name: 'Акварель', exact: true }).click();
  await expect(
    page.getByText('Запущена генерация серии в стиле "Акварель"! Процесс займет несколько минут.').first(),
  ).toBeVisible();
  const made = (await (await page.request.get(`/api/audiobooks/${bookId}/image-series`)).json()) as {
    id: number;
    serviceProvider: string;
    imageStyle: string;
  }[];
  expect(made).toEqual([expect.objectContaining({ serviceProvider: 'openai', imageStyle: '3' })]);

  // The picker shows the series filling, then ready: the job followed over the socket.
  const series = page.getByTestId('series-option');
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
    await expect(series).toHaveCount(1);
    await expect(series.first()).toContainText('готова', { timeout: 1000 });
  }).toPass({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(series.first()).toContainText('Акварель');
  await expectNoSeriousViolations(page);

  const selectedSeries = async () =>
    (
      (await (await page.request.get(`/api/audiobooks/${bookId}`)).json()) as {
        selectedImageSeriesId: number | null;
      }
    ).selectedImageSeriesId;
  await series.first().click();
  await expect(background).not.toHaveAttribute('src', originalPicture ?? '');
  const seriesPicture = await background.getAttribute('src');
  await expect.poll(selectedSeries).toBe(made[0]!.id);

  await page.getByRole('button', { name: 'Серии иллюстраций' }).click();
  await page.getByRole('menuitemradio', { name: 'Оригинальные изображения' }).click();
  await expect(background).not.toHaveAttribute('src', seriesPicture ?? '');
  await expect.poll(selectedSeries).toBeNull();
});
