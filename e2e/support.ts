import { test as base, expect, type Page } from '@playwright/test';
import { claimLearner, type PoolLearner } from './learner-pool';

let userCounter = 0;

/** The pool learners the running test signed in (a worker runs one test at a time). */
const learnersOfTest: PoolLearner[] = [];

/**
 * Playwright's `test`, which after each test deletes the words of the learners it signed in: nobody signs
 * in as them again, and the background work their words would still cause (the built-in clips job, one
 * at a time on the server: docs/product/upload.md#built-in-clips-on-demand) would only hold up the next
 * tests' jobs.
 */
export const test = base.extend<{ forgetLearnersWords: undefined }>({
  forgetLearnersWords: [
    async ({ playwright, baseURL }, use) => {
      learnersOfTest.length = 0;
      await use(undefined);
      for (const learner of learnersOfTest.splice(0)) {
        const request = await playwright.request.newContext({
          baseURL,
          extraHTTPHeaders: { cookie: `${learner.sessionCookie}=${learner.sessionToken}` },
        });
        const words = (await (await request.get('/api/words')).json()) as { id: number }[];
        if (words.length > 0) {
          const deleted = await request.delete('/api/words', {
            data: { wordIds: words.map(({ id }) => id) },
          });
          expect(deleted.ok()).toBe(true);
        }
        await request.dispose();
      }
    },
    { auto: true },
  ],
});

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** A user no other test has: tests run in parallel against one server. */
export function uniqueUser(firstName = 'Марина'): TestUser {
  userCounter += 1;
  const stamp = `${Date.now().toString(36)}-${process.pid}-${userCounter}`;
  return { firstName, lastName: 'Тестова', email: `learner-${stamp}@example.com`, password: 'секрет-123' };
}

/** The registration form filled in, not yet sent. */
export async function fillRegistrationForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Имя', { exact: true }).fill(user.firstName);
  await page.getByLabel('Фамилия').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByLabel('Подтверждение пароля').fill(user.password);
}

export async function registerThroughForm(page: Page, user: TestUser): Promise<void> {
  await fillRegistrationForm(page, user);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Привет, ${user.firstName}!` })).toBeVisible();
}

/**
 * Signs a learner of the pool (e2e/learner-pool.ts) that no other test has in on the page's browser
 * context, by the session the seed made for them (its cookie, as a sign-in through the form would leave
 * it: the sign-in itself is tested in auth-and-shell.spec.ts), and opens their home page, where a
 * registration through the form would land. `openHome: false` leaves the page where it is, for a test
 * whose first step is another screen.
 */
export async function signInLearner(
  page: Page,
  options: { language?: 'ru' | 'en'; openHome?: boolean } = {},
): Promise<PoolLearner> {
  const learner = claimLearner();
  learnersOfTest.push(learner);
  const { baseURL } = test.info().project.use;
  if (!baseURL) throw new Error('playwright.config.ts names no baseURL');
  await page.context().addCookies([
    {
      name: learner.sessionCookie,
      value: learner.sessionToken,
      url: baseURL,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  if (options.openHome ?? true) await openHome(page, learner, options.language);
  return learner;
}

/**
 * Holds back the code chunks matching `chunk` until `condition` settles, giving up after 15 s: requests a
 * screen makes only once its code has loaded would then never come. The answer says, once the chunk was
 * asked for, whether the condition released it (true) or the hold gave up (false).
 */
export async function holdChunkUntil(
  page: Page,
  chunk: RegExp,
  condition: Promise<void>,
): Promise<() => boolean | undefined> {
  let wasReleasedByCondition: boolean | undefined;
  await page.route(chunk, async (route) => {
    let giveUp: NodeJS.Timeout | undefined;
    wasReleasedByCondition = await Promise.race([
      condition.then(() => true),
      new Promise<boolean>((resolve) => (giveUp = setTimeout(() => resolve(false), 15_000))),
    ]);
    clearTimeout(giveUp);
    await route.continue();
  });
  return () => wasReleasedByCondition;
}

/**
 * Holds back what tells the page how its jobs stand (the `/ws` messages, the job status call and the current
 * upload), from `hold()` until `release()`. A job of a few words can end before the page has shown that it
 * started, and the end's toast then replaces the start's; held, the page shows the running job as a learner
 * on a slower connection sees it. Set before the page opens, as the socket is routed when it connects.
 */
export async function holdJobNews(page: Page): Promise<{
  hold: () => void;
  /** Lets the news through until a socket message `isLast` accepts, that one included, then holds. */
  holdAfter: (isLast: (message: unknown) => boolean) => void;
  release: () => void;
}> {
  let isHolding = false;
  let released: Promise<void> = Promise.resolve();
  let release = () => {};
  let holdsAfter: ((message: unknown) => boolean) | undefined;
  const hold = () => {
    isHolding = true;
    released = new Promise((resolve) => {
      release = () => {
        isHolding = false;
        resolve();
      };
    });
  };
  await page.route(/\/api\/(jobs\/|words\/upload-jobs\/current)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.routeWebSocket(/\/ws$/, (socket) => {
    const server = socket.connectToServer();
    server.onMessage((message) => {
      if (!isHolding) {
        socket.send(message);
        if (holdsAfter?.(JSON.parse(String(message)))) {
          holdsAfter = undefined;
          hold();
        }
        return;
      }
      void released.then(() => socket.send(message));
    });
  });
  return {
    hold,
    holdAfter: (isLast) => {
      holdsAfter = isLast;
    },
    release: () => release(),
  };
}

/** The signed-in learner's home page, greeting them in the interface language the browser chose. */
export async function openHome(
  page: Page,
  learner: PoolLearner,
  language: 'ru' | 'en' = 'ru',
): Promise<void> {
  await page.goto('/');
  const greeting = language === 'en' ? `Hello, ${learner.firstName}!` : `Привет, ${learner.firstName}!`;
  await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
}

/** Enrichment of a handful of words with built-in voices takes a while on a small machine. */
export const UPLOAD_TIMEOUT_MS = 60_000;

export interface ListedWord {
  id: number;
  spanish: string;
  imageUrl: string | null;
  isActive: boolean;
  attempts: number;
}

/** Adds words through the upload call the Upload screen uses, and waits until the job ends. */
export async function addWords(
  page: Page,
  lines: readonly string[],
  options: { enhanceWithAI?: boolean; generateImages?: boolean } = {},
) {
  const started = await page.request.post('/api/words/process-batch', {
    data: {
      text: lines.join('\n'),
      enhanceWithAI: options.enhanceWithAI ?? false,
      generateImages: options.generateImages ?? false,
    },
  });
  expect(started.ok()).toBe(true);
  const { jobId } = (await started.json()) as { jobId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status,
      { timeout: UPLOAD_TIMEOUT_MS },
    )
    .toBe('completed');
}

export async function listWords(page: Page): Promise<ListedWord[]> {
  return (await (await page.request.get('/api/words')).json()) as ListedWord[];
}

/** The fake OpenAI key, validated and saved: what writing an audiobook needs. */
export async function withLanguageModelKey(page: Page): Promise<void> {
  const key = await page.request.post('/api/validate-openai-key', { data: { apiKey: 'sk-test-valid' } });
  expect(key.ok()).toBe(true);
}

/**
 * A book written through the API (for tests of what is done to a book, not of its creation), waited for until
 * ready; `genreNames` are built-in genre keys. Needs words and a language-model key.
 */
export async function writeBook(page: Page, genreNames: string[], targetWordCount = 100): Promise<number> {
  const all = (await (await page.request.get('/api/audiobook-genres')).json()) as {
    id: number;
    name: string;
  }[];
  const genreIds = genreNames.map((name) => all.find((genre) => genre.name === name)!.id);
  const answer = await page.request.post('/api/audiobooks', { data: { genreIds, targetWordCount } });
  expect(answer.status()).toBe(201);
  const { audiobook, jobId } = (await answer.json()) as { audiobook: { id: number }; jobId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/jobs/${jobId}`)).json()) as { status: string }).status,
      {
        timeout: UPLOAD_TIMEOUT_MS,
      },
    )
    .toBe('completed');
  return audiobook.id;
}

/**
 * Pictures drawn by the fake Leonardo, which polls for each (about 1.5 s a picture): for a test that must act
 * while an upload still runs. The built-in pictures are too fast to wait for, since they are kept by emoji.
 */
export async function withLeonardoPictures(page: Page): Promise<void> {
  const saved = await page.request.put('/api/settings', { data: { leonardoApiKey: 'leo-test-valid' } });
  expect(saved.ok()).toBe(true);
}
