import type { FastifyInstance } from 'fastify';
import type { TestUser } from './build-test-app';

/** A multipart request as a browser's form sends it: text fields, then the file when there is one. */
export function sendMultipart(
  app: FastifyInstance,
  user: TestUser,
  url: string,
  parts: { file?: { name: string; bytes: Buffer }; fields?: Record<string, string> },
) {
  const boundary = '----palabra-test-boundary';
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields ?? {})) {
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (parts.file) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${parts.file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      parts.file.bytes,
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat(pieces),
    headers: { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
