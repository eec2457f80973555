import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInLearner, test } from './support';

/**
 * The installed app (docs/product/overview.md#installing-the-app). Chromium has no switch for
 * `display-mode: standalone` (emulateMedia does not cover it), so these tests override matchMedia before
 * any script of the page runs: the app sees exactly what an installed app sees from that query.
 */
async function emulateStandalone(page: Page) {
  await page.addInitScript(() => {
    const realMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => {
      if (query.replace(/\s+/g, '') !== '(display-mode:standalone)') return realMatchMedia(query);
      // Only what a page can ask of the list; the app itself only reads `matches`.
      const standalone = {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      };
      return standalone as unknown as MediaQueryList;
    };
  });
}

/** Two touchends dispatched back to back on the page: whether each one's default was prevented. */
const doubleTap = (page: Page) =>
  page.evaluate(() =>
    [0, 1].map(() => {
      const event = new TouchEvent('touchend', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(event);
      return event.defaultPrevented;
    }),
  );

test('the manifest and its icons are served with their types and sizes', async ({ page, request }) => {
  await page.goto('/login');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/);

  const manifest = await request.get(manifestHref!);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const body = (await manifest.json()) as {
    name: string;
    display: string;
    start_url: string;
    orientation: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  expect(body).toMatchObject({
    name: 'Palabra',
    display: 'standalone',
    start_url: '/',
    orientation: 'portrait',
  });
  expect(new Set(body.icons.map((icon) => icon.sizes))).toEqual(new Set(['192x192', '512x512']));

  const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const tabIcon = await page.locator('link[rel="icon"]').getAttribute('href');
  const icons = [
    ...body.icons,
    { src: touchIcon!, sizes: '180x180', type: 'image/png' },
    { src: tabIcon!, sizes: '32x32', type: 'image/png' },
  ];
  for (const icon of icons) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type']).toBe(icon.type);
    const { width, height, format } = await sharp(await response.body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
    expect(format).toBe('png');
  }
});

test('the manifest and the tab icon are linked once the first screen is up, not before its files', async ({
  page,
  request,
}) => {
  // As served, both links sit in an inert template: a browser fetches neither while the page loads. Outside
  // it, only an empty icon, so that the browser does not ask for /favicon.ico instead.
  const served = await (await request.get('/login')).text();
  expect(served).toMatch(/<template id="deferred-head-links">\s*<link rel="manifest"[^]*?<\/template>/);
  expect(
    served.replace(/<template[^]*?<\/template>/g, '').match(/<link[^>]*rel="(manifest|icon)"[^>]*>/g),
  ).toEqual(['<link id="placeholder-icon" rel="icon" href="data:," />']);

  // When the screen's own file is asked for, only the empty icon is in the page.
  const linksWhenScreenAsked: string[][] = [];
  await page.route(/\/assets\/login\.page-[^/]+\.js$/, async (route) => {
    linksWhenScreenAsked.push(
      await page.evaluate(() =>
        [...document.querySelectorAll('head > link[rel="manifest"], head > link[rel="icon"]')].map(
          (link) => `${link.getAttribute('rel') ?? ''} ${link.getAttribute('href') ?? ''}`,
        ),
      ),
    );
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  expect(linksWhenScreenAsked).toEqual([['icon data:,']]);
  // Then both are linked, once, in place of the empty icon.
  await expect(page.locator('head > link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('head > link[rel="icon"]')).toHaveAttribute('href', '/icons/favicon-32.png');
  await expect(page.locator('link[rel="manifest"], link[rel="icon"]')).toHaveCount(2);
  await expect(page.locator('#deferred-head-links')).toHaveCount(0);
  await expect.poll(() => asked).toContain('/icons/favicon-32.png');
  expect(asked).not.toContain('/favicon.ico');
});

test('in the installed app a second tap within 300 ms is blocked; in a tab it is not', async ({
  browser,
}) => {
  const installed = await browser.newPage({ hasTouch: true });
  await emulateStandalone(installed);
  await installed.goto('/login');
  await expect(installed.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await doubleTap(installed)).toEqual([false, true]);
  await installed.close();

  const tab = await browser.newPage({ hasTouch: true });
  await tab.goto('/login');
  await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await doubleTap(tab)).toEqual([false, false]);
  await tab.close();
});

test('reopened within 24 hours, the installed app shows its last screen while the session check runs', async ({
  page,
}) => {
  await emulateStandalone(page);
  await signInLearner(page, { openHome: false });
  await page.goto('/dictionary');
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pwaLastScreen'))).toBe('/dictionary');
  expect(Number(await page.evaluate(() => localStorage.getItem('pwaSessionAt')))).toBeGreaterThan(0);

  // The session check does not answer until the screen has been seen.
  let answerCheck = () => {};
  const checkHeld = new Promise<void>((resolve) => (answerCheck = resolve));
  await page.route('**/api/auth/status*', async (route) => {
    await checkHeld;
    await route.continue();
  });
  const firstStamp = Number(await page.evaluate(() => localStorage.getItem('pwaSessionAt')));
  // The home screen opens the start page.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dictionary$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
  answerCheck();
  await expect(page.getByRole('heading', { level: 1, name: 'Словарь' })).toBeVisible();
  // The answered check stamps the session anew; only after that can a test age the stamp, or the stamp
  // written late would overwrite the aged one.
  await expect
    .poll(async () => Number(await page.evaluate(() => localStorage.getItem('pwaSessionAt'))))
    .toBeGreaterThan(firstStamp);

  // A stamp 24 hours old: the app waits for the check again, as a tab does.
  await page.unroute('**/api/auth/status*');
  const heldAgain = new Promise<void>((resolve) => (answerCheck = resolve));
  await page.route('**/api/auth/status*', async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.evaluate(() => localStorage.setItem('pwaSessionAt', String(Date.now() - 24 * 60 * 60 * 1000)));
  await page.goto('/');
  await expect(page.getByText('Загрузка...')).toBeVisible();
  answerCheck();
  await expect(page).toHaveURL(/\/$/);
});
