import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mediaQuerySchema } from '../../shared/api/media';
import { type SessionResolver, userIdOf } from '../auth/session-cookie';
import { notFound } from '../http/app-error';
import { MEDIA_EXTENSIONS, type MediaStore, parseMediaPath } from './media-store';
import type { PictureVariants, ServedVariant } from './picture-variants';

const ONE_YEAR_SECONDS = 31_536_000;

/** The one byte range we serve: `bytes=a-b`, `bytes=a-` or `bytes=-n`; multi-range requests get the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

const extensionOf = (mimeType: string): string | undefined =>
  MEDIA_EXTENSIONS[mimeType as keyof typeof MEDIA_EXTENSIONS];

/**
 * GET /media/<sha256>.<ext> (docs/product/media.md#content-addressed-store). The bytes never change for a
 * name, so they are cached for a year; `private`, because most media belong to one learner. Range requests
 * are answered because Safari on iOS will not play audio from a server that ignores them. `?w=<width>`
 * answers the picture's variant of that width (docs/product/media.md#picture-variants), readable by exactly
 * the learners who may read the picture, and cached the same way: a variant never changes either.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{
  mediaStore: MediaStore;
  pictureVariants: PictureVariants;
  sessionResolver: SessionResolver;
}> = async (app, { mediaStore, pictureVariants, sessionResolver }) => {
  app.get(
    '/media/:file',
    {
      schema: { params: z.object({ file: z.string().max(80) }), querystring: mediaQuerySchema },
      preValidation: sessionResolver.requireUser,
    },
    async (request, reply) => {
      const parsed = parseMediaPath(`/media/${request.params.file}`);
      if (!parsed) throw notFound();
      const userId = userIdOf(request);
      const width = request.query.w;
      let media: ServedVariant | undefined;
      if (width === undefined) {
        const found = await mediaStore.findReadable(parsed.sha256, userId);
        media = found && { ...found, sha256: parsed.sha256, sourceMimeType: found.mimeType };
      } else {
        media = await pictureVariants.read(parsed.sha256, width, userId);
      }
      if (!media || extensionOf(media.sourceMimeType) !== parsed.extension) throw notFound();
      const etag = `"${media.sha256}"`;
      reply
        .header('Cache-Control', `private, max-age=${ONE_YEAR_SECONDS}, immutable`)
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes')
        .type(media.mimeType);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
        return reply.status(304).send();
      }

      const size = media.data.length;
      const range = parseRange(request.headers.range, size);
      if (range === 'invalid') {
        return reply.status(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .send(media.data.subarray(range.start, range.end + 1));
      }
      return reply.send(media.data);
    },
  );
};
