import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorParams } from '../../shared/api/errors';
import { isUnstorableValue } from '../db/errors';
import { ProviderError, providerErrorStatus, providerFailure } from '../providers/provider-error';
import { AppError } from './app-error';
import { HTTP_ERROR_MESSAGES, type HttpErrorCode } from './error-codes';

type ValidationError = Parameters<typeof hasZodFastifySchemaValidationErrors>[0];

/**
 * The first failing field, for the learner (the client names it through `errors.fields.<field>`), and
 * every issue in English for the developer. An item of a list is named by the list (`wordIds/3` →
 * `wordIds`); a wholly missing body by its part of the request (`body`).
 */
function describeValidation(error: ValidationError): { params: ErrorParams; message: string } {
  const context = (error as { validationContext?: string }).validationContext ?? 'request';
  if (!hasZodFastifySchemaValidationErrors(error))
    return { params: { field: context }, message: 'Invalid request' };
  const issues = error.validation.map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    const field = segments.findLast((segment) => !/^\d+$/.test(segment)) ?? context;
    const path = [context, ...segments].join('.');
    return { field, issue: issue.keyword, text: `${path}: ${issue.message}` };
  });
  const first = issues[0];
  return {
    params: first ? { field: first.field, issue: first.issue } : { field: context },
    message: issues.map((issue) => issue.text).join('; ') || 'Invalid request',
  };
}

/**
 * A path id beyond its column names a row that cannot exist: the route's own "not found" code, carried
 * by the id's schema (rowIdParam in src/shared/api/fields.ts), answers it with 404 as for another
 * learner's id (docs/product/errors.md#values-the-database-cannot-hold).
 */
function notFoundCodeOf(error: ValidationError): HttpErrorCode | undefined {
  if ((error as { validationContext?: string }).validationContext !== 'params') return undefined;
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  for (const issue of error.validation) {
    const notFound = (issue.params as { params?: { notFound?: unknown } }).params?.notFound;
    if (typeof notFound === 'string' && notFound in HTTP_ERROR_MESSAGES) return notFound as HttpErrorCode;
  }
  return undefined;
}

/**
 * The one place that turns failures into the coded body `{code, params, message, error, requestId}`
 * (errorBodySchema): `code` and `params` are what the client renders, `message` is English for
 * developers. 5xx details are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ProviderError, request, reply) => {
    const send = (status: number, code: string, params: ErrorParams | undefined, message: string) =>
      reply.status(status).send({ code, params, message, error: message, requestId: request.id });
    const sendCode = (status: number, code: HttpErrorCode, params?: ErrorParams) =>
      send(status, code, params, HTTP_ERROR_MESSAGES[code]);

    if (error instanceof AppError) return send(error.status, error.code, error.params, error.message);
    if (error instanceof ProviderError) {
      request.log.warn(
        { provider: error.provider, code: error.code, detail: error.detail },
        'provider failed',
      );
      const { code, params, message } = providerFailure(error);
      return send(providerErrorStatus(error), code, params, message);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const notFound = notFoundCodeOf(error);
      if (notFound) return sendCode(404, notFound);
      const { params, message } = describeValidation(error);
      return send(400, 'validation_failed', params, message);
    }
    if (isUnstorableValue(error)) {
      // A request schema let through what the database cannot hold: the request is wrong, the schema
      // should have said so (logged to be fixed there).
      request.log.warn({ err: error }, 'value refused by the database');
      return sendCode(400, 'invalid_value');
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return sendCode(429, 'rate_limited');
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendCode(413, 'payload_too_large');
    if (status === 404) return sendCode(404, 'not_found');
    if (status === 401) return sendCode(401, 'unauthorized');
    if (status >= 400 && status < 500) {
      // Fastify's own refusals (a malformed JSON body, a wrong content type): the request, not the
      // learner's input, is wrong, so one code covers them; Fastify's English words go as `message`.
      request.log.info({ err: error }, 'request refused');
      return send(status, 'invalid_request', undefined, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendCode(500, 'internal_error');
  });
}

/**
 * Unknown paths: a GET outside the server's own prefixes gets the single-page app (when it is built),
 * which shows its own '404 Page Not Found'; anything else gets a JSON 404.
 */
/**
 * A request for a file (a build's chunk or stylesheet, an icon, the manifest) that no kept build has: it
 * answers 404, never the app's page, which a browser would run as a script and go blank
 * (docs/product/overview.md#serving-the-client). The app's own routes have no dot in their last part.
 */
const isFilePath = (path: string) => path.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(path);

export function registerNotFoundHandler(
  app: FastifyInstance,
  options: {
    serverPrefixes: readonly string[];
    /** The app's page for this request, when the client is built. */
    appPage: ((request: FastifyRequest) => string) | undefined;
  },
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = options.serverPrefixes.some((prefix) => path.startsWith(prefix));
    if (options.appPage && request.method === 'GET' && !isServerPath && !isFilePath(path)) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(options.appPage(request));
    }
    return reply
      .status(404)
      .send({ code: 'not_found', message: HTTP_ERROR_MESSAGES.not_found, requestId: request.id });
  });
}
