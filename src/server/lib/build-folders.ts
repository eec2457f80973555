import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built client, one folder per build (docs/product/overview.md#serving-the-client): `dist/builds/<id>`,
 * with `dist/current` a symbolic link to the one served (the bundled server is kept the same way below
 * `dist/server`). A new build is written beside the others and the
 * link is switched in one rename, so a running server or an open tab never sees a half-written build; the
 * build before it is kept until the next one, so tabs opened on it still find their chunks.
 */

const BUILDS = 'builds';
const CURRENT = 'current';
/** A build folder this young may be another `npm start` still writing it: never pruned. */
const IN_PROGRESS_MS = 10 * 60 * 1000;

export const buildsDirOf = (distDir: string) => join(distDir, BUILDS);

/**
 * The project's `dist`, found from a module's own URL: the server runs from its sources (tsx, tests) or
 * from its bundle in `dist/server/builds/<id>`, at different depths below the project.
 */
export function projectDistDir(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No project folder above ${fileURLToPath(moduleUrl)}`);
    dir = parent;
  }
  return join(dir, 'dist');
}

/** A fresh, empty folder for the next build. */
export function newBuildDir(distDir: string, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').replace('Z', '');
  const dir = join(buildsDirOf(distDir), `${stamp}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The served build's real folder, or null before the first build. */
export function currentBuildDir(distDir: string): string | null {
  const link = join(distDir, CURRENT);
  try {
    return realpathSync(link);
  } catch {
    return null;
  }
}

/** Builds other than `current`, newest first: where chunks that open tabs still ask for are found. */
export function olderBuildDirs(distDir: string, current: string | null): string[] {
  const buildsDir = buildsDirOf(distDir);
  if (!existsSync(buildsDir)) return [];
  return readdirSync(buildsDir)
    .map((name) => join(buildsDir, name))
    .filter((dir) => dir !== current && statSync(dir).isDirectory())
    .sort()
    .reverse();
}

/**
 * Points `dist/current` at `buildDir` in one rename (a symbolic link made beside it, then moved over it);
 * answers the build it pointed at before.
 */
export function publishBuild(distDir: string, buildDir: string): { previous: string | null } {
  const previous = currentBuildDir(distDir);
  const link = join(distDir, CURRENT);
  const staged = join(distDir, `.${CURRENT}-${process.pid}`);
  rmSync(staged, { force: true });
  symlinkSync(relative(distDir, buildDir), staged, 'dir');
  if (existsSync(link) && !lstatSync(link).isSymbolicLink()) rmSync(link, { recursive: true, force: true });
  renameSync(staged, link);
  return { previous };
}

/** Removes every build but `keep` and those still being written; answers the folders removed. */
export function pruneBuilds(distDir: string, keep: readonly (string | null)[], now = Date.now()): string[] {
  const kept = new Set(keep.filter((dir): dir is string => dir !== null));
  const removed: string[] = [];
  for (const dir of olderBuildDirs(distDir, null)) {
    if (kept.has(dir) || now - statSync(dir).mtimeMs < IN_PROGRESS_MS) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}
