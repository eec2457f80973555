import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a multipart body (a file upload) besides JSON. */
    acceptsMultipart?: boolean;
  }
}

/** Methods that only read; everything else changes state. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `Sec-Fetch-Site` values of a request the app's own pages (or the learner, typing an address) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export interface OriginPolicy {
  /** Other origins whose pages may call the app (`ALLOWED_ORIGINS`), e.g. `https://palabra.example`. */
  allowedOrigins: readonly string[];
}

/** The origin the browser sees for this request: scheme and host as the (loopback) proxy reports them. */
export const ownOriginOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`.toLowerCase();

/**
 * Whether a request came from the app's own pages (docs/product/auth.md#forged-requests). A browser
 * always labels its requests with `Sec-Fetch-Site` or `Origin` and a page cannot forge either; a request
 * with neither is not a browser's (a script, `curl`, a test) and carries no victim's cookie by accident.
 * A page of the same host on another port is `same-site`, not `same-origin`, and is refused.
 */
export function isOwnOrigin(request: FastifyRequest, policy: OriginPolicy): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (typeof fetchSite === 'string' && OWN_FETCH_SITES.has(fetchSite)) return true;
  if (typeof origin === 'string') {
    const normalised = origin.toLowerCase();
    return normalised === ownOriginOf(request) || policy.allowedOrigins.includes(normalised);
  }
  return fetchSite === undefined;
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  return header?.split(';', 1)[0]?.trim().toLowerCase();
}

const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * One hook for every request: state-changing requests and the `/ws` upgrade must come from the app's own
 * origin, and state-changing bodies must be JSON (a form can post `text/plain` or multipart across sites
 * without a preflight; `fetch` with JSON from another site cannot). Routes that take a file say so with
 * `config.acceptsMultipart`.
 */
export function registerOriginGuard(app: FastifyInstance, policy: OriginPolicy): void {
  const allowed = { allowedOrigins: policy.allowedOrigins.map((origin) => origin.toLowerCase()) };
  app.addHook('onRequest', async (request) => {
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    const changesState = !READ_ONLY_METHODS.has(request.method);
    if (!changesState && !isUpgrade) return;
    if (!isOwnOrigin(request, allowed)) {
      request.log.warn(
        { origin: request.headers.origin, fetchSite: request.headers['sec-fetch-site'] },
        'cross-origin request refused',
      );
      throw new AppError('cross_origin_request', 403);
    }
    if (!changesState) return;
    const mediaType = mediaTypeOf(request);
    if (mediaType === undefined) {
      if (hasBody(request)) throw new AppError('unsupported_media_type', 415);
      return;
    }
    if (mediaType === 'application/json') return;
    if (mediaType === 'multipart/form-data' && request.routeOptions.config.acceptsMultipart) return;
    throw new AppError('unsupported_media_type', 415);
  });
}
