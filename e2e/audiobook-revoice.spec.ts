import { expect } from '@playwright/test';
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
 * 'Переозвучить книгу' (docs/product/audiobooks.md#clips-and-the-learners-settings) in the built app against
 * the fake providers: a book whose first Spanish clips a paid voice made during creation, the learner's
 * speed changed afterwards; the player's menu shows how many clips the provider would voice again, and
 * nothing is voiced again until the learner confirms.
 */

interface Sentence {
  audioData: string | null;
}

test('re-voicing a book after a change of speed shows the paid clips and voices them again once confirmed', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['perro / собака', 'gato / кошка', 'casa / дом', 'libro / книга']);
  // The OpenAI key writes the story and, its voices being listed first, speaks the first Spanish clips.
  await withLanguageModelKey(page);
  const bookId = await writeBook(page, ['adventure']);
  const sentencesOf = async () =>
    (await (await page.request.get(`/api/audiobooks/${bookId}/sentences`)).json()) as Sentence[];
  const made = (await sentencesOf()).filter((sentence) => sentence.audioData !== null);
  expect(made.length).toBeGreaterThan(0);
  expect((await page.request.put('/api/settings', { data: { speechSpeed: 1.2 } })).ok()).toBe(true);

  await page.goto(`/audiobook/${bookId}`);
  await expect(page.getByTestId('player-spanish')).toBeVisible();
  await page.getByRole('button', { name: 'Меню' }).click();
  await page.getByRole('menuitem', { name: 'Переозвучить книгу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Переозвучить книгу' });
  await expect(dialog.getByTestId('revoice-counts')).toContainText(
    `Озвучит заново ваш провайдер (платно): ${made.length}`,
  );
  await expect(dialog.getByTestId('revoice-counts')).toContainText(
    'Встроенный голос озвучит заново бесплатно: 0',
  );
  await expectNoSeriousViolations(page);
  // Until the learner confirms, the book keeps the clips it has.
  expect(await page.request.get(`/api/audiobooks/${bookId}/revoice`).then((r) => r.json())).toEqual({
    paidClips: made.length,
    freeClips: 0,
  });

  await dialog.getByRole('button', { name: 'Переозвучить', exact: true }).click();
  await expect(page.getByText(`Клипов озвучено заново: ${made.length}`).first()).toBeVisible();
  await expect(dialog.getByTestId('revoice-counts')).toHaveText(
    'Все клипы книги уже озвучены текущими настройками.',
  );
  await expect(dialog.getByRole('button', { name: 'Переозвучить', exact: true })).toBeDisabled();
  expect(await page.request.get(`/api/audiobooks/${bookId}/revoice`).then((r) => r.json())).toEqual({
    paidClips: 0,
    freeClips: 0,
  });
  await dialog.getByRole('button', { name: 'Отмена' }).click();
  await expect(dialog).toHaveCount(0);
});
