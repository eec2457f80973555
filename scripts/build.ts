/**
 * `npm run build` (and, with `--if-changed`, the first half of `npm start`): builds the client and the server,
 * each into a fresh folder, and switches `dist/current` and `dist/server/current` to them in one rename each;
 * builds older than the ones they replace are removed, the replaced ones and those a running server serves
 * stay (src/server/lib/build-folders.ts). A running server keeps serving the build it started with; the next
 * start serves the new one.
 *
 * `--if-changed` builds only when the current build was not made from the inputs as they are now (a hash of
 * the sources, the lock file and the build's configuration: scripts/lib/build-inputs.ts), so a start on an
 * unchanged checkout starts at once. Builds of one checkout take turns under a lock file, so `npm start`s
 * run together build once (docs/DEPLOY.md#starting-and-building).
 *
 * The server is bundled into plain JavaScript (its packages stay in node_modules) so it runs on Node alone:
 * compiling TypeScript as it loads, in the server and again in each speech worker, held about 40 MB and
 * 100 MB more (docs/product/decisions.md#embedded-database).
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'esbuild';
import { build } from 'vite';
import { newBuildDir, publishBuild, pruneBuilds } from '../src/server/lib/build-folders';
import { hashBuildInputs, isCurrentBuildOf, recordBuildInputs } from './lib/build-inputs';
import { withBuildLock } from './lib/build-lock';
import { precompressClient } from './lib/precompress';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(projectRoot, 'dist');
const serverDistDir = join(distDir, 'server');

function publish(root: string, buildDir: string, name: string): void {
  const { previous } = publishBuild(root, buildDir);
  const removed = pruneBuilds(root, [buildDir, previous]);
  console.log(
    `${name} published: ${buildDir}` +
      (previous ? ` (kept: ${previous})` : '') +
      (removed.length > 0 ? `; removed ${removed.length} older build(s)` : ''),
  );
}

async function buildAll(inputs: string): Promise<void> {
  const clientDir = newBuildDir(distDir);
  await build({
    configFile: join(projectRoot, 'vite.config.ts'),
    build: { outDir: clientDir, emptyOutDir: true },
  });
  const precompressed = await precompressClient(clientDir);
  console.log(`client: ${precompressed} files precompressed (brotli, gzip)`);

  const serverDir = newBuildDir(serverDistDir);
  await bundle({
    // Each worker is an entry of its own: the server starts it from the file beside its own.
    entryPoints: [
      'src/server/main.ts',
      'src/server/providers/builtin-speech/speech-synthesis.worker.ts',
      'src/server/modules/transfer/file-reading.worker.ts',
    ],
    absWorkingDir: projectRoot,
    outdir: serverDir,
    entryNames: '[name]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Migrations are read at start from the folder beside the code (src/server/db/client.ts).
  cpSync(join(projectRoot, 'src/server/db/migrations'), join(serverDir, 'migrations'), { recursive: true });
  recordBuildInputs(serverDir, inputs, clientDir);

  publish(distDir, clientDir, 'client');
  publish(serverDistDir, serverDir, 'server');
}

const onlyIfChanged = process.argv.includes('--if-changed');
await withBuildLock(join(distDir, '.build.lock'), async () => {
  // Read under the lock: a start that waited for another's build finds it current.
  const inputs = hashBuildInputs(projectRoot);
  if (onlyIfChanged && isCurrentBuildOf(distDir, inputs)) {
    console.log('build is current: nothing to build');
    return;
  }
  await buildAll(inputs);
});
