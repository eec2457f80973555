import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * How the client is cut into files (docs/product/overview.md#serving-the-client). On a phone's connection
 * every file costs a round trip, and a signed-in screen used to load 40–80 files of 1–2 KB (an icon, a
 * button, a hook each). Now:
 * - the entry and everything it imports are one file;
 * - the landing page's own modules are one more file, the sign-in pages' one more, so a visitor never
 *   loads the signed-in shell;
 * - the shared code home with its shell reaches is one more file (`SHELL_ROOT`);
 * - what the signed-in screens share besides (libraries, `ui/`, `lib/`, the contract) is grouped by the
 *   screens that use it, a group under `SHARED_MERGE_BELOW_BYTES` merged into its nearest neighbour;
 * - a screen's own modules stay in its own chunk.
 * Module order is kept strict, as grouping modules across chunks asks (without it a schema built in one
 * file could read another's before it ran).
 */

/** Where the signed-out pages begin, from the client root. */
const LANDING_ROOT = 'app/index-route.component.tsx';
/**
 * Home inside the signed-in shell. What it reaches of the shared code (the shell's libraries, `ui/`, `lib/`,
 * home's part of the contract) is one file, which the other signed-in screens load too: home comes in ten files
 * instead of sixteen to nineteen. A screen that needs only part of it (Learn, without the bar) loads some KB
 * it does not use.
 */
const SHELL_ROOT = 'app/signed-in-home.component.tsx';
const SIGN_IN_ROOTS = [
  'features/auth/login.page.tsx',
  'features/auth/register.page.tsx',
  'features/auth/auth-error.page.tsx',
];
/**
 * Below this (minified), a shared group is merged into its nearest neighbour. 15 KB glued unrelated code onto
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
/** Each screen and layout loaded with `import()` keeps its own chunk, outside every group. */
const lazyModules = new Set<string>();

function recordReachableModules(clientRoot: string): Plugin {
  return {
    name: 'palabra-reachable-modules',
    apply: 'build',
    buildEnd() {
      const visit = (id: string, into: Set<string>) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported, into);
      };
      for (const set of [reachable.landing, reachable.signIn, reachable.shell, lazyModules]) set.clear();
      for (const id of this.getModuleIds()) {
        if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) lazyModules.add(id);
      }
      visit(`${clientRoot}/${LANDING_ROOT}`, reachable.landing);
      for (const root of SIGN_IN_ROOTS) visit(`${clientRoot}/${root}`, reachable.signIn);
      visit(`${clientRoot}/${SHELL_ROOT}`, reachable.shell);
    },
  };
}

export function clientChunkPlugins(clientRoot: string): Plugin[] {
  return [importPartsNotIndexes(), recordReachableModules(clientRoot)];
}

const isShared = (id: string) => /[\\/](node_modules|shared|ui|lib|i18n)[\\/]/.test(id);

/** Rolldown's `output.codeSplitting` and the order it needs. */
export const clientChunkOutput = {
  strictExecutionOrder: true,
  codeSplitting: {
    groups: [
      { name: 'first-page', tags: ['$initial' as const], priority: 4 },
      {
        name: 'landing',
        test: (id: string) => reachable.landing.has(id) && !lazyModules.has(id),
        priority: 3,
      },
      {
        name: 'sign-in',
        test: (id: string) => reachable.signIn.has(id) && !lazyModules.has(id),
        priority: 2,
      },
      {
        name: 'shell',
        test: (id: string) => reachable.shell.has(id) && isShared(id) && !lazyModules.has(id),
        priority: 1.5,
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
