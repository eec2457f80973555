import { mkdtempSync, rmSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferFiles, jobsTable, words } from '../../src/server/db/schema';
import { freeDiskBytes } from '../../src/server/lib/disk-space';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { sendMultipart } from '../support/multipart';

/*
 * Uploads and imports on a nearly full disk (docs/SECURITY.md#learners-files): both upload routes and both
 * import routes answer 507 storage_low and store nothing while the data folder's disk has less than
 * MIN_FREE_DISK_MB free; with room left they work.
 */

const MB = 1024 * 1024;
const dataDir = mkdtempSync(path.join(tmpdir(), 'palabra-storage-'));
let lowDisk: TestApp;
let roomyDisk: TestApp;

beforeAll(async () => {
  const stats = await statfs(dataDir);
  // Larger than the whole filesystem: no free space can reach it, whatever else the machine writes.
  const beyondTheDisk = Math.ceil((stats.blocks * stats.bsize) / MB) + 1;
  lowDisk = await buildTestApp({ dataDir, minFreeDiskMb: beyondTheDisk });
  // A minimum any disk this test runs on clears: the machine's own free space is not the test's to set.
  roomyDisk = await buildTestApp({ dataDir, minFreeDiskMb: 1 });
});
afterAll(async () => {
  await lowDisk.close();
  await roomyDisk.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const pasted = (testApp: TestApp, user: TestUser) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/words/process-batch',
    payload: { text: 'perro / собака\ngato / кошка' },
    headers: { cookie: user.cookie },
  });

const sentFile = (testApp: TestApp, user: TestUser) =>
  sendMultipart(testApp.app, user, '/api/words/upload', {
    file: { name: 'words.txt', bytes: Buffer.from('mesa / стол\r\n') },
  });

const imported = (testApp: TestApp, user: TestUser, url: '/api/imports' | '/api/imports/preview') =>
  sendMultipart(testApp.app, user, url, {
    file: { name: 'words.csv', bytes: Buffer.from('spanish,russian\ncasa,дом\n') },
  });

const storedFor = async (testApp: TestApp, user: TestUser) => ({
  jobs: await testApp.database.db.select().from(jobsTable).where(eq(jobsTable.userId, user.id)),
  words: await testApp.database.db.select().from(words).where(eq(words.userId, user.id)),
  files: await testApp.database.db.select().from(transferFiles).where(eq(transferFiles.userId, user.id)),
});

describe('uploads and the data folder’s free space', () => {
  it('refuses the upload and import routes with 507 storage_low and stores nothing when the disk is below the minimum', async () => {
    const learner = await registerUser(lowDisk.app);
    for (const response of [
      await pasted(lowDisk, learner),
      await sentFile(lowDisk, learner),
      await imported(lowDisk, learner, '/api/imports/preview'),
      await imported(lowDisk, learner, '/api/imports'),
    ]) {
      expect(response.statusCode, response.body).toBe(507);
      expect(response.json()).toMatchObject({ code: 'storage_low' });
    }
    expect(await storedFor(lowDisk, learner)).toEqual({ jobs: [], words: [], files: [] });
  });

  it('takes them all while the disk has more free than the minimum', async () => {
    expect(await freeDiskBytes(dataDir)).toBeGreaterThan(MB);
    const learner = await registerUser(roomyDisk.app);
    const answers = [
      await pasted(roomyDisk, learner),
      await sentFile(roomyDisk, learner),
      await imported(roomyDisk, learner, '/api/imports'),
    ];
    for (const response of answers) expect(response.statusCode, response.body).toBe(200);
    expect((await storedFor(roomyDisk, learner)).jobs).toHaveLength(3);
  });
});
