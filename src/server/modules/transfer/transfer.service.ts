import { Readable } from 'node:stream';
import type { ExportRequest } from '../../../shared/api/transfer';
import { notFound } from '../../http/app-error';
import { EXPORT_WORDS_JOB, type ExportWordsInput } from '../../jobs/export-words.job';
import type { JobRuntime } from '../../jobs/job-runtime';
import type { TransferRepository } from './transfer.repository';

/**
 * Exports (docs/product/transfer.md#exports): started as a job, downloaded by the learner who made them
 * while they last, read from the database one chunk at a time.
 */
export function createTransferService(deps: {
  transfer: TransferRepository;
  jobRuntime: Pick<JobRuntime, 'start'>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    async startExport(userId: string, request: ExportRequest): Promise<{ jobId: string }> {
      const input: ExportWordsInput = { format: request.format, wordIds: request.wordIds ?? null };
      const jobId = await deps.jobRuntime.start(userId, EXPORT_WORDS_JOB, input, 0);
      return { jobId };
    },

    /** The file's name, type and size, and its bytes as a stream; another learner's or an expired one is 404. */
    async openDownload(userId: string, fileId: string) {
      const file = await deps.transfer.findDownloadable(userId, fileId, now());
      if (!file) throw notFound();
      const { transfer } = deps;
      async function* chunks() {
        for (let index = 0; ; index += 1) {
          const chunk = await transfer.readChunk(fileId, index);
          if (!chunk) return;
          yield chunk;
        }
      }
      return { file, stream: Readable.from(chunks()) };
    },

    purgeExpired: () => deps.transfer.deleteExpired(now()),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
