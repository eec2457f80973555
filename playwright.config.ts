import { defineConfig } from '@playwright/test';

const port = 5179;
const dataDir = '.tmp/e2e-data';
const fakeProvidersPort = 5181;
const fakeProvidersOrigin = `http://127.0.0.1:${fakeProvidersPort}`;

/** Debian's Chromium, never a downloaded browser, started without anything that phones home. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Three on two cores: a test spends much of its time waiting for the server's jobs and for audio heard in
  // real time, which a third worker fills.
  workers: 3,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'ru-RU',
    // A failed test keeps a screenshot. No trace is recorded: recording one for every test (to keep it for a
    // failure) took 15% of the suite's CPU on two cores (the suite took 277 s with it, 247 s without). To
    // follow a failure step by step, run it again with `npx playwright test <file> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      // The fake AI providers, speaking the real protocols; the app below sends every provider call here.
      command: `tsx tests/support/fake-providers/main.ts --port ${fakeProvidersPort}`,
      url: `${fakeProvidersOrigin}/openai/v1/models`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The built app and server, as `npm start` runs them (npm test builds before this runs), on a fresh
      // embedded database holding the learners the tests sign in as (e2e/learner-pool.ts).
      command: `tsx e2e/seed-learners.ts ${dataDir} && node dist/server/current/main.js`,
      url: `http://localhost:${port}/api/auth/status`,
      reuseExistingServer: false,
      // Stopped as a learner stops it, so it stops its database server too.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        OPENAI_BASE_URL: `${fakeProvidersOrigin}/openai/v1`,
        ELEVENLABS_BASE_URL: `${fakeProvidersOrigin}/elevenlabs`,
        LEONARDO_BASE_URL: `${fakeProvidersOrigin}/leonardo/api/rest/v1`,
      },
    },
  ],
});
