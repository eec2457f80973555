import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A PGlite instance per file is memory-hungry; two workers match the 2-core CI machine.
    maxWorkers: 2,
  },
});
