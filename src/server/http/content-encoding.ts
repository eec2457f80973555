import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to send a large body in, from the request's Accept-Encoding: brotli when the client takes
 * it, else gzip, else none. A `q=0` entry refuses that encoding; `*` stands for any not listed.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = quality ? Number(quality.slice(2)) : 1;
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const brotli = weightOf('br');
  const gzipped = weightOf('gzip');
  if (brotli > 0 && brotli >= gzipped) return 'br';
  return gzipped > 0 ? 'gzip' : null;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * Compresses off the event loop (zlib's thread pool). Brotli at quality 4, as @fastify/compress uses
 * for everything else: most of the gain of higher levels at a fraction of their time.
 */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? compressBrotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : compressGzip(body);
}
