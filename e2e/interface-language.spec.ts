import { expect } from '@playwright/test';
import { openHome, signInLearner, test } from './support';

/**
 * The interface language follows the learner to every browser (docs/product/settings.md#interface-language):
 * chosen in one, saved as a setting, taken by a browser where nobody chose one yet.
 */
test('a language chosen in the user menu is saved and opens the next browser in it', async ({
  page,
  browser,
}) => {
  const learner = await signInLearner(page);

  await page.getByRole('button', { name: /Меню пользователя/ }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${learner.firstName}!` })).toBeVisible();
  await expect
    .poll(async () => {
      const settings = (await (await page.request.get('/api/settings')).json()) as {
        interfaceLanguage: string;
      };
      return settings.interfaceLanguage;
    })
    .toBe('en');

  // Another device: a fresh browser that has never chosen a language, signed in as the same learner.
  const phone = await browser.newContext({ locale: 'ru-RU', viewport: { width: 390, height: 844 } });
  try {
    const phonePage = await phone.newPage();
    const signIn = await phonePage.request.post('/auth/login', {
      data: { email: learner.email, password: learner.password },
    });
    expect(signIn.status()).toBe(200);
    await openHome(phonePage, learner, 'en');
    await expect(phonePage.locator('html')).toHaveAttribute('lang', 'en');

    // Back to Russian on the phone: saved again, so the first browser's choice is no longer the saved one.
    await phonePage.getByRole('button', { name: /User menu/ }).click();
    await phonePage.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(
      phonePage.getByRole('heading', { level: 1, name: `Привет, ${learner.firstName}!` }),
    ).toBeVisible();
    await expect
      .poll(async () => {
        const settings = (await (await phonePage.request.get('/api/settings')).json()) as {
          interfaceLanguage: string;
        };
        return settings.interfaceLanguage;
      })
      .toBe('ru');

    // The first browser follows the latest choice, made on the phone, and does not send its own back.
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: `Привет, ${learner.firstName}!` }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const settings = (await (await page.request.get('/api/settings')).json()) as {
      interfaceLanguage: string;
    };
    expect(settings.interfaceLanguage).toBe('ru');
  } finally {
    await phone.close();
  }
});
