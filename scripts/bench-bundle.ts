/**
 * `npm run bench:bundle`: the JavaScript each route loads before it renders, gzip-compressed, first page
 * included (docs/product/overview.md#routes: every screen is its own chunk). The app is built once more into
 * a temporary folder, then for each route the entry chunk, the chunks that hold the route's lazy modules and
 * every chunk they import statically are summed, and their files counted (each is a request). Later screens check against the
 * budget printed at the end; nothing here is a test.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { lazyRouteImports, textsModule } from './lib/router-screens';

/** The budget for the JavaScript loaded before the first route renders, gzip (docs/product/overview.md#serving-the-client). */
const FIRST_PAGE_BUDGET_KB = 150;

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const clientRoot = join(projectRoot, 'src/client');
const routerSource = readFileSync(join(projectRoot, 'src/client/app/router.tsx'), 'utf8');

/** The object literal around `at` in the router's source: from its `{` to its matching `}`. */
function enclosingObject(at: number): [number, number] {
  let depth = 0;
  let start = at;
  for (; start >= 0; start -= 1) {
    const char = routerSource[start];
    if (char === '}') depth += 1;
    if (char === '{') {
      if (depth === 0) break;
      depth -= 1;
    }
  }
  depth = 0;
  let end = start;
  for (; end < routerSource.length; end += 1) {
    const char = routerSource[end];
    if (char === '{') depth += 1;
    if (char === '}') {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  return [start, end];
}

/**
 * Each route's path and the modules the router loads lazily to render it: its page, and the layouts of the
 * routes around it that are lazy too (`lazy` without a `path`), as paths from the client root.
 */
function lazyRoutes(): Array<[path: string, modules: string[]]> {
  const layouts: Array<{ range: [number, number]; module: string }> = [];
  const routes: Array<{ at: number; path: string; modules: string[] }> = [];
  for (const { at, module, hasTexts, areas } of lazyRouteImports(routerSource)) {
    // The screen's texts, fetched beside its chunk (router.tsx `withTexts`: the error texts and the areas
    // named), counted in Russian, the default.
    const texts = hasTexts ? ['errors', ...areas].map((area) => textsModule(area)) : [];
    const before = routerSource.slice(Math.max(0, at - 80), at);
    const path = /path: '([^']+)',\s*$/.exec(before)?.[1];
    if (path) routes.push({ at, path, modules: [module, ...texts] });
    else layouts.push({ range: enclosingObject(at), module });
  }
  const found: Array<[string, string[]]> = routes.map(({ at, path, modules }) => [
    path,
    [
      ...modules,
      ...layouts.filter(({ range }) => range[0] < at && at < range[1]).map((layout) => layout.module),
    ],
  ]);
  // `/` shows the landing page to a visitor and loads home (with the shell) only for a signed-in learner.
  const index = found.find(([path]) => path === '/');
  if (index) {
    const signedInHome = [...index[1], 'app/signed-in-home.component.tsx', textsModule('errors')];
    found.splice(1, 0, ['/ (signed in)', signedInHome]);
  }
  return found;
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'palabra-bundle-'));
  try {
    /** Each chunk's file, the files it imports statically, and the modules in it, as the bundler wrote them. */
    const chunks = new Map<string, { imports: string[]; moduleIds: string[]; isEntry: boolean }>();
    await build({
      configFile: join(projectRoot, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
      plugins: [
        {
          name: 'bench-bundle-chunks',
          generateBundle(_options, bundle) {
            for (const chunk of Object.values(bundle)) {
              if (chunk.type !== 'chunk') continue;
              const { fileName, imports, moduleIds, isEntry } = chunk;
              chunks.set(fileName, { imports, moduleIds, isEntry });
            }
          },
        },
      ],
    });
    const gzipSizes = new Map<string, number>();
    const sizeOf = (file: string) => {
      let size = gzipSizes.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
        gzipSizes.set(file, size);
      }
      return size;
    };
    /** A chunk's file and every file it imports statically, recursively. */
    const closure = (file: string, into = new Set<string>()): Set<string> => {
      const chunk = chunks.get(file);
      if (!chunk || into.has(file)) return into;
      into.add(file);
      for (const imported of chunk.imports) closure(imported, into);
      return into;
    };
    /** The file that holds a module (a path from the client root), wherever the bundler grouped it. */
    const fileOf = (module: string) =>
      [...chunks].find(([, chunk]) => chunk.moduleIds.includes(join(clientRoot, module)))?.[0];
    const entryFile = [...chunks].find(([, chunk]) => chunk.isEntry)?.[0];
    if (!entryFile) throw new Error('the build has no entry chunk');
    // The app's root, which the entry imports with `import()` to evaluate it in a later task of the start
    // (main.tsx), loads before the first route all the same: counted wherever the bundler put it.
    const mountFile = fileOf('app/mount.tsx');
    if (!mountFile) throw new Error('the build has no chunk for app/mount.tsx');
    const firstPage = closure(mountFile, closure(entryFile));
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const total = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file), 0);
    const firstPageBytes = total(firstPage);

    const rows: Array<[string, number, number, number]> = [];
    for (const [path, modules] of lazyRoutes()) {
      const files = new Set<string>();
      for (const module of modules) {
        const file = fileOf(module);
        if (!file) throw new Error(`no chunk for ${path} (${module})`);
        closure(file, files);
      }
      const route = [...files].filter((file) => !firstPage.has(file));
      rows.push([path, total(route), firstPageBytes + total(route), firstPage.size + route.length]);
    }

    console.log('bench:bundle — JavaScript before each route renders (gzip, KB)');
    console.log(
      `first page (entry, the app's root and their static imports): ${kb(firstPageBytes)} KB in ${firstPage.size} files`,
    );
    console.log(
      'route'.padEnd(18) + 'route chunks'.padStart(14) + 'with first page'.padStart(18) + 'files'.padStart(8),
    );
    for (const [path, own, withFirst, files] of rows) {
      console.log(
        path.padEnd(18) + kb(own).padStart(14) + kb(withFirst).padStart(18) + String(files).padStart(8),
      );
    }
    const verdict = firstPageBytes / 1024 <= FIRST_PAGE_BUDGET_KB ? 'within' : 'over';
    console.log(
      `budget before the first route: ${FIRST_PAGE_BUDGET_KB} KB — ${verdict} (${kb(firstPageBytes)} KB)`,
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
