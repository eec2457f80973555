import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { lazyRouteImports, textsModule } from './router-screens';

/**
 * How the client is cut into files (docs/product/overview.md#serving-the-client). On a phone's connection
 * every file costs a round trip, and a signed-in screen used to load 40–80 files of 1–2 KB (an icon, a
 * button, a hook each). Now:
 * - the entry and everything it imports are one file, with what the entry loads with `import()` to evaluate
 *   it in a later task of the start (`FIRST_PAGE_DEFERRED_ROOT`);
 * - the landing page's own modules, with the `/` route that chooses it (`LANDING_ROOT`), are one more file,
 *   the sign-in pages' one more (with the Russian error texts, `ERROR_TEXTS`), so a visitor never loads the
 *   signed-in shell;
 * - home, its shell and the shared code they reach are one more file (`SHELL_ROOT`), with what every
 *   signed-in screen loads beside itself (`SIGNED_IN_SYNC_ROOT`);
 * - what the signed-in screens load besides with their pages (libraries, `ui/`, `lib/`, the contract) is
 *   grouped by the screens that load it, small groups merged where a file saved is worth more than the bytes
 *   added (`screenGroups`);
 * - what only their dialogs and menus load later is grouped by the entries that use it, a group under
 *   `SHARED_MERGE_BELOW_BYTES` merged into its nearest neighbour;
 * - a screen's own modules stay in its own chunk, with the shared modules no other screen loads with its
 *   page (`modulesOfOneScreen`) and the Russian texts of the catalogue areas no other screen fetches
 *   (`screenFileOf`).
 * Module order is kept strict, as grouping modules across chunks asks (without it a schema built in one
 * file could read another's before it ran).
 */

/**
 * What the entry loads with `import()` to evaluate it in a later task of the start (React's DOM renderer and the
 * app's root): part of the first page's file all the same.
 */
const FIRST_PAGE_DEFERRED_ROOT = 'app/mount.tsx';

/**
 * Where the signed-out pages begin, from the client root: the `/` route, which chooses between the landing page
 * and home, comes in the landing page's file, which every page loads, rather than in a file of its own.
 */
const LANDING_ROOT = 'app/index-route.component.tsx';
/**
 * Home inside the signed-in shell. It, the layouts and what they reach (the shell's libraries, `ui/`, `lib/`,
 * home's part of the contract) are one file, which the other signed-in screens load too, as they load the
 * layouts: home comes in six files instead of sixteen to nineteen, and every signed-in screen in one file fewer
 * than with home and the layouts apart. A screen that needs only part of it (Learn, without the bar) loads some
 * KB it does not use.
 */
const SHELL_ROOT = 'app/signed-in-home.component.tsx';
/**
 * What every signed-in screen loads beside itself: the sync of settings, time zone and session. It and its
 * shared code (the settings' part of the contract) join the shell's file rather than making one more file.
 */
const SIGNED_IN_SYNC_ROOT = 'app/signed-in-sync.component.tsx';
/**
 * The error texts in Russian, which every screen but the landing page fetches with its code (the router's
 * `withTexts`), and every such screen loads the sign-in pages' file (the contract's schemas): they come in it
 * rather than in a file of their own.
 */
const ERROR_TEXTS = /[\\/]i18n[\\/]errors\.ru\.json$/;
const SIGN_IN_ROOTS = [
  'features/auth/login.page.tsx',
  'features/auth/register.page.tsx',
  'features/auth/auth-error.page.tsx',
];
/**
 * Below this (minified), a group of what dialogs and menus share is merged into its nearest neighbour. 15 KB glued unrelated code onto
 * the groups a screen loads (Learn loaded Floating UI, which only the selects of other screens use); 8 KB loads
 * as much or less on every screen (`npm run bench:bundle`), for a few more files on some.
 */
const SHARED_MERGE_BELOW_BYTES = 8_000;

/**
 * Package indexes that only re-export their parts: an import from one names the part's own module instead
 * (`import { X } from 'lucide-react'` → `import X from 'lucide-react/icons/x'`; `import { Dialog as D } from
 * 'radix-ui'` → `import * as D from '@radix-ui/react-dialog'`). Reading the module graph through an index
 * would find every icon or primitive the app uses behind any one of them.
 */
interface IndexPackage {
  /** The module the package's index is, as it resolves. */
  name: string;
  /** From the index's text: each exported name's own module, and whether it is that module's default. */
  parts(indexSource: string): Map<string, { specifier: string; isDefault: boolean }>;
}

const INDEX_PACKAGES: IndexPackage[] = [
  {
    name: 'lucide-react',
    // `export { default as X, default as XIcon, … } from './icons/x.mjs';`
    parts(indexSource) {
      const parts = new Map<string, { specifier: string; isDefault: boolean }>();
      for (const [, names = '', file = ''] of indexSource.matchAll(
        /export \{([^}]+)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g,
      )) {
        for (const [, name] of names.matchAll(/default as (\w+)/g)) {
          if (name) parts.set(name, { specifier: `lucide-react/icons/${file}`, isDefault: true });
        }
      }
      return parts;
    },
  },
  {
    name: 'radix-ui',
    // `import * as Dialog from "@radix-ui/react-dialog";` … `export { Dialog, … };`
    parts(indexSource) {
      const parts = new Map<string, { specifier: string; isDefault: boolean }>();
      for (const [, name = '', specifier = ''] of indexSource.matchAll(
        /import \* as (\w+) from "(@radix-ui\/[a-z-]+)";/g,
      )) {
        parts.set(name, { specifier, isDefault: false });
      }
      return parts;
    },
  },
];

function importPartsNotIndexes(): Plugin {
  /** Per package: exported name → the part's module, resolved from the package (its own dependency). */
  const partsOf = new Map<string, Map<string, { id: string; isDefault: boolean }>>();
  return {
    name: 'palabra-import-parts-not-indexes',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      for (const indexPackage of INDEX_PACKAGES) {
        const index = await this.resolve(indexPackage.name);
        if (!index) this.error(`${indexPackage.name} does not resolve`);
        const resolved = new Map<string, { id: string; isDefault: boolean }>();
        for (const [name, part] of indexPackage.parts(readFileSync(index.id, 'utf8'))) {
          const partModule = await this.resolve(part.specifier, index.id);
          if (partModule) resolved.set(name, { id: partModule.id, isDefault: part.isDefault });
        }
        if (resolved.size === 0) this.error(`${indexPackage.name}'s index names no parts`);
        partsOf.set(indexPackage.name, resolved);
      }
    },
    transform: {
      filter: { id: /[\\/]src[\\/]client[\\/].*\.tsx?$/ },
      handler(code) {
        let result = code;
        for (const [packageName, parts] of partsOf) {
          if (!result.includes(`'${packageName}'`)) continue;
          const statement = new RegExp(`import \\{([^}]*)\\} from '${packageName}';`, 'g');
          result = result.replace(statement, (whole, list: string) => {
            const imports: string[] = [];
            const kept: string[] = [];
            for (const entry of list
              .split(',')
              .map((item) => item.trim())
              .filter(Boolean)) {
              const [name = '', local = name] = entry.split(/\s+as\s+/);
              const part = parts.get(name);
              if (entry.startsWith('type ') || !part) kept.push(entry);
              else
                imports.push(
                  `import ${part.isDefault ? local : `* as ${local}`} from ${JSON.stringify(part.id)};`,
                );
            }
            if (imports.length === 0) return whole;
            if (kept.length > 0) imports.push(`import { ${kept.join(', ')} } from '${packageName}';`);
            return imports.join(' ');
          });
        }
        return result === code ? null : result;
      },
    },
  };
}

/**
 * The modules each kind of signed-out page and home reach through static imports, and the modules loaded with
 * `import()`, once the module graph is known (before chunks are made): the groups below read them.
 */
const reachable = { landing: new Set<string>(), signIn: new Set<string>(), shell: new Set<string>() };
/**
 * The first page's modules: what the entry reaches through static imports, and `FIRST_PAGE_DEFERRED_ROOT`. Read
 * from the module graph, so what a package's index re-exports comes too, used or not (react-query's queries and
 * mutation observers, some 2 KB compressed, which the first page's own code does not call).
 */
const firstPage = new Set<string>();
/**
 * The modules loaded with `import()`: each screen keeps a chunk of its own (with its own texts, `screenFileOf`),
 * which no shared group takes, but for the roots the landing and shell groups start from (and `ERROR_TEXTS`).
 * Any other such module that screens also import statically comes with the one screen that does, or with the
 * group of the screens that do (`recordReachableModules`).
 */
const lazyModules = new Set<string>();
/** The shared modules the screens load with them, by group (`screenGroups` below): module → group name. */
const screenGroupOf = new Map<string, string>();
/**
 * A screen that fetches catalogue areas no other screen fetches (the router's `withTexts`), and their Russian
 * texts: module → the screen's file. Each such area comes in its screen's file instead of a file of its own, as
 * every screen fetches its areas in Russian on a first visit, an English interface included (the language
 * shown until English's texts are in); an English learner's later visit loads the few KB of Russian unused.
 */
const screenFileOf = new Map<string, string>();

/** A screen's file is named after its page module: `features/learn/learn.page.tsx` → `learn.page`. */
const screenFileName = (module: string) => module.replace(/^.*[\\/]/, '').replace(/\.tsx?$/, '');

/** The screens of `router.tsx` and the areas no other screen fetches: their modules → the screen's file. */
function screenFiles(clientRoot: string): Map<string, string> {
  const screens = lazyRouteImports(readFileSync(`${clientRoot}/app/router.tsx`, 'utf8')).filter(
    (screen) => screen.hasTexts,
  );
  const screensFetching = new Map<string, number>();
  for (const { areas } of screens) {
    for (const area of areas) screensFetching.set(area, (screensFetching.get(area) ?? 0) + 1);
  }
  const files = new Map<string, string>();
  for (const { module, areas } of screens) {
    const ownAreas = areas.filter((area) => screensFetching.get(area) === 1);
    if (ownAreas.length === 0) continue;
    const file = screenFileName(module);
    files.set(`${clientRoot}/${module}`, file);
    for (const area of ownAreas) files.set(`${clientRoot}/${textsModule(area)}`, file);
  }
  return files;
}

const isShared = (id: string) => /[\\/](node_modules|shared|ui|lib|i18n)[\\/]/.test(id);

/**
 * What one more file costs a screen, in bytes of module code (before minifying and compressing) it could load
 * instead. On a phone's connection a page has six connections to the server, and each file waits its turn and a
 * round trip: 20 KB of code is about 5 KB compressed, which that time would have carried.
 */
export const FILE_COST_IN_BYTES = 20_000;

export interface ScreenGroup {
  /** The screens (modules loaded with `import()` from the first page) that load the group's modules. */
  screens: Set<string>;
  modules: string[];
  bytes: number;
}

/**
 * What merging two groups saves (negative: what it costs): a file fewer for every screen that loads both,
 * against the bytes each screen now loads that it did not need.
 */
function mergeSaving(a: ScreenGroup, b: ScreenGroup): number {
  let shared = 0;
  let aOnly = 0;
  for (const screen of a.screens) {
    if (b.screens.has(screen)) shared += 1;
    else aOnly += 1;
  }
  const bOnly = b.screens.size - shared;
  return shared * FILE_COST_IN_BYTES - (a.bytes * bOnly + b.bytes * aOnly);
}

/**
 * The shared modules the screens load with them, grouped by the screens that load them, as a screen loads
 * them: with its page, not with the dialogs and menus it opens later (those are loaded with `import()` too,
 * and grouping by every such entry split a screen's shared code into a dozen files of 2–10 KB). Then, while
 * some merge of two groups saves the screens more in files than it costs them in bytes (`mergeSaving`), the
 * pair that saves most is merged.
 */
export function screenGroups(
  screens: Map<string, Set<string>>,
  bytesOf: (id: string) => number,
): ScreenGroup[] {
  const byKey = new Map<string, ScreenGroup>();
  const screensLoading = new Map<string, Set<string>>();
  for (const [screen, modules] of screens) {
    for (const id of modules) {
      const loading = screensLoading.get(id) ?? new Set<string>();
      loading.add(screen);
      screensLoading.set(id, loading);
    }
  }
  for (const [id, loading] of screensLoading) {
    // A module one screen alone loads stays in that screen's own chunk.
    if (loading.size < 2) continue;
    const key = [...loading].sort().join('|');
    const group = byKey.get(key) ?? { screens: loading, modules: [], bytes: 0 };
    group.modules.push(id);
    group.bytes += bytesOf(id);
    byKey.set(key, group);
  }
  const groups = [...byKey.values()];
  for (;;) {
    let best: { saving: number; i: number; j: number } | undefined;
    for (let i = 0; i < groups.length; i += 1) {
      for (let j = i + 1; j < groups.length; j += 1) {
        const saving = mergeSaving(groups[i]!, groups[j]!);
        if (saving > 0 && (!best || saving > best.saving)) best = { saving, i, j };
      }
    }
    if (!best) return groups;
    const [a, b] = [groups[best.i]!, groups[best.j]!];
    groups.splice(best.j, 1);
    groups[best.i] = {
      screens: new Set([...a.screens, ...b.screens]),
      modules: [...a.modules, ...b.modules],
      bytes: a.bytes + b.bytes,
    };
  }
}

/**
 * A module one screen alone loads with its page comes in that screen's file: module → that screen. Left to the
 * bundler, one that a dialog, a menu or a later tab uses as well (Settings' switch, the dictionary's export
 * button) went to a small file of its own or to a group of what those load later, and one loaded with
 * `import()` elsewhere (Learn's menu calls) became a file of its own: each a file more for the screen. One that
 * more screens load joins their group (`screenGroups`).
 */
export function modulesOfOneScreen(screens: Map<string, Set<string>>): Map<string, string> {
  const screensLoading = new Map<string, string[]>();
  for (const [screen, modules] of screens) {
    for (const id of modules) screensLoading.set(id, [...(screensLoading.get(id) ?? []), screen]);
  }
  const ofOneScreen = new Map<string, string>();
  for (const [id, [screen, ...others]] of screensLoading) {
    if (screen && others.length === 0) ofOneScreen.set(id, screen);
  }
  return ofOneScreen;
}

function recordReachableModules(clientRoot: string): Plugin {
  return {
    name: 'palabra-reachable-modules',
    apply: 'build',
    buildEnd() {
      const visit = (id: string, into: Set<string>, stopAt?: Set<string>) => {
        if (into.has(id) || stopAt?.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported, into, stopAt);
      };
      for (const set of [reachable.landing, reachable.signIn, reachable.shell, lazyModules, firstPage]) {
        set.clear();
      }
      screenGroupOf.clear();
      screenFileOf.clear();
      const found = screenFiles(clientRoot);
      if (found.size === 0) this.error('router.tsx names no screen with catalogue areas of its own');
      for (const [id, file] of found) screenFileOf.set(id, file);
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if ((info?.dynamicImporters.length ?? 0) > 0) lazyModules.add(id);
        if (info?.isEntry) visit(id, firstPage);
      }
      visit(`${clientRoot}/${FIRST_PAGE_DEFERRED_ROOT}`, firstPage);
      visit(`${clientRoot}/${LANDING_ROOT}`, reachable.landing);
      for (const root of SIGN_IN_ROOTS) visit(`${clientRoot}/${root}`, reachable.signIn);
      visit(`${clientRoot}/${SHELL_ROOT}`, reachable.shell);
      visit(`${clientRoot}/${SIGNED_IN_SYNC_ROOT}`, reachable.shell);

      // The groups above take their modules first; a screen's group holds only what is left.
      const claimed = new Set([...firstPage, ...reachable.landing, ...reachable.signIn]);
      for (const id of reachable.shell) if (isShared(id)) claimed.add(id);
      const screenIds = new Set(
        [...lazyModules].filter(
          (id) =>
            !firstPage.has(id) &&
            (this.getModuleInfo(id)?.dynamicImporters ?? []).some((importer) => firstPage.has(importer)),
        ),
      );
      const screens = new Map<string, Set<string>>();
      for (const id of screenIds) {
        const loaded = new Set<string>();
        visit(id, loaded, firstPage);
        screens.set(
          id,
          new Set(
            [...loaded].filter(
              (m) => !screenIds.has(m) && (isShared(m) || lazyModules.has(m)) && !claimed.has(m),
            ),
          ),
        );
      }
      for (const [id, screen] of modulesOfOneScreen(screens)) {
        const file = screenFileOf.get(screen) ?? screenFileName(screen);
        screenFileOf.set(screen, file);
        screenFileOf.set(id, file);
      }
      const bytesOf = (id: string) => this.getModuleInfo(id)?.code?.length ?? 0;
      screenGroups(screens, bytesOf).forEach((group, index) => {
        for (const id of group.modules) screenGroupOf.set(id, `shared~screens~${index}`);
      });
    },
  };
}

export function clientChunkPlugins(clientRoot: string): Plugin[] {
  return [importPartsNotIndexes(), recordReachableModules(clientRoot)];
}

/** Rolldown's `output.codeSplitting` and the order it needs. */
export const clientChunkOutput = {
  strictExecutionOrder: true,
  codeSplitting: {
    groups: [
      { name: 'first-page', test: (id: string) => firstPage.has(id), priority: 4 },
      {
        name: 'landing',
        test: (id: string) => reachable.landing.has(id),
        priority: 3,
      },
      {
        name: 'sign-in',
        test: (id: string) => (reachable.signIn.has(id) && !lazyModules.has(id)) || ERROR_TEXTS.test(id),
        priority: 2,
      },
      {
        name: 'shell',
        test: (id: string) => reachable.shell.has(id),
        priority: 1.5,
      },
      {
        name: (id: string) => screenGroupOf.get(id) ?? null,
        debugName: 'screen groups',
        test: (id: string) => screenGroupOf.has(id),
        priority: 1.2,
      },
      {
        // Before what dialogs, menus and later tabs share, which would otherwise take a module the screen alone
        // loads with its page (`modulesOfOneScreen`); no module the groups above hold is the screen's alone.
        name: (id: string) => screenFileOf.get(id) ?? null,
        debugName: 'screens with their own modules and texts',
        test: (id: string) => screenFileOf.has(id),
        priority: 1.1,
      },
      {
        name: 'shared',
        test: (id: string) => isShared(id) && !lazyModules.has(id),
        minShareCount: 2,
        entriesAware: true,
        entriesAwareMergeThreshold: SHARED_MERGE_BELOW_BYTES,
        priority: 1,
      },
    ],
  },
};
