import { expect, type Locator, type Page, type Route } from '@playwright/test';
import type { PoolLearner } from './learner-pool';
import { addWords, signInLearner, UPLOAD_TIMEOUT_MS, withLanguageModelKey, writeBook, test } from './support';

/**
 * The proof of docs/product/errors.md#interface-language: with the interface in English (and an
 * English browser), every screen and state reads in English. Each state below is reached and the page
 * is scanned for Cyrillic in its text (screen-reader-only text included), its labels, titles,
 * placeholders and alternative texts, and its document title.
 *
 * Russian may appear only where it is content rather than interface, and each such place is listed here:
 * - the learner's own data: their name (the seeded learners are Russian-named); their words are seeded
 *   with Latin-only translations, so the dictionary and Learn need no exclusion;
 * - RUSSIAN_CONTENT: the language's own name in the language switch, the sample pairs that show the
 *   upload's line formats (the dictionary is Spanish–Russian), the Russian voice's preview sentence.
 *
 * The signed-out pages, a new learner's screens, settings, the upload, dictionary, Learn, review, the
 * audiobook library, the player's load failures, menu, audio status and re-voicing, and the audio diagnostics
 * after a run are scanned the same way, without a browser, by tests/unit/client/english-*.test.tsx
 * (tests/support/client/english-answers.tsx). To cover a new screen or
 * state, add a step there (or here, if it needs the real server or a browser) and call `expectEnglish`.
 */

const RUSSIAN_CONTENT = [
  'Русский',
  'дом',
  'собака',
  'книга',
  'солнце',
  'доброе утро',
  'Привет! Я буду читать тебе переводы.',
] as const;

/** Everything a learner reads or hears on the page now, as [where, text] pairs. */
async function readableTexts(page: Page): Promise<Array<[string, string]>> {
  return page.evaluate(() => {
    const found: Array<[string, string]> = [];
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const label = element.getAttribute('aria-label') ?? element.getAttribute('data-testid') ?? '';
      return `<${element.tagName.toLowerCase()}${id}${label ? ` "${label}"` : ''}>`;
    };
    const isRendered = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    found.push(['document title', document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest('script, style, noscript, template')) continue;
      if (isRendered(parent)) found.push([describe(parent), text]);
    }
    const attributes = ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt'];
    for (const element of document.body.querySelectorAll('*')) {
      if (!isRendered(element)) continue;
      for (const attribute of attributes) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) found.push([`${describe(element)}[${attribute}]`, value]);
      }
    }
    return found;
  });
}

/** No Cyrillic outside the listed content and the learner's own name. */
async function expectEnglish(page: Page, state: string, learner?: PoolLearner) {
  const allowed = [...RUSSIAN_CONTENT, ...(learner ? [learner.firstName, learner.lastName] : [])];
  await expect
    .poll(
      async () =>
        (await readableTexts(page))
          .filter(([, text]) =>
            /\p{Script=Cyrillic}/u.test(allowed.reduce((rest, ok) => rest.split(ok).join(''), text)),
          )
          .map(([where, text]) => `${where}: ${text}`),
      { message: `Russian text in the English interface (${state})`, timeout: 3_000 },
    )
    .toEqual([]);
}

/** The interface language is chosen in the browser (docs/product/settings.md#interface-language): picked here in the UI. */
async function chooseEnglish(page: Page) {
  await page.goto('/');
  await page.getByRole('group', { name: 'Язык интерфейса' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Learn Spanish' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test.describe('the English interface', () => {
  test.use({ locale: 'en-US' });

  /**
   * What only a browser shows of the interface language, in one pass through the real app: the browser's own
   * form checks (an empty required field, an address without '@', a field that is not a URL), worded by the
   * app in the interface's language whatever the browser's (docs/product/errors.md#interface-language), and
   * the English catalogue fetched only once English is chosen, an English page never showing Russian while it
   * loads (docs/product/settings.md#interface-language). Every screen's texts in English are scanned by the
   * RTL tests tests/unit/client/english-*.test.tsx.
   */
  test('the browser’s own form checks follow the interface language; English is fetched when chosen', async ({
    page,
  }) => {
    // The common part (en.json) and any screen area's texts (dictionary.en.json…), as the build names them.
    const englishCatalogue = /\/assets\/(?:[a-z-]+\.)?en-[\w-]+\.js$/;
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const validationOf = (field: Locator) =>
      field.evaluate((input: HTMLInputElement) => (input.reportValidity(), input.validationMessage));
    // Russian from its first letter (an example address may follow).
    const onlyRussian = /^[^a-z]*\p{Script=Cyrillic}/iu;
    const noRussian = /^[^\p{Script=Cyrillic}]+$/u;

    // Russian, in an English browser: the browser's checks in Russian, and no English catalogue fetched.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    expect(await validationOf(page.getByLabel('Email'))).toMatch(onlyRussian);
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    expect(await validationOf(page.getByLabel('Email'))).toMatch(onlyRussian);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
    expect(fetched.filter((path) => englishCatalogue.test(path))).toEqual([]);

    await chooseEnglish(page);
    expect(fetched.filter((path) => englishCatalogue.test(path))).toHaveLength(1);
    // A reload in English waits for the catalogue: no Russian word is ever on the page, not even 'Загрузка...'.
    const russianSeen: string[] = [];
    await page.exposeFunction('recordRussian', (text: string) => russianSeen.push(text));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        // The language switcher names Russian in Russian, in every interface.
        // Before the body exists (the script runs from the document's start) there is nothing to read.
        const body = document.body as HTMLElement | null;
        const text = (body?.innerText ?? '').replaceAll('Русский', '');
        if (/\p{Script=Cyrillic}/u.test(text)) {
          (window as unknown as { recordRussian: (seen: string) => void }).recordRussian(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Learn Spanish' })).toBeVisible();
    expect(russianSeen).toEqual([]);

    // English: the same checks in English.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await validationOf(page.getByLabel('Email'))).toMatch(noRussian);
    await page.goto('/register');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    expect(await validationOf(page.getByLabel('Email'))).toMatch(noRussian);

    // Signed in: the API tab's address field, in English, then in Russian once the learner switches back.
    await signInLearner(page, { language: 'en' });
    await page.goto('/settings?tab=api');
    const baseUrl = page.getByLabel(/OpenAI-compatible API/);
    await baseUrl.fill('not a url');
    expect(await validationOf(baseUrl)).toMatch(noRussian);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    const russianBaseUrl = page.getByLabel('Адрес OpenAI-совместимого API (необязательно)');
    await russianBaseUrl.fill('not a url');
    await expect(page.getByText('Адрес должен начинаться с http:// или https://')).toBeVisible();
    expect(await validationOf(russianBaseUrl)).toMatch(onlyRussian);
  });

  test('the audiobook player’s play-all and its series dialogs', async ({ page }) => {
    test.setTimeout(UPLOAD_TIMEOUT_MS * 2);
    await chooseEnglish(page);
    const learner = await signInLearner(page, { language: 'en' });
    await addWords(page, ['perro / dog', 'gato / cat', 'casa / house', 'libro / book']);
    await withLanguageModelKey(page);
    // The story's Russian sentences are the learner's content: the walk looks at the interface without them.
    expect(
      (await page.request.put('/api/settings', { data: { showAudiobookTranslations: false } })).ok(),
    ).toBe(true);
    const bookId = await writeBook(page, ['scifi']);

    await page.goto(`/audiobook/${bookId}`);
    await expect(page.getByTestId('player-spanish')).toBeVisible();

    // Play-all while its first clip is still being made: the button says it is starting.
    const isClipCall = (url: URL) => /^\/api\/audiobooks\/\d+\/sentences\/\d+\/audio$/.test(url.pathname);
    const heldClips: Route[] = [];
    await page.route(isClipCall, (route) => void heldClips.push(route));
    await page.getByRole('button', { name: 'Play all' }).click();
    await expect(page.getByRole('button', { name: 'Starting playback...' })).toBeVisible();
    await expectEnglish(page, 'player: play-all starting', learner);
    for (const route of heldClips.splice(0)) await route.continue();
    // Clips asked for since pass on as the route goes.
    await page.unroute(isClipCall);
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Play all' })).toBeVisible();
    await page.getByRole('button', { name: 'Illustration series' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectEnglish(page, 'player: series picker', learner);
    await page.getByRole('menuitem', { name: 'Draw pictures with AI' }).click();
    const aiDialog = page.getByRole('dialog', { name: 'Draw pictures with AI' });
    await expect(aiDialog).toBeVisible();
    await expect(aiDialog.getByTestId('style-picture')).toHaveCount(5);
    await expect(aiDialog.getByTestId('drawing-provider')).toHaveText('Drawn by: OpenAI/DALL-E');
    await expectEnglish(page, 'player: AI series dialog', learner);
    await aiDialog.getByRole('button', { name: /^Leonardo/ }).click();
    await expect(aiDialog.getByText('Please add a Leonardo AI API key in Settings')).toBeVisible();
    await expectEnglish(page, 'player: AI series dialog, Leonardo without a key', learner);
    const watercolorTile = aiDialog.getByRole('group', { name: 'Watercolor' });
    await watercolorTile.getByRole('button', { name: 'Show an example: Watercolor' }).click();
    await expect(watercolorTile.getByTestId('style-picture')).toHaveAttribute('data-kind', 'sample');
    await expectEnglish(page, 'player: AI series dialog, a sample', learner);
    await watercolorTile.getByRole('button', { name: 'Watercolor', exact: true }).click();
    await expect(page.getByText(/^Leonardo API key not found! Go to Settings/).first()).toBeVisible();
    await expectEnglish(page, 'player: AI series started by a stand-in', learner);
    await page.getByRole('button', { name: 'Illustration series' }).click();
    await page.getByRole('menuitem', { name: 'Create a new series' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new illustration series' });
    await dialog.getByRole('radio', { name: 'Watercolor' }).click();
    await dialog.getByRole('button', { name: /Built-in pictures/ }).click();
    await expectEnglish(page, 'player: new series dialog', learner);
    await dialog.getByRole('button', { name: 'Create the series' }).click();
    await expect(page.getByText('A series in the style "Watercolor" is being drawn!').first()).toBeVisible();
    await expectEnglish(page, 'player: series started', learner);

    // A sample the provider fails: a Leonardo key the service refuses.
    expect(
      (await page.request.put('/api/settings', { data: { leonardoApiKey: 'leo-test-refused' } })).ok(),
    ).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Illustration series' }).click();
    await page.getByRole('menuitem', { name: 'Draw pictures with AI' }).click();
    await page.getByRole('button', { name: 'Show an example: Cartoon' }).click();
    await expect(page.getByText('Generation failed').first()).toBeVisible();
    await expectEnglish(page, 'player: a sample failed', learner);

    // OpenAI picked without its key: the note, and the toast of the series its stand-in draws.
    expect((await page.request.put('/api/settings', { data: { openaiApiKey: null } })).ok()).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Illustration series' }).click();
    await page.getByRole('menuitem', { name: 'Draw pictures with AI' }).click();
    const withoutOpenai = page.getByRole('dialog', { name: 'Draw pictures with AI' });
    await withoutOpenai.getByRole('button', { name: /^OpenAI/ }).click();
    await expect(withoutOpenai.getByText('Please add an OpenAI key in Settings')).toBeVisible();
    await expectEnglish(page, 'player: AI series dialog, OpenAI without a key', learner);
    await withoutOpenai
      .getByRole('group', { name: 'Minimalist' })
      .getByRole('button', { name: 'Minimalist', exact: true })
      .click();
    await expect(page.getByText(/^OpenAI key not found/).first()).toBeVisible();
    await expectEnglish(page, 'player: AI series started without the OpenAI key', learner);
  });
});
