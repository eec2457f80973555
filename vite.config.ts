import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const clientRoot = fileURLToPath(new URL('./src/client', import.meta.url));
const serverOrigin = 'http://localhost:5000';

// Vitest resolves test paths (`vitest run tests/unit/client`) against the root, so under Vitest
// the root stays at the project folder while the app itself is built from src/client.
const isVitest = process.env.VITEST === 'true';

/**
 * The built page's stylesheets stop blocking its first paint (docs/product/overview.md#serving-the-client):
 * each becomes a `preload` (fetched at once, at high priority, but applied by nobody), and the client applies
 * it from its entry before it renders (lib/deferred-stylesheets.ts), so no page shows unstyled. No inline
 * `onload` handler, which the Content-Security-Policy forbids.
 */
function deferStylesheets(): Plugin {
  return {
    name: 'palabra-defer-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"((?: crossorigin)?) href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-deferred-stylesheet>',
        ),
    },
  };
}

export default defineConfig({
  root: isVitest ? projectRoot : clientRoot,
  plugins: [react(), tailwindcss(), deferStylesheets()],
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
