import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerThroughForm, uniqueUser } from './support';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('landing has no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Изучай испанский' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('login has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Продолжить через Google' })).toBeDisabled();
  await expectNoSeriousViolations(page);
});

test('register has no serious accessibility violation', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('home has no serious accessibility violation', async ({ page }) => {
  await registerThroughForm(page, uniqueUser());
  await expect(page.getByText('Ваш словарь пока пуст')).toBeVisible();
  await expectNoSeriousViolations(page);
});
