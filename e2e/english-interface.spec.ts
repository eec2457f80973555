import { expect, type Locator, type Page } from '@playwright/test';
import { signInLearner, test } from './support';

/**
 * docs/product/errors.md#interface-language: with the interface in English (and an English browser), every
 * screen and state reads in English. Every screen and state, the audiobook player's play-all and series
 * dialogs included, is scanned for Cyrillic without a browser by tests/unit/client/english-*.test.tsx
 * (tests/support/client/english-answers.tsx, which lists the Russian that is content, not interface). Here
 * only what a browser shows: its own form checks, and the English catalogue loaded when chosen. To cover a
 * new screen or state, add a step there and call `expectEnglish`.
 */

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
});
