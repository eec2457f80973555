import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  fileUploadResponseSchema,
  MAX_UPLOAD_BYTES,
  processBatchRequestSchema,
  processBatchResponseSchema,
  uploadPaths,
} from '../../../shared/api/uploads';
import { currentUploadSchema, dismissUploadSchema } from '../../../shared/api/jobs';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import { AppError } from '../../http/app-error';
import type { DiskSpaceGuard } from '../../lib/disk-space';
import { perUserLimit } from '../../http/per-user-limit';
import type { UploadsService } from './uploads.service';

const jobParams = z.object({ id: z.string().max(64) });
const truthy = (value: unknown, fallback: boolean) =>
  value === undefined ? fallback : value === true || value === 'true' || value === '1';

/**
 * Reading the multipart body failed: too large is 413; the multipart plugin's own refusals keep their
 * status; anything else is the parser meeting the end of a body cut short (busboy's 'Unexpected end of
 * form', a part's headers never ending): the request's fault, 400.
 */
function multipartFailure(error: unknown): never {
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', 413);
  if (typeof statusCode === 'number') throw error;
  throw new AppError('upload_incomplete', 400);
}

export const uploadsRoutes: FastifyPluginAsyncZod<{
  uploadsService: UploadsService;
  sessionResolver: SessionResolver;
  diskSpace: DiskSpaceGuard;
}> = async (app, { uploadsService, sessionResolver, diskSpace }) => {
  app.addHook('preValidation', sessionResolver.requireUser);
  // A little over the file limit, so an oversize file is told apart from a broken request.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 10 } });
  // Each upload spends the learner's provider quota on every word.
  const uploads = perUserLimit('uploads');
  // Before anything is stored and before a file's bytes are read: on a nearly full disk no upload is taken.
  const roomToStore = () => diskSpace.assertRoomToStore();

  app.post(
    '/api/words/process-batch',
    {
      schema: { body: processBatchRequestSchema, response: { 200: processBatchResponseSchema } },
      preHandler: [uploads, roomToStore],
      // Pasted lists may be long; the schema caps the text itself at 1 MB.
      bodyLimit: MAX_UPLOAD_BYTES * 2,
    },
    (request) => uploadsService.processText(userIdOf(request), request.body.text, request.body),
  );

  app.post(
    '/api/words/upload',
    {
      schema: { response: { 200: fileUploadResponseSchema } },
      preHandler: [uploads, roomToStore],
      config: { acceptsMultipart: true },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('not_multipart', 400);
      const file = await request.file().catch(multipartFailure);
      if (!file) throw new AppError('no_file', 400);
      const bytes = await file.toBuffer().catch(multipartFailure);
      const fields = file.fields as Record<string, { value?: unknown } | undefined>;
      return uploadsService.processFile(
        userIdOf(request),
        { filename: file.filename, mimetype: file.mimetype, bytes },
        {
          enhanceWithAI: truthy(fields.enhanceWithAI?.value, true),
          generateImages:
            fields.generateImages?.value === undefined
              ? undefined
              : truthy(fields.generateImages.value, true),
          imageStyle: typeof fields.imageStyle?.value === 'string' ? fields.imageStyle.value : null,
        },
      );
    },
  );

  app.get(uploadPaths.current, { schema: { response: { 200: currentUploadSchema } } }, (request) =>
    uploadsService.current(userIdOf(request)),
  );

  app.post(
    '/api/words/job/:id/dismiss',
    { schema: { params: jobParams, response: { 200: dismissUploadSchema } } },
    (request) => uploadsService.dismiss(userIdOf(request), request.params.id),
  );

  app.post(
    '/api/words/job/:id/cancel',
    { schema: { params: jobParams, response: { 200: z.object({ cancelled: z.boolean() }) } } },
    (request) => uploadsService.cancel(userIdOf(request), request.params.id),
  );
};
