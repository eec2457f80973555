import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

const SOCKET_CLOSE_GRACE_MS = 1_000;

/** The HTTP plugins every route relies on: signed cookies, `/ws`, compression and security headers. */
export async function registerCorePlugins(app: FastifyInstance, appSecret: string): Promise<void> {
  await app.register(fastifyCookie, { secret: appSecret });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    // A stopping instance closes its sockets with 1012 (service restart), never 1000, which the client takes
    // as its own close: it reconnects, through the proxy to an instance still running
    // (docs/DEPLOY.md#stopping). A client that has not finished the closing handshake within a second is
    // cut off, or the close would wait on it (ws waits 30 s).
    preClose(done) {
      const clients = [...this.websocketServer.clients];
      for (const client of clients) client.close(1012, 'server restarting');
      const cutOff = setTimeout(() => {
        for (const client of clients) client.terminate();
      }, SOCKET_CLOSE_GRACE_MS);
      this.websocketServer.close(() => {
        clearTimeout(cutOff);
        done();
      });
    },
  });
  // A request in flight when the close begins is answered, then its connection closed: left open for
  // keep-alive, it would hold the close until the keep-alive timeout (72 s), past the stop's own bound
  // (docs/DEPLOY.md#stopping).
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
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
