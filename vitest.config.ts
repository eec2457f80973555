import { defineConfig } from 'vitest/config';

/** Client files that replace a module (`vi.mock`), which a worker's shared modules would keep replaced. */
const ISOLATED_CLIENT_FILES = [
  'tests/unit/client/dictionary-word-card.test.tsx',
  'tests/unit/client/english-audio-test.test.tsx',
  'tests/unit/client/english-new-learner.test.tsx',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A PGlite instance per file is memory-hungry; two workers match the 2-core CI machine.
    maxWorkers: 2,
    projects: [
      {
        // Node for every unit test but the client's hook and component tests (`tests/unit/client/*.test.tsx`),
        // which ask for happy-dom in their first line (`// @vitest-environment happy-dom`): vitest 4 has no
        // environment by glob, and a project of their own would load a second set of workers.
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', ...ISOLATED_CLIENT_FILES] },
      },
      {
        // The client's screen and hook tests share their worker's packages: each file imported React,
        // Radix, the icons and happy-dom anew, about a second a file. Each still starts as a fresh page,
        // with the app's own modules evaluated anew (tests/support/client/fresh-page.ts).
        extends: true,
        test: {
          name: 'client',
          include: ['tests/unit/client/**/*.test.tsx'],
          exclude: ISOLATED_CLIENT_FILES,
          setupFiles: ['tests/support/client/fresh-page.ts'],
          isolate: false,
        },
      },
      {
        // The integration files share their worker's modules instead of each importing the server anew
        // (about 2 s a file; these files took 273 s, then 154 s). They can: each file opens its own database
        // and app, and the server's state lives in what `buildApp` makes, none in its modules.
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/fuzz-routes.test.ts'],
          isolate: false,
        },
      },
      {
        // Replaces `fastify` with a module of its own to collect every route, so it keeps its own modules.
        extends: true,
        test: { name: 'integration-isolated', include: ['tests/integration/fuzz-routes.test.ts'] },
      },
    ],
  },
});
