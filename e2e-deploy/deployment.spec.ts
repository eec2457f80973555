import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { type Deployment, type Instance, STOP_LIMIT_MS, startDeployment } from '../tests/support/deployment';

/*
 * A learner through the reference deployment (docs/DEPLOY.md#the-reference-deployment): TLS and HTTP/2 from
 * Caddy, two instances on one PostgreSQL. An upload's job runs on one instance while the page's /ws is on
 * the other; that instance is stopped with SIGTERM mid-upload, and the job finishes on the survivor with
 * every word once, the learner signed in throughout; Learn then plays.
 */

const WORD_COUNT = 3000;
/** Built-in pictures and voices for 3,000 words on a small machine. */
const JOB_TIMEOUT_MS = 240_000;

let started: Deployment | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  started = await startDeployment();
});
test.afterAll(async () => {
  // Each instance's log, to read after a failure.
  for (const instance of started?.instances ?? [])
    writeFileSync(test.info().outputPath(`instance-${instance.port}.log`), instance.log());
  await started?.close();
});

const deployment = () => {
  if (!started) throw new Error('the deployment did not start');
  return started;
};

const lines = Array.from({ length: WORD_COUNT }, (_, index) => `vocablo${index + 1} / слово${index + 1}`);

const jobProgress = (page: Page) => page.getByText(/^Слово \d+ из \d+$/);

async function uploadJob() {
  const [job] = await deployment().query<{
    id: string;
    owner: string | null;
    status: string;
    crashedStarts: number;
    progress: string;
  }>(
    `SELECT id, owner_instance_id AS owner, status, crashed_starts AS "crashedStarts", progress::text AS progress
     FROM jobs WHERE kind = 'upload-words' ORDER BY created_at DESC LIMIT 1`,
  );
  return job;
}

test('a learner through the proxy: sign-up, an upload that outlives its instance, Learn', async ({
  page,
}) => {
  test.setTimeout(JOB_TIMEOUT_MS + 120_000);
  const { origin, instances } = deployment();

  // Registered through the forms, over TLS and HTTP/2.
  await page.goto(`${origin}/register`);
  expect(
    await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
    ),
  ).toBe('h2');
  await page.getByLabel('Имя', { exact: true }).fill('Ирина');
  await page.getByLabel('Фамилия').fill('Сергеева');
  await page.getByLabel('Email').fill('irina@example.com');
  await page.getByLabel('Пароль', { exact: true }).fill('secreto-123');
  await page.getByLabel('Подтверждение пароля').fill('secreto-123');
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Привет, Ирина!' })).toBeVisible();

  await page.goto(`${origin}/upload`);
  await page.getByLabel('Пары слов, по одной на строку').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Загрузить слова' }).click();
  await expect(jobProgress(page)).toBeVisible({ timeout: 30_000 });

  // The job's instance, once one has claimed it.
  await expect.poll(async () => (await uploadJob())?.owner ?? null, { timeout: 30_000 }).not.toBeNull();
  const job = (await uploadJob())!;
  const runner = instances.find((instance) => instance.instanceId === job.owner)!;
  const survivor = instances.find((instance) => instance !== runner)!;

  // The page's socket on the other instance: a reload opens a new one, which the proxy may send either way.
  const socketOn = async (instance: Instance) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const before = instances.map((each) => each.socketUpgrades());
      await page.reload();
      await expect
        .poll(() => instances.some((each, index) => each.socketUpgrades() > before[index]!))
        .toBe(true);
      if (instance.socketUpgrades() > before[instances.indexOf(instance)]!) return;
    }
    throw new Error('the proxy never sent the page’s socket to the other instance');
  };
  await socketOn(survivor);
  // Progress arrives over that socket while the job runs on the runner: the word index moves on.
  const shownAt = await jobProgress(page).textContent();
  await expect(jobProgress(page)).not.toHaveText(shownAt ?? '', { timeout: 60_000 });
  expect((await uploadJob())?.owner).toBe(runner.instanceId);

  // The runner stops mid-upload, gracefully and in time.
  const stopped = await runner.stop();
  expect(stopped.code).toBe(0);
  expect(stopped.ms).toBeLessThan(STOP_LIMIT_MS);
  // It was inside the job: the job was released at a checkpoint, not finished there.
  expect(runner.log()).toMatch(
    new RegExp(`"jobIds":\\[[^\\]]*"${job.id}"[^\\]]*\\],"msg":"jobs stop at their next unit"`),
  );
  // Unfinished when its instance was gone, so whatever moves it on is the survivor, the one instance left:
  // it picks the released job up within 10 s (docs/DEPLOY.md#stopping).
  const atStop = (await uploadJob())!;
  expect(atStop.status).not.toBe('completed');
  await expect
    .poll(async () => (await uploadJob())?.progress, { timeout: 10_000, intervals: [250] })
    .not.toBe(atStop.progress);

  // The survivor takes the job over and finishes it; the page, signed in all along, shows the end.
  await expect(page.getByRole('region', { name: /^Обработка слов:/ }).getByRole('heading')).toContainText(
    'Обработка завершена',
    { timeout: JOB_TIMEOUT_MS },
  );
  const finished = (await uploadJob())!;
  // A release at a graceful stop is no crashed start.
  expect(finished).toMatchObject({ id: job.id, status: 'completed', crashedStarts: 0 });
  const counts = await deployment().query<{ spanish: string; copies: number }>(
    'SELECT spanish, count(*)::int AS copies FROM words GROUP BY spanish',
  );
  expect(counts).toHaveLength(WORD_COUNT);
  expect(counts.filter((row) => row.copies !== 1)).toEqual([]);

  // Still signed in, through the survivor alone now: the dictionary lists the words, and Learn plays.
  await page.goto(`${origin}/dictionary`);
  await expect(page.getByText(`Слов в словаре: ${WORD_COUNT}`)).toBeVisible();
  await expect(page.getByText(`vocablo${WORD_COUNT}`, { exact: true })).toBeVisible();
  await page.goto(`${origin}/learn`);
  await expect(page.getByTestId('learn-counter')).toHaveText(`1 из ${WORD_COUNT}`);
  await page.keyboard.press('Space');
  const playAll = page.getByRole('button', { name: /^(Воспроизвести все|Остановить)$/ });
  await expect(playAll).toHaveAccessibleName('Остановить');
  await expect(page.getByTestId('learn-counter')).toHaveText(`2 из ${WORD_COUNT}`, { timeout: 60_000 });
  expect(survivor.isRunning()).toBe(true);
});
