import type { FastifyRequest } from 'fastify';
import { userIdOf } from '../auth/session-cookie';
import { AppError } from './app-error';
import type { CallLimitName } from './rate-limits';

/**
 * A preHandler that caps how often one learner may call a provider-heavy route, by its limit in the one
 * table (`RATE_LIMITS.calls`), counted where that limit's scope says (the app's `attemptLimits`): each call
 * spends the learner's own paid quota, and a runaway client should not empty it.
 */
export function perUserLimit(name: CallLimitName) {
  return async (request: FastifyRequest): Promise<void> => {
    const limit = request.server.attemptLimits.call(name);
    const key = `${request.routeOptions.url ?? request.url}:${userIdOf(request)}`;
    if (await limit.isBlocked(key)) throw new AppError('rate_limited', 429);
    await limit.record(key);
  };
}
