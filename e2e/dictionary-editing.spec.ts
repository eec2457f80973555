import { expect, type Page } from '@playwright/test';
import {
  addWords,
  expectNoSeriousViolations,
  listWords,
  signInLearner,
  UPLOAD_TIMEOUT_MS,
  test,
} from './support';

/**
 * Editing a word from its card, the search that ignores accents, the card and filters without a language
 * model, the duplicate report's new translation and edit link, and the dictionary's filters on a phone
 * (docs/product/dictionary.md#word-editing, docs/product/upload.md#new-translation).
 */

async function openDictionary(page: Page, path = '/dictionary') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
}

const wordList = (page: Page) => page.getByRole('list', { name: 'Слова' });
const shownSpanish = (page: Page) => wordList(page).locator('[data-field="spanish"]');
const openCard = (page: Page, spanish: string) =>
  page.getByRole('button', { name: `Карточка слова «${spanish}»` }).click();

interface ClipsOfWord {
  id: number;
  spanish: string;
  russian: string;
  audioData: string | null;
}
const wordNamed = async (page: Page, spanish: string) =>
  ((await listWords(page)) as unknown as ClipsOfWord[]).find((word) => word.spanish === spanish);

test('a word is edited in its card: a duplicate Spanish is refused, the old clips go and can be made again; search ignores accents', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['perro / собака', 'gato / кошка', 'árbol / дерево', 'niño / ребёнок']);
  // The built-in clips are made in the background after the upload.
  await expect
    .poll(async () => (await wordNamed(page, 'el perro'))?.audioData ?? null, { timeout: UPLOAD_TIMEOUT_MS })
    .not.toBeNull();
  const oldClip = (await wordNamed(page, 'el perro'))?.audioData;
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(4);

  const search = page.getByRole('searchbox', { name: 'Поиск слов' });
  for (const [query, found] of [
    ['arbol', 'el árbol'],
    ['NINO', 'el niño'],
    ['ребенок', 'el niño'],
  ] as const) {
    await search.fill(query);
    await search.press('Enter');
    await expect(shownSpanish(page)).toHaveText([found]);
  }
  await search.press('Escape');
  await expect(shownSpanish(page)).toHaveCount(4);

  await openCard(page, 'el perro');
  const card = page.getByRole('dialog', { name: 'el perro' });
  // Without a language model the card says where examples, levels and themes come from.
  await expect(
    card.getByText('Пример, уровень CEFR и тему подбирает языковая модель', { exact: false }),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'Настройки → API' })).toHaveAttribute(
    'href',
    '/settings?tab=api',
  );
  await expect(card.getByText('Примера пока нет')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Произнести' })).toBeEnabled();

  await card.getByRole('button', { name: 'Изменить' }).click();
  const form = page.getByRole('dialog', { name: 'Изменение слова' });
  await expectNoSeriousViolations(page);
  await form.getByLabel('Испанское слово').fill('Gato');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByRole('alert')).toHaveText('Слово уже существует в словаре');

  await form.getByLabel('Испанское слово').fill('el perrito');
  await form.getByLabel('Перевод', { exact: true }).fill('собачка');
  await form.getByRole('combobox', { name: 'Часть речи' }).click();
  await page.getByRole('option', { name: 'существительное' }).click();
  await form.getByRole('combobox', { name: 'Уровень CEFR' }).click();
  await page.getByRole('option', { name: 'B1' }).click();
  await form.getByLabel('Тема').fill('Животные');
  await form.getByRole('button', { name: 'Сохранить' }).click();

  const edited = page.getByRole('dialog', { name: 'el perrito' });
  await expect(edited.getByText('собачка', { exact: true })).toBeVisible();
  const tags = edited.getByTestId('word-card-tags');
  await expect(tags).toContainText('B1');
  await expect(tags).toContainText('существительное');
  await expect(tags).toContainText('животные');
  // The old clip spoke 'el perro': it is no longer played, and can be made again at once.
  await expect(edited.getByRole('button', { name: 'Произнести' })).toBeDisabled();
  await expect(edited.getByText('старая озвучка удалена', { exact: false })).toBeVisible();
  await edited.getByRole('button', { name: 'Озвучить заново' }).click();
  await expect(edited.getByRole('button', { name: 'Произнести' })).toBeEnabled({
    timeout: UPLOAD_TIMEOUT_MS,
  });
  const remade = await wordNamed(page, 'el perrito');
  expect(remade?.russian).toBe('собачка');
  expect(remade?.audioData).toMatch(/^\/media\/[0-9a-f]{64}\.mp3$/);
  expect(remade?.audioData).not.toBe(oldClip);

  await edited.getByRole('button', { name: 'Закрыть' }).click();
  await expect(edited).toHaveCount(0);
  await expect(shownSpanish(page)).toContainText(['el perrito']);
  await page.getByRole('combobox', { name: 'Тема' }).click();
  await page.getByRole('option', { name: 'животные (1)' }).click();
  await expect(shownSpanish(page)).toHaveText(['el perrito']);
});

test('the duplicate report adds a new translation in one click and opens the word card from its edit link', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
  await signInLearner(page, { openHome: false });
  await addWords(page, ['casa / дом']);
  const casa = await wordNamed(page, 'la casa');
  expect(casa).toBeDefined();

  await page.goto('/upload');
  await page.getByLabel('Пары слов, по одной на строку').fill('la casa / дом, жилище');
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  const report = page.getByRole('region', { name: 'Подробный отчет о дубликатах' });
  await expect(report).toBeVisible({ timeout: UPLOAD_TIMEOUT_MS });
  await expect(report.getByText('Новый перевод отличается: жилище')).toBeVisible();
  await expectNoSeriousViolations(page);
  await report.getByRole('button', { name: 'Добавить перевод «жилище» к слову «la casa»' }).click();
  await expect(report.getByRole('status').filter({ hasText: 'Перевод добавлен' })).toBeVisible();
  await expect.poll(async () => (await wordNamed(page, 'la casa'))?.russian).toBe('дом, жилище');

  const edit = report.getByRole('link', { name: 'Изменить слово «la casa» в словаре' });
  await expect(edit).toHaveAttribute('href', `/dictionary?word=${casa?.id}`);
  await edit.click();
  const card = page.getByRole('dialog', { name: 'la casa' });
  await expect(card).toBeVisible();
  await expect(card.getByText('дом, жилище', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Изменить' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
  await expect(page).toHaveURL(/\/dictionary$/);
  await expect(shownSpanish(page)).toHaveText(['la casa']);
});

test('with a language-model key the card keeps its plain texts', async ({ page }) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  const key = await page.request.post('/api/validate-openai-key', { data: { apiKey: 'sk-test-valid' } });
  expect(await key.json()).toEqual({ valid: true });
  await addWords(page, ['mesa / стол']);
  await openDictionary(page);
  await openCard(page, 'la mesa');
  const card = page.getByRole('dialog', { name: 'la mesa' });
  await expect(card.getByText('Примера пока нет')).toBeVisible();
  await expect(card.getByText('подбирает языковая модель', { exact: false })).toHaveCount(0);
});

test('on a phone the filters fold behind one button with the count, and the first word shows at once', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInLearner(page, { openHome: false });
  await addWords(page, ['perro / собака', 'comer / есть', 'casa / дом']);
  await openDictionary(page);
  const firstRow = wordList(page).getByRole('listitem').first();
  await expect(firstRow).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const filters = page.getByRole('button', { name: 'Фильтры', exact: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Часть речи' })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  // Without a language model the empty CEFR and theme filters say how to get levels and themes.
  await expect(page.getByText('Уровней CEFR пока нет', { exact: false })).toBeVisible();
  await expect(page.getByText('Тем пока нет', { exact: false })).toBeVisible();
  await page.getByRole('combobox', { name: 'Часть речи' }).click();
  await page.getByRole('option', { name: 'глагол (1)' }).click();
  await expect(page.getByRole('button', { name: 'Фильтры (1)' })).toBeVisible();
  await expect(shownSpanish(page)).toHaveText(['comer']);
  await page.getByRole('button', { name: 'Фильтры (1)' }).click();
  await expect(page.getByRole('combobox', { name: 'Часть речи' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Фильтры (1)' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a word kept without a translation is listed under ‘Без перевода’ and gets one in its card', async ({
  page,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  await signInLearner(page, { openHome: false });
  // Without a language model the Spanish-only line is kept (docs/product/upload.md#spanish-only-lines).
  await addWords(page, ['el coche', 'perro / собака']);
  await openDictionary(page);
  await expect(shownSpanish(page)).toHaveCount(2);
  const untranslatedRow = wordList(page)
    .getByRole('listitem')
    .filter({ has: page.locator('[data-field="spanish"]', { hasText: /^el coche$/ }) });
  await expect(untranslatedRow.locator('[data-field="russian"]')).toHaveText('перевод не указан');

  const filter = page.getByRole('button', { name: 'Без перевода (1)' });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  await expect(shownSpanish(page)).toHaveText(['el coche']);
  await expectNoSeriousViolations(page);

  await openCard(page, 'el coche');
  const card = page.getByRole('dialog', { name: 'el coche' });
  await expect(card.getByText('перевод не указан')).toBeVisible();
  const field = card.getByLabel('Добавить перевод');
  await expectNoSeriousViolations(page);
  await field.fill('машина');
  await card.getByRole('button', { name: 'Сохранить перевод' }).click();
  await expect(card.getByLabel('Добавить перевод')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'el coche' }).getByText('машина')).toBeVisible();
  await expect
    .poll(async () => {
      const coche = (await listWords(page)).find((word) => word.spanish === 'el coche') as
        { russian: string; needsTranslation: boolean } | undefined;
      return coche && [coche.russian, coche.needsTranslation];
    })
    .toEqual(['машина', false]);

  // Closed by its button: Escape would close a toast first, were one up (Radix's topmost layer).
  await page.getByRole('dialog', { name: 'el coche' }).getByRole('button', { name: 'Закрыть' }).click();
  // No word is left without a translation: the filter goes once it is off.
  await expect(shownSpanish(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Без перевода (0)' }).click();
  await expect(shownSpanish(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Без перевода/ })).toHaveCount(0);
});
