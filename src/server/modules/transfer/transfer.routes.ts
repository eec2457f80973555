import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportFileParamsSchema,
  exportRequestSchema,
  exportStartedSchema,
  transferPaths,
} from '../../../shared/api/transfer';
import { createAttemptLimiter } from '../../auth/attempt-limiter';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { perUserLimit } from '../../http/per-user-limit';
import type { TransferService } from './transfer.service';

const MINUTE = 60_000;

/** `Content-Disposition` for a download: the name as it is for browsers that read RFC 5987, ASCII for the rest. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7E]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

export const transferRoutes: FastifyPluginAsyncZod<{
  transferService: TransferService;
  sessionResolver: SessionResolver;
}> = async (app, { transferService: service, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // Each export reads the whole dictionary: a handful a minute is plenty.
  const exports = perUserLimit(createAttemptLimiter({ max: 10, windowMs: MINUTE }));

  app.post(
    transferPaths.exports,
    { schema: { body: exportRequestSchema, response: { 200: exportStartedSchema } }, preHandler: exports },
    (request) => service.startExport(userIdOf(request), request.body),
  );
  app.get(
    transferPaths.download,
    // Sent as stored, with its length: compressing would hold the stream back and drop the length.
    { schema: { params: exportFileParamsSchema }, compress: false },
    async (request, reply) => {
      const { file, stream } = await service.openDownload(userIdOf(request), request.params.fileId);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', String(file.byteSize))
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
