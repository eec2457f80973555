import type { ErrorParams } from '../../shared/api/errors';
import { HTTP_ERROR_MESSAGES, type HttpErrorCode } from './error-codes';

/**
 * A failure the learner can be told about. It carries a stable `code` and the `params` the client's
 * sentence needs (docs/product/errors.md); the error handler answers it with `status`. The Error's own
 * message is the English developer text for logs, never shown to a learner.
 */
export class AppError extends Error {
  constructor(
    readonly code: HttpErrorCode,
    readonly status: number,
    readonly params?: ErrorParams,
  ) {
    super(HTTP_ERROR_MESSAGES[code]);
    this.name = 'AppError';
  }
}

export const notFound = (
  code:
    'not_found' | 'word_not_found' | 'picture_not_found' | 'job_not_found' | 'undo_not_found' = 'not_found',
) => new AppError(code, 404);
export const unauthorized = () => new AppError('unauthorized', 401);
