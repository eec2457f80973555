import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, signInLearner } from './support';

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
  await signInLearner(page);
  await expect(page.getByText('Ваш словарь пока пуст')).toBeVisible();
  await expectNoSeriousViolations(page);
});
