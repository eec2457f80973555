// @ts-check
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The layer a repository path belongs to, with the screen's name for client features. */
function layerOf(/** @type {string} */ absolute) {
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  const feature = /^src\/client\/features\/([^/]+)\//.exec(relative);
  if (feature) return { layer: 'feature', feature: feature[1] };
  if (/^src\/client\/(lib|ui)\//.test(relative)) return { layer: 'client-shared' };
  if (relative.startsWith('src/client/app/')) return { layer: 'app' };
  if (relative.startsWith('src/client/')) return { layer: 'client' };
  if (relative.startsWith('src/server/modules/')) return { layer: 'server', part: 'modules' };
  if (relative.startsWith('src/server/jobs/')) return { layer: 'server', part: 'jobs' };
  if (relative.startsWith('src/server/')) return { layer: 'server' };
  if (relative.startsWith('src/shared/')) return { layer: 'shared' };
  return { layer: 'other' };
}

/** Why `from` may not import `to`, or null when it may. */
function violation(
  /** @type {ReturnType<typeof layerOf>} */ from,
  /** @type {ReturnType<typeof layerOf>} */ to,
) {
  if (from.layer === 'shared' && ['feature', 'client-shared', 'client', 'app', 'server'].includes(to.layer))
    return 'src/shared is imported by both sides and imports neither.';
  if (from.layer === 'server' && ['feature', 'client-shared', 'client', 'app'].includes(to.layer))
    return 'The server never imports client code.';
  if (from.part === 'modules' && to.part === 'jobs')
    return 'A module does not import from src/server/jobs/: jobs depend on modules, never the reverse. Start a job through JobStarter (src/server/lib/job-starter.ts), with its kind and input from src/shared/api/jobs.ts.';
  if (from.layer !== 'server' && from.layer !== 'shared' && from.layer !== 'other' && to.layer === 'server')
    return 'The client talks to the server over HTTP only; shared code lives in src/shared.';
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature)
    return `A screen does not import another screen (features/${from.feature} → features/${to.feature}): move what both use to src/client/lib or src/client/ui.`;
  if (from.layer === 'client-shared' && (to.layer === 'feature' || to.layer === 'app'))
    return 'src/client/lib and src/client/ui serve every screen and import none, nor the app that mounts them.';
  if (from.layer === 'feature' && to.layer === 'app')
    return 'A screen does not import the app that mounts every screen (src/client/app).';
  return null;
}

/**
 * Import boundaries between layers (docs/ARCHITECTURE.md), checked on the resolved path of every relative
 * import, so `../../dictionary/lib/x` is caught as surely as a path spelling out `features/`. On the server,
 * `src/server/modules/` never imports `src/server/jobs/` (jobs depend on modules, never the reverse).
 * @type {import('eslint').Rule.RuleModule}
 */
export const importBoundariesRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Keeps screens, client-shared code, shared code and the server apart, and the server's modules off its jobs.",
    },
    schema: [],
  },
  create(context) {
    const from = layerOf(context.filename);
    if (from.layer === 'other') return {};
    const check = (/** @type {import('estree').Node | null | undefined} */ source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), specifier);
      const message = violation(from, layerOf(target));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import('../x').T` in a type and `import x = require('../x')` name a module as surely as an import.
      /** @param {any} node */
      TSImportType: (node) => check(node.argument?.literal ?? node.argument),
      /** @param {any} node */
      TSImportEqualsDeclaration: (node) => check(node.moduleReference?.expression),
    };
  },
};
