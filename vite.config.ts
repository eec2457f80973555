import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const serverOrigin = 'http://localhost:5000';

// Vitest resolves test paths (`vitest run tests/unit/client`) against the root, so under Vitest
// the root stays at the project folder while the app itself is built from src/client.
const isVitest = process.env.VITEST === 'true';

export default defineConfig({
  root: isVitest ? projectRoot : clientRoot,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      // Anchored patterns: a bare '/auth' prefix would also swallow the client route /auth-error.
      '^/api/': { target: serverOrigin, changeOrigin: true },
      '^/auth/': { target: serverOrigin, changeOrigin: true },
      '^/media/': { target: serverOrigin, changeOrigin: true },
      '^/ws': { target: serverOrigin, ws: true, changeOrigin: true },
    },
  },
  test: {
    // Playwright specs live in e2e/ and must not be collected by Vitest.
    exclude: [...configDefaults.exclude, 'e2e/**', 'dist/**'],
  },
});
