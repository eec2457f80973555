/**
 * `npm run build` (and the first half of `npm start`): builds the client into a fresh folder, switches
 * `dist/current` to it in one rename, and removes builds older than the one it replaces, which stays for the
 * tabs still open on it (src/server/lib/client-builds.ts). A running server keeps serving the build it
 * started with; the next start serves the new one.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { newBuildDir, publishBuild, pruneBuilds } from '../src/server/lib/client-builds';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const distDir = join(projectRoot, 'dist');

const buildDir = newBuildDir(distDir);
await build({
  configFile: join(projectRoot, 'vite.config.ts'),
  build: { outDir: buildDir, emptyOutDir: true },
});
const { previous } = publishBuild(distDir, buildDir);
const removed = pruneBuilds(distDir, [buildDir, previous]);
console.log(
  `client published: dist/current → ${buildDir}` +
    (previous ? ` (kept for open tabs: ${previous})` : '') +
    (removed.length > 0 ? `; removed ${removed.length} older build(s)` : ''),
);
