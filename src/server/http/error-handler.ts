import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeProviderError, ProviderError } from '../providers/provider-error';
import { AppError } from './app-error';

function describeValidation(error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0]): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return 'Invalid request';
  const context = (error as { validationContext?: string }).validationContext ?? 'request';
  return error.validation
    .map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return field ? `${context}.${field}: ${issue.message}` : `${context}: ${issue.message}`;
    })
    .join('; ');
}

/** The one place that turns failures into `{message, code}`; 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ProviderError, request, reply) => {
    const send = (status: number, code: string, message: string) =>
      reply.status(status).send({ message, code, error: message, requestId: request.id });

    if (error instanceof AppError) return send(error.status, error.code, error.message);
    if (error instanceof ProviderError) {
      request.log.warn(
        { provider: error.provider, code: error.code, detail: error.detail },
        'provider failed',
      );
      const { status, message } = describeProviderError(error);
      return send(status, error.code, message);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(400, 'validation_failed', describeValidation(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(429, 'rate_limited', error.message);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(413, 'payload_too_large', 'Request body is too large');
    }
    if (status >= 400 && status < 500) {
      return send(status, error.code, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, 'internal_error', 'Internal server error');
  });
}

/**
 * Unknown paths: a GET outside the server's own prefixes gets the single-page app (when it is built),
 * which shows its own '404 Page Not Found'; anything else gets a JSON 404.
 */
export function registerNotFoundHandler(
  app: FastifyInstance,
  options: { serverPrefixes: readonly string[]; hasClient: boolean },
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isServerPath = options.serverPrefixes.some((prefix) => path.startsWith(prefix));
    if (options.hasClient && request.method === 'GET' && !isServerPath) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found', requestId: request.id });
  });
}
