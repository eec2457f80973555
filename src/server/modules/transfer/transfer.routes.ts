import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  exportFileParamsSchema,
  exportRequestSchema,
  exportStartedSchema,
  importMappingSchema,
  importOptionsSchema,
  importPreviewSchema,
  importStartedSchema,
  MAX_IMPORT_ARCHIVE_BYTES,
  transferFileIdSchema,
  transferPaths,
} from '../../../shared/api/transfer';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { AppError } from '../../http/app-error';
import type { DiskSpaceGuard } from '../../lib/disk-space';
import { perUserLimit } from '../../http/per-user-limit';
import type { TransferService } from './transfer.service';

/** `Content-Disposition` for a download: the name as it is for browsers that read RFC 5987, ASCII for the rest. */
const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7E]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** A multipart field holding JSON, read with its schema; a field that does not parse is the request's fault. */
function jsonField<T extends z.ZodType>(
  schema: T,
  field: string,
  value: string | undefined,
): z.infer<T> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new AppError('validation_failed', 400, { field, issue: 'invalid_json' });
  }
  const result = schema.safeParse(parsed);
  if (!result.success) {
    throw new AppError('validation_failed', 400, { field, issue: result.error.issues[0]?.code ?? 'invalid' });
  }
  return result.data;
}

/** Reading the multipart body failed: too large keeps its 413, a body cut short is the request's fault. */
function multipartFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    throw new AppError('import_too_large', 413, { maxMb: MAX_IMPORT_ARCHIVE_BYTES / (1024 * 1024) });
  }
  if (typeof statusCode === 'number') throw error;
  throw new AppError('upload_incomplete', 400);
}

export const transferRoutes: FastifyPluginAsyncZod<{
  transferService: TransferService;
  sessionResolver: SessionResolver;
  diskSpace: DiskSpaceGuard;
}> = async (app, { transferService: service, sessionResolver, diskSpace }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // A byte over the largest limit, so the service tells an oversize file by its own limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMPORT_ARCHIVE_BYTES + 1, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  // Each export reads the whole dictionary: a handful a minute is plenty. Imports likewise.
  const exports = perUserLimit('exports');
  const imports = perUserLimit('imports');
  // Before a file's bytes are read or a job starts: on a nearly full disk no import is taken.
  const roomToStore = () => diskSpace.assertRoomToStore();

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

  app.post(
    transferPaths.importPreview,
    {
      schema: { response: { 200: importPreviewSchema } },
      preHandler: [imports, roomToStore],
      config: { acceptsMultipart: true },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('not_multipart', 400);
      const file = await request.file().catch(multipartFailure);
      if (!file) throw new AppError('no_file', 400);
      return service
        .previewImport(userIdOf(request), { fileName: file.filename, stream: file.file })
        .catch(multipartFailure);
    },
  );

  /**
   * Multipart: `file` (or `fileId` of a preview), `mapping` and `options` as JSON. The file is stored as it
   * arrives, so the fields may come before or after it.
   */
  app.post(
    transferPaths.imports,
    {
      schema: { response: { 200: importStartedSchema } },
      preHandler: [imports, roomToStore],
      config: { acceptsMultipart: true },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('not_multipart', 400);
      const userId = userIdOf(request);
      const fields = new Map<string, string>();
      let fileId: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            fileId = (await service.storeImport(userId, { fileName: part.filename, stream: part.file }))
              .fileId;
          } else if (typeof part.value === 'string') {
            fields.set(part.fieldname, part.value);
          }
        }
      } catch (error) {
        multipartFailure(error);
      }
      fileId ??= fields.get('fileId');
      if (!fileId) throw new AppError('no_file', 400);
      // An id that cannot be a stored file names none: as missing as another learner's.
      if (!transferFileIdSchema.safeParse(fileId).success) throw new AppError('not_found', 404);
      return service.startImport(userId, {
        fileId,
        mapping: jsonField(importMappingSchema, 'mapping', fields.get('mapping')),
        options: jsonField(importOptionsSchema, 'options', fields.get('options')),
      });
    },
  );
};
