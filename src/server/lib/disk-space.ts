import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/app-error';

/** `MIN_FREE_DISK_MB`'s default: a gigabyte left for the database to go on working once uploads stop. */
export const DEFAULT_MIN_FREE_DISK_MB = 1024;
const BYTES_PER_MB = 1024 * 1024;

/**
 * Bytes this process may still write on the filesystem that holds `folder` (available blocks, not free
 * ones: those kept for root are not the app's). A folder not made yet (the first start, or a server
 * database that keeps nothing in it) is measured where it would be made: at its nearest existing parent.
 */
export async function freeDiskBytes(folder: string): Promise<number> {
  let at = path.resolve(folder);
  for (;;) {
    try {
      const stats = await statfs(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}

/**
 * What a learner sends is taken only while the data folder's disk has room
 * (docs/SECURITY.md#hostile-answers-and-hostile-input).
 */
export interface DiskSpaceGuard {
  /** Throws `storage_low` (507) when the data folder's disk has less free than the minimum. */
  assertRoomToStore(): Promise<void>;
}

/**
 * The guard of uploads and imports: measured at each call (one `statfs`), since other files, other
 * instances and the database's own growth all share the disk. Without a data folder (an app on an
 * in-memory test database) there is no disk of the app's to watch, and a minimum of 0 turns the check off.
 */
export function createDiskSpaceGuard(options: {
  dataDir: string | undefined;
  minFreeDiskMb: number;
}): DiskSpaceGuard {
  const { dataDir } = options;
  const minFreeBytes = options.minFreeDiskMb * BYTES_PER_MB;
  return {
    async assertRoomToStore() {
      if (dataDir === undefined || minFreeBytes === 0) return;
      if ((await freeDiskBytes(dataDir)) < minFreeBytes) throw new AppError('storage_low', 507);
    },
  };
}
