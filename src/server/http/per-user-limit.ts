import type { FastifyRequest } from 'fastify';
import { createAttemptLimiter } from '../auth/attempt-limiter';
import { userIdOf } from '../auth/session-cookie';
import { AppError } from './app-error';
import { type CallLimitName, RATE_LIMITS } from './rate-limits';

/**
 * A preHandler that caps how often one learner may call a provider-heavy route, by its limit in the one
 * table (`RATE_LIMITS.calls`): each call spends the learner's own paid quota, and a runaway client should
 * not empty it.
 */
export function perUserLimit(name: CallLimitName) {
  const limiter = createAttemptLimiter(RATE_LIMITS.calls[name]);
  return async (request: FastifyRequest): Promise<void> => {
    const key = `${request.routeOptions.url ?? request.url}:${userIdOf(request)}`;
    if (limiter.isBlocked(key)) {
      throw new AppError('rate_limited', 429);
    }
    limiter.record(key);
    return Promise.resolve();
  };
}
