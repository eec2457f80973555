import { expect } from '@playwright/test';
import sharp from 'sharp';
import { test } from './support';

/**
 * The first page load as a browser makes it (docs/product/overview.md#serving-the-client,
 * #installing-the-app): what it asks for, in which order, and what the first frame looks like. The installed
 * app's own rules (the restored screen, the session stamp, the double-tap block) are the app's code alone,
 * tested as the app starts in tests/unit/client/installed-app-start.test.tsx.
 */
test('the first page: its stylesheet holds back no paint yet styles the first frame; the manifest and icons come after', async ({
  page,
  request,
}) => {
  // As served, the stylesheet is only preloaded, and the manifest and tab icon sit in an inert template: a
  // browser fetches neither while the page loads. Outside it, only an empty icon, so that the browser does
  // not ask for /favicon.ico instead.
  const served = await (await request.get('/login')).text();
  expect(served).not.toMatch(/<link rel="stylesheet"/);
  expect(served).toMatch(
    /<link rel="preload" as="style"[^>]* href="\/assets\/[^"]+\.css"[^>]* data-deferred-stylesheet>/,
  );
  expect(served).toMatch(/<template id="deferred-head-links">\s*<link rel="manifest"[^]*?<\/template>/);
  expect(
    served.replace(/<template[^]*?<\/template>/g, '').match(/<link[^>]*rel="(manifest|icon)"[^>]*>/g),
  ).toEqual(['<link id="placeholder-icon" rel="icon" href="data:," />']);

  // The stylesheet arrives only two frames after the app has linked it, by when the app could have rendered: it
  // must wait for the stylesheet rather than render unstyled.
  let onLinked: () => void = () => undefined;
  const linked = new Promise<void>((resolve) => (onLinked = resolve));
  await page.exposeFunction('onStylesheetLinked', () => onLinked());
  await page.route(/\/assets\/.*\.css$/, async (route) => {
    await linked;
    await route.continue();
  });
  await page.addInitScript(() => {
    const page = window as unknown as { styledAtFirstFrame: boolean; onStylesheetLinked: () => void };
    let hasReportedLink = false;
    const observer = new MutationObserver(() => {
      if (!hasReportedLink && document.querySelector('link[rel="stylesheet"]')) {
        hasReportedLink = true;
        // Two frames on: an app that did not wait for its stylesheet has rendered by then.
        requestAnimationFrame(() => requestAnimationFrame(() => page.onStylesheetLinked()));
      }
      const root = document.getElementById('root');
      if (!root?.firstChild) return;
      observer.disconnect();
      page.styledAtFirstFrame = [...document.styleSheets].some(
        (sheet) => sheet.href?.endsWith('.css') === true,
      );
    });
    observer.observe(document, { childList: true, subtree: true });
  });
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
  expect(
    await page.evaluate(() => (window as unknown as { styledAtFirstFrame?: boolean }).styledAtFirstFrame),
  ).toBe(true);
  expect(linksWhenScreenAsked).toEqual([['icon data:,']]);
  // Then both are linked, once, in place of the empty icon.
  await expect(page.locator('head > link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('head > link[rel="icon"]')).toHaveAttribute('href', '/icons/favicon-32.png');
  await expect(page.locator('link[rel="manifest"], link[rel="icon"]')).toHaveCount(2);
  await expect(page.locator('#deferred-head-links')).toHaveCount(0);
  await expect.poll(() => asked).toContain('/icons/favicon-32.png');
  expect(asked).not.toContain('/favicon.ico');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', /^#[0-9a-f]{6}$/);

  // The manifest and every icon the page names are served with their types and sizes.
  const manifest = await request.get('/manifest.webmanifest');
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
  const icons = [
    ...body.icons,
    { src: touchIcon!, sizes: '180x180', type: 'image/png' },
    { src: '/icons/favicon-32.png', sizes: '32x32', type: 'image/png' },
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
