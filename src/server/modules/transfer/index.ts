import type { FastifyInstance } from 'fastify';
import type { DiskSpaceGuard } from '../../lib/disk-space';
import type { JobStarter } from '../../lib/job-starter';
import type { AreaContext } from '../area-context';
import { createBackupRepository } from './backup.repository';
import { createFileReaders, type FileReadersOptions } from './file-readers';
import { createTransferRepository } from './transfer.repository';
import { transferRoutes } from './transfer.routes';
import { createTransferService } from './transfer.service';

/**
 * Words in and out (docs/product/transfer.md): files stored in chunks, imports previewed and started,
 * exports and backups started and downloaded. Learners' files are read in worker threads
 * (docs/product/transfer.md#limits), started when a file comes and stopped with the app.
 */
export async function registerTransfer(
  app: FastifyInstance,
  deps: AreaContext & {
    jobStarter: JobStarter;
    diskSpace: DiskSpaceGuard;
    countWords: (userId: string) => Promise<number>;
    fileReading?: FileReadersOptions;
    quotaBytes?: number;
  },
) {
  const transferRepository = createTransferRepository(deps.db);
  const fileReaders = createFileReaders(deps.fileReading);
  app.addHook('onClose', () => fileReaders.close());
  const transferService = createTransferService({
    transfer: transferRepository,
    jobStarter: deps.jobStarter,
    readers: fileReaders,
    countWords: deps.countWords,
    quotaBytes: deps.quotaBytes,
    now: deps.now,
  });
  await app.register(transferRoutes, {
    transferService,
    sessionResolver: deps.sessionResolver,
    diskSpace: deps.diskSpace,
  });
  return { transferService, transferRepository, backupRepository: createBackupRepository(deps.db) };
}
