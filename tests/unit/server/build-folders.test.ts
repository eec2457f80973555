import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  currentBuildDir,
  isBuildInUse,
  markBuildInUse,
  markServedBuilds,
  newBuildDir,
  olderBuildDirs,
  publishBuild,
  projectDistDir,
  pruneBuilds,
} from '../../../src/server/lib/build-folders';

let dist: string;
beforeEach(() => {
  dist = realpathSync(mkdtempSync(join(tmpdir(), 'palabra-dist-')));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A build finished `minutesAgo`, with one chunk (pruning leaves builds younger than 10 minutes alone). */
function finishedBuild(chunk: string, minutesAgo: number) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const dir = newBuildDir(dist, at);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', `${chunk}.js`), chunk);
  utimesSync(dir, at, at);
  return dir;
}

describe('client builds (docs/product/overview.md#serving-the-client)', () => {
  it('has no current build before the first, then points dist/current at each new one in turn', () => {
    expect(currentBuildDir(dist)).toBeNull();
    const first = finishedBuild('a', 30);
    expect(publishBuild(dist, first)).toEqual({ previous: null });
    expect(currentBuildDir(dist)).toBe(first);
    expect(lstatSync(join(dist, 'current')).isSymbolicLink()).toBe(true);

    const second = finishedBuild('bb', 20);
    expect(publishBuild(dist, second)).toEqual({ previous: first });
    expect(currentBuildDir(dist)).toBe(second);
    expect(olderBuildDirs(dist, second)).toEqual([first]);
    // Nothing staged is left behind.
    expect(existsSync(join(dist, `.current-${process.pid}`))).toBe(false);
  });

  it('keeps the build it replaced for open tabs and removes the ones before it', () => {
    const first = finishedBuild('a', 40);
    publishBuild(dist, first);
    const second = finishedBuild('bb', 30);
    publishBuild(dist, second);
    const third = finishedBuild('ccc', 20);
    const { previous } = publishBuild(dist, third);
    expect(pruneBuilds(dist, [third, previous])).toEqual([first]);
    expect(olderBuildDirs(dist, third)).toEqual([second]);
  });

  it('never removes a build still being written by another start', () => {
    const old = finishedBuild('a', 40);
    const writing = finishedBuild('bb', 1);
    const published = finishedBuild('ccc', 20);
    publishBuild(dist, published);
    expect(pruneBuilds(dist, [published, null])).toEqual([old]);
    expect(existsSync(writing)).toBe(true);
  });

  it('never removes a build a running server serves, however many builds come after it', async () => {
    const served = finishedBuild('a', 60);
    publishBuild(dist, served);
    // Another process serves it, as a second instance started from the same checkout would.
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(server, 'spawn');
    markBuildInUse(dist, served, server.pid);
    const second = finishedBuild('bb', 50);
    publishBuild(dist, second);
    const third = finishedBuild('ccc', 40);
    const { previous } = publishBuild(dist, third);
    expect(pruneBuilds(dist, [third, previous])).toEqual([]);
    expect(existsSync(join(served, 'assets', 'a.js'))).toBe(true);

    // Its process gone (even killed, with no chance to take its mark back), the build goes.
    server.kill('SIGKILL');
    await once(server, 'exit');
    expect(isBuildInUse(dist, served)).toBe(false);
    expect(pruneBuilds(dist, [third, previous])).toEqual([served]);
  });

  it('keeps a build while this process marks it, and lets it go when the mark is taken back', () => {
    const served = finishedBuild('a', 60);
    const unmark = markBuildInUse(dist, served);
    const current = finishedBuild('bb', 30);
    publishBuild(dist, current);
    expect(pruneBuilds(dist, [current, null])).toEqual([]);
    unmark();
    expect(pruneBuilds(dist, [current, null])).toEqual([served]);
  });

  it('marks what a server serves: the current client build and the bundle it runs from', () => {
    const project = join(dist, 'project');
    const projectDist = join(project, 'dist');
    mkdirSync(join(project, 'src', 'server'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}');
    const client = newBuildDir(projectDist);
    publishBuild(projectDist, client);
    const bundle = newBuildDir(join(projectDist, 'server'));

    const served = markServedBuilds(pathToFileURL(join(bundle, 'main.js')).href);
    expect(served.clientDir).toBe(client);
    expect(isBuildInUse(projectDist, client)).toBe(true);
    expect(isBuildInUse(join(projectDist, 'server'), bundle)).toBe(true);
  });

  it('replaces a dist/current folder left by an older layout with the link', () => {
    mkdirSync(join(dist, 'current'));
    const build = finishedBuild('a', 20);
    publishBuild(dist, build);
    expect(currentBuildDir(dist)).toBe(build);
  });
});

describe('the project dist folder', () => {
  it('is found from the sources and from a bundle in dist/server/builds/<id> alike', () => {
    const project = join(dist, 'project');
    mkdirSync(join(project, 'src', 'server'), { recursive: true });
    writeFileSync(join(project, 'package.json'), '{}');
    const bundleDir = join(project, 'dist', 'server', 'builds', '20260101-000000000-1');
    mkdirSync(bundleDir, { recursive: true });
    expect(projectDistDir(pathToFileURL(join(project, 'src', 'server', 'app.ts')).href)).toBe(
      join(project, 'dist'),
    );
    expect(projectDistDir(pathToFileURL(join(bundleDir, 'main.js')).href)).toBe(join(project, 'dist'));
  });
});
