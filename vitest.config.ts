import { defineConfig } from 'vitest/config';

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
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'] },
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
