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
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isProcessAlive } from './data-dir';

/**
 * The built client, one folder per build (docs/product/overview.md#serving-the-client): `dist/builds/<id>`,
 * with `dist/current` a symbolic link to the one served (the bundled server is kept the same way below
 * `dist/server`). A new build is written beside the others and the
 * link is switched in one rename, so a running server or an open tab never sees a half-written build; the
 * build before it is kept until the next one, so tabs opened on it still find their chunks, and a build a
 * running server serves is kept until that server stops (`markBuildInUse`).
 */

const BUILDS = 'builds';
const CURRENT = 'current';
/** `<build name>.<pid>` files, one for each process serving that build (`markBuildInUse`). */
const IN_USE = 'in-use';
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

/**
 * Marks `buildDir` (a folder of `distDir`'s builds) as served by process `pid` until it exits, so that no
 * later build prunes it from under the running server; answers how to take the mark back. A process that
 * dies without taking it back leaves a mark that counts no more (its pid is not alive).
 */
export function markBuildInUse(distDir: string, buildDir: string, pid = process.pid): () => void {
  const marksDir = join(distDir, IN_USE);
  mkdirSync(marksDir, { recursive: true });
  const mark = join(marksDir, `${basename(buildDir)}.${pid}`);
  writeFileSync(mark, '');
  return () => rmSync(mark, { force: true });
}

/** Is a live process serving `buildDir`? Marks of processes no longer alive are removed on the way. */
export function isBuildInUse(distDir: string, buildDir: string): boolean {
  const marksDir = join(distDir, IN_USE);
  if (!existsSync(marksDir)) return false;
  const prefix = `${basename(buildDir)}.`;
  let isInUse = false;
  for (const name of readdirSync(marksDir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid)) isInUse = true;
    else rmSync(join(marksDir, name), { force: true });
  }
  return isInUse;
}

/**
 * Removes every build but `keep`, those still being written and those a running server serves; answers the
 * folders removed.
 */
export function pruneBuilds(distDir: string, keep: readonly (string | null)[], now = Date.now()): string[] {
  const kept = new Set(keep.filter((dir): dir is string => dir !== null));
  const removed: string[] = [];
  for (const dir of olderBuildDirs(distDir, null)) {
    if (kept.has(dir) || now - statSync(dir).mtimeMs < IN_PROGRESS_MS || isBuildInUse(distDir, dir)) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

/**
 * Marks the builds the server running from `moduleUrl` serves, until its process exits: the client build
 * current now, and its own bundle's folder when it runs from one (not from the sources). Answers the client
 * build, which the server must then serve rather than look up again.
 */
export function markServedBuilds(moduleUrl: string): { clientDir: string | null } {
  const distDir = projectDistDir(moduleUrl);
  const serverDistDir = join(distDir, 'server');
  const clientDir = currentBuildDir(distDir);
  const ownDir = dirname(fileURLToPath(moduleUrl));
  const unmarks: (() => void)[] = [];
  if (clientDir) unmarks.push(markBuildInUse(distDir, clientDir));
  if (dirname(ownDir) === buildsDirOf(serverDistDir)) unmarks.push(markBuildInUse(serverDistDir, ownDir));
  process.once('exit', () => {
    for (const unmark of unmarks) unmark();
  });
  return { clientDir };
}
