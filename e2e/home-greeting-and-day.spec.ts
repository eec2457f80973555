import { expect, type Page } from '@playwright/test';
import { fillRegistrationForm, holdChunkUntil, signInLearner, uniqueUser, test } from './support';

// docs/product/auth.md#registration and docs/product/progress.md#learner-day, as a learner sees them.

interface Frame {
  greeting: string | null;
  page: string;
}

/**
 * Records, from the moment `startRecording` is called, every text the page showed: the greeting (the main
 * heading) and the whole visible text, once per DOM change, so a state shown for a single frame is caught.
 */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const frames: { greeting: string | null; page: string }[] = [];
    const state = { isRecording: false, frames };
    Object.assign(window, { __frames: state });
    const record = () => {
      if (!state.isRecording) return;
      const heading = document.querySelector('main h1');
      frames.push({ greeting: heading ? heading.textContent : null, page: document.body.innerText });
    };
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return {
    start: () =>
      page.evaluate(() => {
        (window as unknown as { __frames: { isRecording: boolean } }).__frames.isRecording = true;
      }),
    frames: () =>
      page.evaluate(() => (window as unknown as { __frames: { frames: Frame[] } }).__frames.frames),
  };
}

test('after registering, home greets the learner by name from its first frame', async ({ page }) => {
  const user = uniqueUser('Лусия');
  const recorder = await recordFrames(page);
  await fillRegistrationForm(page, user);
  await recorder.start();
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const greeting = `Привет, ${user.firstName}!`;
  await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
  // The page settles (the progress panel has loaded) before the frames are read.
  await expect(page.getByRole('region', { name: 'Ваш прогресс' }).getByText('Никогда')).toBeVisible();

  const frames = await recorder.frames();
  const named = frames.findIndex((frame) => frame.greeting === greeting);
  expect(named, 'the greeting with the name appeared').toBeGreaterThanOrEqual(0);
  const before = frames.slice(0, named);
  expect(before.filter((frame) => frame.page.includes('Пользователь')).map((f) => f.greeting)).toEqual([]);
  expect(before.filter((frame) => frame.page.includes('Загрузка')).map((f) => f.greeting)).toEqual([]);
  const greetings = new Set(frames.map((frame) => frame.greeting).filter((text) => text !== null));
  expect([...greetings].filter((text) => text.startsWith('Привет'))).toEqual([greeting]);
});

test.describe('in Brisbane (UTC+10)', () => {
  test.use({ timezoneId: 'Australia/Brisbane' });

  test('the browser’s time zone is saved by itself, home shows both daily goals, and the goals chosen in Settings are the ones it measures against', async ({
    page,
  }) => {
    const saved = page.waitForRequest(
      (sent) =>
        sent.method() === 'PUT' &&
        new URL(sent.url()).pathname === '/api/settings' &&
        (sent.postDataJSON() as { timeZone?: string }).timeZone === 'Australia/Brisbane',
    );
    await signInLearner(page);
    expect((await (await saved).response())?.ok()).toBe(true);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/settings')).json()) as { timeZone: string }).timeZone,
      )
      .toBe('Australia/Brisbane');

    const progress = page.getByRole('region', { name: 'Ваш прогресс' });
    await expect(progress.getByRole('progressbar', { name: 'Дневная цель' })).toBeVisible();
    await expect(progress.getByText('0 из 10', { exact: true })).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Время занятий' })).toBeVisible();
    await expect(progress.getByText('0 из 30 мин', { exact: true })).toBeVisible();

    await page.goto('/settings');
    const goals = page.getByRole('region', { name: 'Цели на день' });
    await goals.getByRole('combobox', { name: 'Слов в день' }).click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await goals.getByRole('combobox', { name: 'Минут в день' }).click();
    await page.getByRole('option', { name: '45', exact: true }).click();
    await expect
      .poll(async () => {
        const settings = (await (await page.request.get('/api/settings')).json()) as {
          dailyWordGoal: number;
          dailyTimeGoal: number;
        };
        return [settings.dailyWordGoal, settings.dailyTimeGoal];
      })
      .toEqual([20, 45]);

    // Once saved, the zone is not sent again on the next visit, which measures against the new goals.
    let sentAgain = false;
    page.on('request', (sent) => {
      if (sent.method() === 'PUT' && new URL(sent.url()).pathname === '/api/settings') sentAgain = true;
    });
    const settingsRead = page.waitForResponse(
      (answer) => answer.request().method() === 'GET' && new URL(answer.url()).pathname === '/api/settings',
    );
    await page.goto('/');
    await settingsRead;
    await expect(progress.getByText('0 из 20', { exact: true })).toBeVisible();
    await expect(progress.getByText('0 из 45 мин', { exact: true })).toBeVisible();
    expect(sentAgain).toBe(false);
  });
});

test('opened with a session as on a first visit, home asks for its user, progress and recent words before its own code arrives, once each, and the sign-in check goes out once though the app clears its caches as it starts', async ({
  page,
}) => {
  const learner = await signInLearner(page);
  // As on a first visit: this browser has no mark of the app's last start, so the app clears its caches.
  await page.evaluate(() => window.localStorage.clear());
  const homeCalls = ['/api/auth/user', '/api/progress', '/api/words'];
  const counts = new Map<string, number>();
  let statusChecks = 0;
  let onAllAsked: () => void = () => undefined;
  const allAsked = new Promise<void>((resolve) => (onAllAsked = resolve));
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/auth/status') statusChecks += 1;
    if (!homeCalls.includes(pathname)) return;
    counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
    if (homeCalls.every((call) => counts.has(call))) onAllAsked();
  });
  // Home's code (in the shell's file, with the layouts) is held back until its calls have been made.
  const wereCallsFirst = await holdChunkUntil(page, /\/assets\/shell-[\w-]+\.js$/, allAsked);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: `Привет, ${learner.firstName}!` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ваш прогресс' }).getByText('Добавлено слов')).toBeVisible();
  expect(wereCallsFirst()).toBe(true);
  // Home reads the answers already on their way instead of asking again.
  expect(Object.fromEntries(counts)).toEqual({ '/api/auth/user': 1, '/api/progress': 1, '/api/words': 1 });
  expect(statusChecks).toBe(1);
});
