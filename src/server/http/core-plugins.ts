import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/** The HTTP plugins every route relies on: signed cookies, `/ws`, compression and security headers. */
export async function registerCorePlugins(app: FastifyInstance, appSecret: string): Promise<void> {
  await app.register(fastifyCookie, { secret: appSecret });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  // JSON answers and the app's scripts shrink to a fraction; pictures and clips are compressed already
  // (their types are not compressible) and pass through.
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        // 'self' covers the app's own ws:/wss: origin in CSP3 browsers; no other host is reachable.
        'connect-src': ["'self'"],
        // The app is often served over plain HTTP on a home network; upgrading would break it.
        'upgrade-insecure-requests': null,
      },
    },
    // Plain HTTP deployments must not be pinned to HTTPS.
    strictTransportSecurity: false,
  });
}
