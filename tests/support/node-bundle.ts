import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles code a test starts as a process of its own, once per file, as `scripts/build.ts` bundles the
 * server: through tsx, each start compiled the code again (seconds a start). `outdir` must lie inside the
 * project, so the bundle finds node_modules as the built server does; `withMigrations` copies the
 * migrations beside the code, where the server reads them (src/server/db/client.ts).
 */
export async function bundleForNode(
  options: Pick<BuildOptions, 'entryPoints' | 'outdir' | 'entryNames' | 'outExtension'>,
  { withMigrations = false }: { withMigrations?: boolean } = {},
): Promise<void> {
  await build({
    ...options,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  if (withMigrations && options.outdir) {
    await cp(path.join(repoRoot, 'src/server/db/migrations'), path.join(options.outdir, 'migrations'), {
      recursive: true,
    });
  }
}
