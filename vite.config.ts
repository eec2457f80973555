import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { clientChunkOutput, clientChunkPlugins } from './scripts/lib/client-chunks';
import { zodWithoutJsonSchema } from './scripts/lib/zod-without-json-schema';

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

/**
 * The chunks the entry imports statically: loaded with the first page, before any route. A route's
 * preload list need not name them again; each name costs the first page bytes (the lists live in the entry).
 */
const firstPageChunks = new Set<string>();

/** Records `firstPageChunks` once the bundle is known, before the preload lists are written. */
function recordFirstPageChunks(): Plugin {
  return {
    name: 'palabra-first-page-chunks',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      firstPageChunks.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || firstPageChunks.has(fileName)) return;
        firstPageChunks.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
      }
    },
  };
}

export default defineConfig({
  root: isVitest ? projectRoot : clientRoot,
  plugins: [
    react(),
    tailwindcss(),
    deferStylesheets(),
    recordFirstPageChunks(),
    zodWithoutJsonSchema(),
    ...clientChunkPlugins(clientRoot),
  ],
  build: {
    // Seven hash characters (the fewest the bundler takes), not eight: the entry lists every lazy chunk's name for its preloads, and hashes do
    // not compress; among a few hundred files six base-64 characters still never collide in practice.
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        // A shared group's name lists every screen that uses it: the hash alone names it, and the entry's preload
        // lists stay short.
        chunkFileNames: ({ name }) =>
          name.startsWith('shared~') ? 'assets/shared-[hash:7].js' : 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        ...clientChunkOutput,
      },
    },
    modulePreload: {
      // The page itself preloads all of the first page's files (they are what it loads first); a lazy
      // screen's list leaves them out, as they have loaded already.
      resolveDependencies: (_fileName, dependencies, { hostType }) =>
        hostType === 'html'
          ? dependencies
          : dependencies.filter((dependency) => !firstPageChunks.has(dependency)),
    },
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
