import { expect, type Page } from '@playwright/test';
import { expectNoSeriousViolations, expectNoSeriousViolationsIn } from './axe-violations';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, withLanguageModelKey, test } from './support';

/**
 * An audiobook from its creation to its deletion (docs/product/audiobooks.md#creation, #player, #playback,
 * #library) in the built app against the fake providers, one book for every step: written through the
 * dialog with its steps followed live over the socket, heard in play-all in order (observed by recording
 * every `play()` of an audio element with the clip it plays), its place kept across a reload, then listed
 * and deleted, each screen under axe. What each screen shows for given answers (filters, rename, delete, the
 * genre manager, the no-key reasons, the dialog's defaults and request, the player's menu and re-voicing) is
 * tests/unit/client/audiobooks-library-screen.test.tsx, audiobooks-creation-dialog.test.tsx and
 * audiobook-player-screen.test.tsx; the server's side is tests/integration/audiobook-library.test.ts,
 * audiobook-creation.test.ts, audiobook-player.test.ts and clip-settings.test.ts.
 */

declare global {
  interface Window {
    playedClips: string[];
  }
}

// Few words: the server voices every added word with the built-in voices, and a story needs only some.
const WORDS = ['perro / собака', 'gato / кошка', 'casa / дом', 'libro / книга'];

interface Sentence {
  spanish: string;
  russian: string;
  audioData: string | null;
  secondVoiceAudioData: string | null;
  russianAudioData: string | null;
  imageData: string | null;
  listenCount: number;
}

const cards = (page: Page) => page.getByTestId('audiobook-card');
const pathOf = (source: string | null) => (source ? new URL(source, 'http://x').pathname : null);

async function recordPlayedClips(page: Page) {
  await page.addInitScript(() => {
    window.playedClips = [];
    const { play } = HTMLMediaElement.prototype as { play: (this: HTMLMediaElement) => Promise<void> };
    HTMLMediaElement.prototype.play = function recordedPlay(this: HTMLMediaElement) {
      window.playedClips.push(new URL(this.src, window.location.href).pathname);
      return play.call(this);
    };
  });
}

test('a book written through the dialog, its steps followed live, is heard in order, keeps its place, and is listed and deleted; each screen passes axe', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await recordPlayedClips(page);
  await signInLearner(page, { openHome: false });
  // The fastest speech a learner can choose: play-all is heard in real time. Without autoplay, moving in
  // the book only moves (with it, a sentence would read on to the next).
  expect(
    (await page.request.put('/api/settings', { data: { speechSpeed: 1.2, autoplayAudio: false } })).ok(),
  ).toBe(true);
  await addWords(page, WORDS);

  // Without a language model: the empty library with its create button disabled, as rendered. The
  // maintenance menu's disabled items and their reasons are the RTL test's; a menu of the same kind is
  // scanned open in e2e/accessibility.spec.ts.
  await page.goto('/audiobooks');
  await expect(page.getByText('Нет аудиокниг')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Создать аудиокнигу' })).toBeDisabled();
  await expectNoSeriousViolations(page);

  await withLanguageModelKey(page);
  await page.reload();
  await page.getByRole('button', { name: 'Создать аудиокнигу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая аудиокнига' });
  // The form with a genre chosen and the shortest story (the toast asking for a genre, the defaults and the
  // request sent: the RTL test's). A short story is fewer sentences to draw and voice.
  await dialog.getByRole('button', { name: 'Приключения' }).click();
  await dialog.getByRole('slider', { name: /^Количество слов/ }).press('Home');
  await expect(dialog.getByRole('slider', { name: /^Количество слов/ })).toHaveValue('100');
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Создать', exact: true }).click();

  // The real job, followed over the socket: every step done, then the book.
  await expect(dialog.getByRole('list', { name: 'Шаги создания' }).getByRole('listitem')).toHaveCount(8);
  await expect(dialog.getByText('Завершено!')).toBeVisible({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(dialog.getByTestId('creation-steps-done')).toHaveText('Выполнено шагов: 8 из 8');
  // The counters are the job's own (a story of 100 words is written in one chapter or more).
  await expect(dialog.getByTestId('counter-chaptersGenerated')).toHaveText(/^[1-9]\d*$/);
  await expect(page).toHaveURL(/\/audiobook\/\d+$/);
  const bookId = Number(new URL(page.url()).pathname.split('/').at(-1));
  const bookPath = `/api/audiobooks/${bookId}`;
  const sentencesOf = async () =>
    (await (await page.request.get(`${bookPath}/sentences`)).json()) as Sentence[];
  // The dialog asked for a picture on every sentence, and every sentence got one.
  const book = (await (await page.request.get(bookPath)).json()) as {
    imageStep: number;
    actualWordCountSpanish: number;
  };
  expect(book.imageStep).toBe(1);
  const sentences = await sentencesOf();
  expect(sentences.length).toBeGreaterThanOrEqual(4);
  expect(sentences.filter((sentence) => sentence.imageData === null)).toEqual([]);
  expect(book.actualWordCountSpanish).toBeGreaterThan(0);
  await expect(page.getByTestId('player-word-count')).toHaveText(
    `Испанских слов в тексте: ${book.actualWordCountSpanish}`,
  );

  // Two sentences before the end, by the position slider's keys: play-all (one loop) then plays exactly
  // those two, which shows the order within a sentence and from one sentence to the next.
  const lastTwo = sentences.slice(-2);
  const slider = page.getByRole('slider', { name: 'Положение в книге' });
  await slider.focus();
  await slider.press('End');
  await slider.press('ArrowLeft');
  await expect(page.getByTestId('player-spanish')).toHaveText(lastTwo[0]!.spanish);
  await expect(page.getByTestId('player-russian')).toHaveText(lastTwo[0]!.russian);

  // Bilingual audiobook mode from the menu, saved on the server: the Russian voice plays between the two
  // Spanish ones.
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Включить двуязычный режим' }).click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/settings')).json()) as { bilingualPlaybackAudiobook: boolean })
          .bilingualPlaybackAudiobook,
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Воспроизвести все' }).click();
  await expect(page.getByRole('button', { name: 'Остановить', exact: true })).toBeVisible();
  // The end of the book: play-all stops by itself on the last sentence.
  await expect(page.getByRole('button', { name: 'Воспроизвести все' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('player-spanish')).toHaveText(lastTwo[1]!.spanish);

  // Every clip the server made on demand is now kept on its sentence: the order heard is theirs.
  const kept = (await sentencesOf()).slice(-2);
  const expected = kept.flatMap((sentence) =>
    [sentence.audioData, sentence.russianAudioData, sentence.secondVoiceAudioData].map(pathOf),
  );
  expect(expected.every((clip) => clip !== null)).toBe(true);
  expect(await page.evaluate(() => window.playedClips)).toEqual(expected);
  // Each sentence played through counted one listen.
  expect(kept.map((sentence) => sentence.listenCount)).toEqual([1, 1]);

  const savedPosition = async () =>
    ((await (await page.request.get(`${bookPath}/position`)).json()) as { position: number }).position;
  await expect.poll(savedPosition).toBe(sentences.length - 1);
  await page.getByRole('button', { name: 'Предыдущее предложение' }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(lastTwo[0]!.spanish);
  await expect.poll(savedPosition).toBe(sentences.length - 2);
  await page.reload();
  await expect(page.getByTestId('player-spanish')).toHaveText(lastTwo[0]!.spanish);

  // The transcript: the sentence shown is highlighted; tapping another jumps there and plays it. One axe
  // scan of the player with its transcript open, which leaves the rest of the player in view.
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Показать весь текст' }).click();
  const transcript = page.getByRole('region', { name: 'Текст книги' });
  await expect(transcript.locator('[aria-current="true"]')).toContainText(lastTwo[0]!.spanish);
  const heardBefore = (await page.evaluate(() => window.playedClips)).length;
  await transcript.getByRole('button', { name: sentences[0]!.spanish }).click();
  await expect(page.getByTestId('player-spanish')).toHaveText(sentences[0]!.spanish);
  await expect(transcript.locator('[aria-current="true"]')).toContainText(sentences[0]!.spanish);
  await expect
    .poll(async () => (await page.evaluate(() => window.playedClips)).slice(heardBefore, heardBefore + 1))
    .toEqual([pathOf((await sentencesOf())[0]!.audioData)]);
  await expectNoSeriousViolations(page);

  // The re-voicing dialog as rendered (its counts and job: the RTL test named above).
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Переозвучить книгу' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Переозвучить книгу' }).getByTestId('revoice-counts'),
  ).toBeVisible();
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');

  // The library with the book, its cover and word count; the genre manager; the delete confirmation.
  await page.goto('/audiobooks');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByTestId('audiobook-word-count')).toHaveText(
    String(book.actualWordCountSpanish),
  );
  await expect(cards(page).locator('img')).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Жанры' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Жанры' })
      .getByRole('list', { name: 'Ваши жанры' })
      .getByRole('listitem'),
  ).toHaveCount(12);
  await expectNoSeriousViolationsIn(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await cards(page).getByRole('button', { name: 'Удалить аудиокнигу' }).click();
  // The confirmation is the shared alert dialog, scanned open in e2e/dictionary.spec.ts.
  const confirm = page.getByRole('alertdialog', { name: 'Удалить аудиокнигу?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByText('Аудиокнига удалена').first()).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect((await page.request.get(bookPath)).status()).toBe(404);
});
