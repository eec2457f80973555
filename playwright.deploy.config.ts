import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './playwright.config';

/**
 * `npm run test:deploy` (docs/DEPLOY.md#the-reference-deployment): not part of `npm test`, since a fresh
 * machine has no Caddy; `.ci/run` installs it and runs this. The deployment is started by the spec itself.
 */
export default defineConfig({
  testDir: 'e2e-deploy',
  workers: 1,
  forbidOnly: true,
  retries: 0,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'ru-RU',
    // Caddy's local certificate authority is trusted by nobody, the system included.
    ignoreHTTPSErrors: true,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
