import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_HINT_META } from '../../shared/api/auth-status';
import { SESSION_COOKIE } from '../auth/sessions';
import { currentBuildDir, olderBuildDirs, projectDistDir } from '../lib/build-folders';
import { notFound } from './app-error';
import { registerNotFoundHandler } from './error-handler';

const distDir = projectDistDir(import.meta.url);

/** Paths the server answers itself; anything else that is a GET gets the single-page app. */
const SERVER_PREFIXES = ['/api/', '/auth/', '/media/', '/ws'];

/**
 * The built client and the one not-found handler, registered last: a GET outside the server's own paths gets
 * the single-page app. The build served is the one current at start, by its real folder: a later build
 * switching dist/current does not change what this process serves
 * (docs/product/overview.md#serving-the-client). `clientDir` null serves none, as API-only tests run.
 */
export async function registerClientApp(
  app: FastifyInstance,
  options: { clientDir?: string | null; previousClientDirs?: readonly string[] },
): Promise<void> {
  const clientDir = options.clientDir === undefined ? currentBuildDir(distDir) : options.clientDir;
  const hasClient = Boolean(clientDir && existsSync(clientDir));
  const appPage =
    clientDir && hasClient
      ? await registerClient(app, clientDir, options.previousClientDirs ?? olderBuildDirs(distDir, clientDir))
      : undefined;
  registerNotFoundHandler(app, { serverPrefixes: SERVER_PREFIXES, appPage });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A chunk's file name as Vite writes them: no folder, no dots leading. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/**
 * The single-page app's page, and the same page for a browser that sends a session cookie, marked so: the
 * client then asks for its first screen's data (home's chunk and data, or the word list) beside its sign-in
 * check instead of after it
 * (docs/product/overview.md#serving-the-client). Only the cookie's presence is read, not its validity: a
 * stale one costs a few unanswered early requests, and the check decides as always.
 */
function appPageOf(clientDir: string): (request: FastifyRequest) => string {
  const page = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const withSession = page.replace(
    '</head>',
    `  <meta name="${SESSION_HINT_META}" content="present" />\n  </head>`,
  );
  return (request) => (request.cookies[SESSION_COOKIE] ? withSession : page);
}

async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  previousClientDirs: readonly string[],
): Promise<(request: FastifyRequest) => string> {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // The build writes each script and stylesheet brotli- and gzip-compressed at their best levels
    // (scripts/lib/precompress.ts): sent as they are, not compressed again per request.
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so those never change; index.html always may.
      reply.header('Cache-Control', filePath.includes('/assets/') ? IMMUTABLE : 'no-cache');
    },
  });
  // A tab opened on the build before this one still asks for its chunks: they are served from that build,
  // kept until the next one (docs/product/overview.md#serving-the-client). This build's own assets are
  // routes of their own and never reach here.
  app.get('/assets/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const found = ASSET_NAME.test(file)
      ? previousClientDirs.find((dir) => existsSync(join(dir, 'assets', file)))
      : undefined;
    if (!found) throw notFound();
    reply.header('Cache-Control', IMMUTABLE);
    return reply.sendFile(join('assets', file), found, { cacheControl: false });
  });
  return appPageOf(clientDir);
}
