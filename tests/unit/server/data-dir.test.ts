import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type * as Fs from 'node:fs';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirLockedError, loadAppSecret, lockDataDir } from '../../../src/server/lib/data-dir';

/** Lets a test release the lock "from another process" between the failed claim and the owner read. */
const race = vi.hoisted(() => ({ releaseBeforeNextLockRead: false }));
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof Fs>();
  const readFileSync = ((...args: Parameters<typeof actual.readFileSync>) => {
    const [file] = args;
    if (race.releaseBeforeNextLockRead && String(file).endsWith('palabra.lock')) {
      race.releaseBeforeNextLockRead = false;
      actual.unlinkSync(file as Fs.PathLike);
    }
    return actual.readFileSync(...args);
  }) as typeof actual.readFileSync;
  return { ...actual, readFileSync };
});

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'palabra-data-dir-'));
});
afterEach(() => {
  race.releaseBeforeNextLockRead = false;
  rmSync(dataDir, { recursive: true, force: true });
});

const lockPathIn = (dir: string) => path.join(dir, 'palabra.lock');
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Another process that stays alive for the whole file. */
let liveOther: ChildProcess;
let liveOtherPid: number;
beforeAll(() => {
  liveOther = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  if (liveOther.pid === undefined) throw new Error('could not start a helper process');
  liveOtherPid = liveOther.pid;
});
afterAll(() => {
  liveOther.kill('SIGKILL');
});

/** The pid of a process that has exited (and was reaped). */
function deadPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['--version']);
  expect(status).toBe(0);
  return pid;
}

describe('lockDataDir', () => {
  it('creates the folder and a lock file, readable by its owner only, holding this pid', () => {
    const nested = path.join(dataDir, 'not', 'yet', 'there');
    const lock = lockDataDir(nested);
    expect(readFileSync(lockPathIn(nested), 'utf8')).toBe(String(process.pid));
    expect(modeOf(lockPathIn(nested))).toBe(0o600);
    lock.release();
  });

  it('refuses a folder locked by a live process, naming the folder and the owner', () => {
    writeFileSync(lockPathIn(dataDir), String(liveOtherPid));
    let thrown: unknown;
    try {
      lockDataDir(dataDir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DataDirLockedError);
    const error = thrown as DataDirLockedError;
    expect(error.ownerPid).toBe(liveOtherPid);
    expect(error.dataDir).toBe(path.resolve(dataDir));
    expect(error.message).toContain(`${path.resolve(dataDir)} is already in use`);
    expect(error.message).toContain(`(pid ${liveOtherPid})`);
    expect(error.message).toContain('DATA_DIR');
    // The owner's lock is left alone.
    expect(readFileSync(lockPathIn(dataDir), 'utf8')).toBe(String(liveOtherPid));
  });

  it('takes over a lock file left by a process that died', () => {
    writeFileSync(lockPathIn(dataDir), String(deadPid()));
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockPathIn(dataDir), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it.each([
    ['empty (a crash between creating and writing it)', ''],
    ['unreadable', 'not-a-pid'],
  ])('takes over a lock file that is %s', (_case, content) => {
    writeFileSync(lockPathIn(dataDir), content);
    lockDataDir(dataDir).release();
    expect(existsSync(lockPathIn(dataDir))).toBe(false);
  });

  it("takes over a lock file holding this process's own pid (a pid reused after a restart)", () => {
    writeFileSync(lockPathIn(dataDir), String(process.pid));
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockPathIn(dataDir), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('claims the folder when the owner releases it while the lock is being checked', () => {
    writeFileSync(lockPathIn(dataDir), String(liveOtherPid));
    race.releaseBeforeNextLockRead = true;
    const lock = lockDataDir(dataDir);
    expect(race.releaseBeforeNextLockRead).toBe(false);
    expect(readFileSync(lockPathIn(dataDir), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('removes the lock file on release, and a second release is harmless', () => {
    const lock = lockDataDir(dataDir);
    lock.release();
    expect(existsSync(lockPathIn(dataDir))).toBe(false);
    expect(() => lock.release()).not.toThrow();
    // Released, the folder can be claimed again.
    lockDataDir(dataDir).release();
  });

  it('does not remove a lock that another process has taken since', () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lockPathIn(dataDir), String(liveOtherPid));
    lock.release();
    expect(readFileSync(lockPathIn(dataDir), 'utf8')).toBe(String(liveOtherPid));
  });
});

describe('loadAppSecret', () => {
  const secretPathIn = (dir: string) => path.join(dir, 'app-secret');

  it('generates a secret once and keeps it in the data folder, readable by its owner only', () => {
    const secret = loadAppSecret(dataDir, undefined);
    expect(secret).toMatch(/^[\w-]{64}$/);
    expect(readFileSync(secretPathIn(dataDir), 'utf8')).toBe(secret);
    expect(modeOf(secretPathIn(dataDir))).toBe(0o600);
  });

  it('returns the kept secret on the next start', () => {
    const first = loadAppSecret(dataDir, undefined);
    expect(loadAppSecret(dataDir, undefined)).toBe(first);
  });

  it('reads a kept secret that was edited with a trailing newline', () => {
    writeFileSync(secretPathIn(dataDir), 'a-hand-written-secret-of-enough-length-0123\n');
    expect(loadAppSecret(dataDir, undefined)).toBe('a-hand-written-secret-of-enough-length-0123');
  });

  it('generates a different secret for each data folder', () => {
    const other = mkdtempSync(path.join(os.tmpdir(), 'palabra-data-dir-'));
    try {
      expect(loadAppSecret(other, undefined)).not.toBe(loadAppSecret(dataDir, undefined));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prefers APP_SECRET, without writing a file', () => {
    const fromEnv = 'an-explicit-app-secret-of-enough-length-0123';
    expect(loadAppSecret(dataDir, fromEnv)).toBe(fromEnv);
    expect(existsSync(secretPathIn(dataDir))).toBe(false);
  });

  it('prefers APP_SECRET over a kept secret', () => {
    loadAppSecret(dataDir, undefined);
    const fromEnv = 'an-explicit-app-secret-of-enough-length-0123';
    expect(loadAppSecret(dataDir, fromEnv)).toBe(fromEnv);
  });
});
