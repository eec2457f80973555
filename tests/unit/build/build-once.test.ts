import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newBuildDir, publishBuild } from '../../../src/server/lib/build-folders';
import { hashBuildInputs, isCurrentBuildOf, recordBuildInputs } from '../../../scripts/lib/build-inputs';
import { withBuildLock } from '../../../scripts/lib/build-lock';

/*
 * `npm start` builds only when the inputs changed, and starts run together build once
 * (docs/DEPLOY.md#starting-and-building).
 */

let project: string;
let dist: string;
beforeEach(() => {
  project = realpathSync(mkdtempSync(join(tmpdir(), 'palabra-project-')));
  dist = join(project, 'dist');
  mkdirSync(join(project, 'src', 'client'), { recursive: true });
  writeFileSync(join(project, 'src', 'client', 'main.tsx'), 'export {};\n');
  writeFileSync(join(project, 'package-lock.json'), '{}\n');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

/** A client and a server build of `inputs`, published as scripts/build.ts publishes them. */
function publishedBuild(inputs: string) {
  const client = newBuildDir(dist);
  writeFileSync(join(client, 'index.html'), '<!doctype html>');
  const server = newBuildDir(join(dist, 'server'));
  writeFileSync(join(server, 'main.js'), '');
  recordBuildInputs(server, inputs, client);
  publishBuild(dist, client);
  publishBuild(join(dist, 'server'), server);
  return { client, server };
}

describe('the build inputs', () => {
  it('hash the same until a source, the lock file or a new file changes them', () => {
    const first = hashBuildInputs(project);
    expect(hashBuildInputs(project)).toBe(first);
    writeFileSync(join(project, 'src', 'client', 'main.tsx'), 'export const changed = 1;\n');
    const afterSource = hashBuildInputs(project);
    expect(afterSource).not.toBe(first);
    writeFileSync(join(project, 'package-lock.json'), '{"lockfileVersion":3}\n');
    const afterLock = hashBuildInputs(project);
    expect(afterLock).not.toBe(afterSource);
    writeFileSync(join(project, 'src', 'client', 'new.ts'), '');
    expect(hashBuildInputs(project)).not.toBe(afterLock);
  });

  it('ignore what is not an input: the build output, data, the tests', () => {
    const before = hashBuildInputs(project);
    mkdirSync(join(project, 'data'));
    writeFileSync(join(project, 'data', 'x'), 'x');
    mkdirSync(join(project, 'tests'));
    writeFileSync(join(project, 'tests', 'a.test.ts'), '');
    publishedBuild(before);
    expect(hashBuildInputs(project)).toBe(before);
  });

  it('make the current build current only when it was made from them, with its own client build', () => {
    const inputs = hashBuildInputs(project);
    expect(isCurrentBuildOf(dist, inputs)).toBe(false);
    const { server } = publishedBuild(inputs);
    expect(isCurrentBuildOf(dist, inputs)).toBe(true);
    expect(isCurrentBuildOf(dist, 'other inputs')).toBe(false);

    // A client build published after the server's (a build stopped between its two halves).
    const strayClient = newBuildDir(dist);
    writeFileSync(join(strayClient, 'index.html'), '');
    publishBuild(dist, strayClient);
    expect(isCurrentBuildOf(dist, inputs)).toBe(false);

    // A record that is not one.
    publishedBuild(inputs);
    expect(isCurrentBuildOf(dist, inputs)).toBe(true);
    writeFileSync(join(realpathSync(join(dist, 'server', 'current')), 'build-inputs.json'), '{"inputs":1}');
    expect(isCurrentBuildOf(dist, inputs)).toBe(false);
    expect(server).not.toBe(realpathSync(join(dist, 'server', 'current')));
  });
});

describe('the build lock', () => {
  it('lets one build run at a time; the next one starts after it', async () => {
    const lockFile = join(dist, '.build.lock');
    const events: string[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let markFirstIn!: () => void;
    const firstIn = new Promise<void>((resolve) => (markFirstIn = resolve));
    const first = withBuildLock(lockFile, async () => {
      events.push('first in');
      markFirstIn();
      await firstHeld;
      events.push('first out');
    });
    await firstIn;
    const said = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const second = withBuildLock(lockFile, () => {
      events.push('second in');
      return Promise.resolve();
    });
    // The second has met the lock, and waits for as long as the first holds it.
    await vi.waitFor(() =>
      expect(said).toHaveBeenCalledWith(expect.stringContaining('waiting for another build')),
    );
    expect(events).toEqual(['first in']);
    releaseFirst();
    await Promise.all([first, second]);
    said.mockRestore();
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('takes over a lock whose process is gone, and lets it go after a failed build', async () => {
    const lockFile = join(dist, '.build.lock');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    mkdirSync(dist, { recursive: true });
    writeFileSync(lockFile, String(gone));
    await expect(withBuildLock(lockFile, () => Promise.reject(new Error('build failed')))).rejects.toThrow(
      'build failed',
    );
    await expect(withBuildLock(lockFile, () => Promise.resolve('built'))).resolves.toBe('built');
  });
});
