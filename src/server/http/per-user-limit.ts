import type { FastifyRequest } from 'fastify';
import type { AttemptLimiter } from '../auth/attempt-limiter';
import { userIdOf } from '../auth/session-cookie';
import { AppError } from './app-error';

/**
 * A preHandler that caps how often one learner may call a provider-heavy route: each call spends the
 * learner's own paid quota, and a runaway client should not empty it.
 */
export function perUserLimit(limiter: AttemptLimiter) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = `${request.routeOptions.url ?? request.url}:${userIdOf(request)}`;
    if (limiter.isBlocked(key)) {
      throw new AppError('rate_limited', 429);
    }
    limiter.record(key);
    return Promise.resolve();
  };
}
