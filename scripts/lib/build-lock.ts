import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from '../../src/server/lib/data-dir';

const RETRY_MS = 250;

/**
 * Runs `work` while this process alone holds the lock file `lockFile` (its pid inside): concurrent
 * `npm start`s of one checkout build once, the others wait and then find the build current. A lock whose
 * process is no longer alive (a build killed midway) is taken over.
 */
export async function withBuildLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lockFile), { recursive: true });
  let hasSaidWaiting = false;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(lockFile, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== undefined) {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      try {
        return await work();
      } finally {
        rmSync(lockFile, { force: true });
      }
    }
    const holder = Number(readIfPresent(lockFile));
    // An empty file: its holder is between creating and writing it.
    if (Number.isInteger(holder) && holder > 0 && !isProcessAlive(holder)) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (!hasSaidWaiting) console.log(`waiting for another build (process ${holder || '?'}) to finish`);
    hasSaidWaiting = true;
    await sleep(RETRY_MS);
  }
}

function readIfPresent(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
