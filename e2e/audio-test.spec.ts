import { expect } from '@playwright/test';
import { expectNoSeriousViolations } from './axe-violations';
import { signInLearner, test } from './support';

/**
 * The audio diagnostics page (docs/product/audiobooks.md#audio-diagnostics) in Chromium, without any key:
 * the five tests run in order with the built-in test voice, each showing its status.
 */

declare global {
  interface Window {
    statusLog: string[];
  }
}

test('runs its five tests in order and shows each one’s status and details', async ({ page }) => {
  // Every status change of every test, in the order the page showed them.
  await page.addInitScript(() => {
    window.statusLog = [];
    new MutationObserver(() => {
      for (const item of document.querySelectorAll('[data-testid^="audio-test-"]')) {
        const entry = `${item.getAttribute('data-testid')}:${item.querySelector('[data-testid="audio-test-status"]')?.textContent ?? ''}`;
        if (window.statusLog.at(-1) !== entry && !window.statusLog.includes(entry))
          window.statusLog.push(entry);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The pause between two tests is drawn from 500–1000 ms (its range: tests/unit/client/audio-tests.test.ts);
  // here always the shortest, so the run waits for the clips, not for chance.
  await page.addInitScript(() => {
    Math.random = () => 0;
  });
  await signInLearner(page, { openHome: false });
  await page.goto('/audio-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Диагностика аудио' })).toBeVisible();
  const device = page.getByTestId('device-info');
  await expect(device).toContainText('Поддержка AudioContext');
  await expect(device).toContainText('Аудио инициализировано');
  await expectNoSeriousViolations(page);

  const statuses = page.getByTestId('audio-test-status');
  await expect(statuses).toHaveText(Array(5).fill('ожидает'));
  await page.getByRole('button', { name: 'Запустить все тесты' }).click();
  await expect(page.getByText('Запуск тестов аудио').first()).toBeVisible();
  await expect(statuses).toHaveText(Array(5).fill('пройден'), { timeout: 45_000 });
  await expect(page.getByText('Тесты завершены').first()).toBeVisible();

  const ids = ['audioContext', 'audioSession', 'singleAudio', 'multipleAudio', 'retryLogic'];
  const log = await page.evaluate(() => window.statusLog);
  // A test that ends within one frame may never be seen running; each is seen leaving 'ожидает' and
  // passing in the order of the list, and none starts before the one above it has passed.
  const firstSeen = (id: string) =>
    log.findIndex((entry) => entry.startsWith(`audio-test-${id}:`) && !entry.endsWith(':ожидает'));
  const passedAt = (id: string) => log.indexOf(`audio-test-${id}:пройден`);
  for (const [at, id] of ids.entries()) {
    expect(passedAt(id)).toBeGreaterThanOrEqual(firstSeen(id));
    const next = ids[at + 1];
    if (next) expect(passedAt(id)).toBeLessThan(firstSeen(next));
  }
  await expect(device).toContainText('running');

  // The retry test's details: the broken first attempt, then a played one.
  const retry = page.getByTestId('audio-test-retryLogic');
  await retry.getByText('Подробности').click();
  await expect(retry).toContainText('attempt 1:');
  await expect(retry).toContainText('attempt 2: played');
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Остановить аудио' }).click();
  await expect(page.getByText('Аудио остановлено').first()).toBeVisible();
});
