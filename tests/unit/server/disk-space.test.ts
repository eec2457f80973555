import { mkdtempSync, rmSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskSpaceGuard, freeDiskBytes } from '../../../src/server/lib/disk-space';

// docs/SECURITY.md#hostile-answers-and-hostile-input: uploads are taken only while the data disk has room.

const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-disk-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The whole filesystem's size in MB: no free space can reach it, whatever else runs on the machine. */
async function diskSizeMb(): Promise<number> {
  const stats = await statfs(dataDir);
  return Math.ceil((stats.blocks * stats.bsize) / (1024 * 1024));
}

describe('freeDiskBytes', () => {
  it('measures a folder not made yet on the filesystem it would be made on', async () => {
    const notMade = path.join(dataDir, 'not', 'made', 'yet');
    const free = await freeDiskBytes(notMade);
    expect(free).toBeGreaterThan(0);
    expect(free).toBeLessThanOrEqual((await diskSizeMb()) * 1024 * 1024);
  });
});

describe('the disk space guard', () => {
  it('refuses with storage_low (507) when the disk has less free than the minimum', async () => {
    const minFreeDiskMb = (await diskSizeMb()) + 1;
    for (const folder of [dataDir, path.join(dataDir, 'not-made-yet')]) {
      await expect(
        createDiskSpaceGuard({ dataDir: folder, minFreeDiskMb }).assertRoomToStore(),
      ).rejects.toMatchObject({ name: 'AppError', code: 'storage_low', status: 507 });
    }
  });

  it('lets uploads through when the disk has the minimum free, when the minimum is 0, and without a data folder', async () => {
    const huge = (await diskSizeMb()) + 1;
    await expect(
      createDiskSpaceGuard({ dataDir, minFreeDiskMb: 1 }).assertRoomToStore(),
    ).resolves.toBeUndefined();
    await expect(
      createDiskSpaceGuard({ dataDir, minFreeDiskMb: 0 }).assertRoomToStore(),
    ).resolves.toBeUndefined();
    await expect(
      createDiskSpaceGuard({ dataDir: undefined, minFreeDiskMb: huge }).assertRoomToStore(),
    ).resolves.toBeUndefined();
  });
});
