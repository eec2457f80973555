/**
 * The screens and layouts `src/client/app/router.tsx` loads with `import()`, read from its source: the build puts
 * each screen's own catalogue areas in the screen's file (client-chunks.ts), and `npm run bench:bundle` counts
 * what each route loads. The router writes each one as `Component: (await import('…'))` or
 * `Component: (await withTexts(import('…'), ['area', …]))`.
 */
export interface LazyRouteImport {
  /** Where the import is in the router's source. */
  at: number;
  /** The imported module, as a path from the client root (`features/learn/learn.page.tsx`). */
  module: string;
  /** Whether it comes through `withTexts`, which fetches the error texts and `areas` beside it. */
  hasTexts: boolean;
  /** The catalogue areas named for it (`learn`, `settingsDisplay`). */
  areas: string[];
}

const LAZY_IMPORT =
  /lazy: async \(\) => \(\{\s*Component: \(\s*await (withTexts\()?import\('\.\.?\/([^']+)'\)(?:,\s*\[([^\]]*)\])?/g;

/** The router's module beside it (`./x`) or a screen below the client root (`../features/…`), from the root. */
const moduleOf = (target: string) => `${target.startsWith('features/') ? target : `app/${target}`}.tsx`;

export function lazyRouteImports(routerSource: string): LazyRouteImport[] {
  return [...routerSource.matchAll(LAZY_IMPORT)].flatMap((match) => {
    const [, withTexts, target, areas] = match;
    if (!target) return [];
    return [
      {
        at: match.index,
        module: moduleOf(target),
        hasTexts: withTexts !== undefined,
        areas: [...(areas ?? '').matchAll(/'([a-zA-Z]+)'/g)].map(([, area]) => area ?? ''),
      },
    ];
  });
}

/** A catalogue area's texts in one language (`settingsDisplay` → `i18n/settings-display.ru.json`), from the root. */
export const textsModule = (area: string, language = 'ru') =>
  `i18n/${area.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.${language}.json`;
