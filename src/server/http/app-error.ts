/** A failure the learner can be told about: one handler turns it into `{message, code}` with `status`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', 404, what);
export const unauthorized = () => new AppError('unauthorized', 401, 'Unauthorized');
