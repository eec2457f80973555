import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { addWords, listWords, signInLearner, UPLOAD_TIMEOUT_MS, test } from './support';

/**
 * The browser as the attacker (docs/product/auth.md#forged-requests): a page on the same host as the app
 * but another port is `same-site`, so the learner's SameSite=Lax cookie rides along with its requests.
 * Nothing it sends may change the learner's data or end their session.
 */
let attacker: Server;
let attackerOrigin: string;
const pages = new Map<string, string>();

test.beforeAll(async () => {
  attacker = createServer((request, response) => {
    const page = pages.get(request.url ?? '');
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  // The app is reached as localhost too: same host, another port.
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

test('the app’s page opens /ws under its policy; a page on another port cannot reset listens, delete words, open the socket or log the learner out', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(UPLOAD_TIMEOUT_MS + 30_000);
  const app = new URL(baseURL!).origin;
  await signInLearner(page);
  // On the app's own page: its socket opens, and its Content-Security-Policy lets no script open one
  // elsewhere. That no screen breaks its own policy is checked on every screen e2e/phone-width.spec.ts and
  // e2e/auth-and-shell.spec.ts pass through.
  const outcome = await page.evaluate(
    async ({ own, foreign }) => {
      const violations: string[] = [];
      (window as unknown as { violations: string[] }).violations = violations;
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
      });
      const firstMessage = await new Promise<string>((resolve) => {
        const socket = new WebSocket(own);
        socket.onmessage = (event) => {
          resolve(String(event.data));
          socket.close();
        };
        socket.onerror = () => resolve('error');
      });
      const foreignOutcome = await new Promise<string>((resolve) => {
        try {
          const socket = new WebSocket(foreign);
          socket.onopen = () => resolve('open');
          socket.onerror = () => resolve('error');
        } catch (error) {
          resolve(`thrown ${(error as Error).name}`);
        }
      });
      return { firstMessage, foreignOutcome };
    },
    { own: `ws://${new URL(app).host}/ws`, foreign: `${attackerOrigin.replace('http', 'ws')}/ws` },
  );
  expect(JSON.parse(outcome.firstMessage)).toMatchObject({ type: 'connected' });
  expect(outcome.foreignOutcome).not.toBe('open');
  // The browser itself blocked it, by the policy's connect-src (the report arrives as its own task).
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { violations: string[] }).violations))
    .toContainEqual(expect.stringMatching(/^connect-src ws:\/\/localhost:\d+/));

  await addWords(page, ['cantar / петь', 'bailar / танцевать']);
  const before = await listWords(page);
  for (const word of before) {
    const played = await page.request.patch(`/api/words/${word.id}/listen-count`, {
      data: { listenCount: 5 },
    });
    expect(played.ok()).toBe(true);
  }

  // A fetch that needs no preflight (text/plain, no-cors) to delete every word without a picture (all of
  // them), a socket to /ws, then an auto-submitted text/plain form that resets the listen counts.
  pages.set(
    '/attack',
    `<!doctype html><title>prize</title>
    <form id="form" method="POST" action="${app}/api/words/reset-listen-count" enctype="text/plain">
      <input name='{"x":"' value='"}'>
    </form>
    <script>
      const socket = new WebSocket('${app.replace('http', 'ws')}/ws');
      socket.onopen = () => document.body.dataset.socket = 'open';
      socket.onclose = () => document.body.dataset.socket = 'refused';
      fetch('${app}/api/words/delete-without-images', {
        method: 'POST', mode: 'no-cors', credentials: 'include',
        headers: { 'Content-Type': 'text/plain' }, body: '{}',
      }).finally(() => {
        document.body.dataset.fetched = 'yes';
      });
    </script>`,
  );
  await page.goto(`${attackerOrigin}/attack`);
  await expect(page.locator('body')).toHaveAttribute('data-fetched', 'yes');
  await expect(page.locator('body')).toHaveAttribute('data-socket', 'refused');
  const formAnswer = page.waitForResponse(`${app}/api/words/reset-listen-count`);
  await page.locator('#form').evaluate((form: HTMLFormElement) => form.submit());
  expect((await formAnswer).status()).toBe(403);
  // The form's navigation ends on the refusal before the next page is opened.
  await page.waitForURL(`${app}/api/words/reset-listen-count`);

  // A logout link on the attacker's page.
  pages.set('/link', `<!doctype html><title>link</title><a href="${app}/api/logout">news</a>`);
  await page.goto(`${attackerOrigin}/link`);
  await page.getByRole('link', { name: 'news' }).click();
  await expect(page).toHaveURL(`${app}/`);

  // The learner is still signed in, with every word and every listen.
  const status = await page.request.get('/api/auth/status');
  expect(await status.json()).toEqual({ isAuthenticated: true });
  const after = await listWords(page);
  expect(after.map((word) => [word.spanish, word.attempts]).sort()).toEqual(
    before.map((word) => [word.spanish, 5]).sort(),
  );
});
