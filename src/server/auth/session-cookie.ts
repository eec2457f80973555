import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/app-error';
import { SESSION_COOKIE, type SessionStore } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on protected routes. */
    userId: string | null;
  }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expire: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // trustProxy is on, so this is true behind an HTTPS-terminating proxy.
    secure: request.protocol === 'https',
    expires: expire,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function createSessionResolver(sessions: SessionStore) {
  /**
   * The signed-in user's id, or null; a stale cookie is simply not a session. When the row was renewed
   * the cookie is sent again with the new expiry, or the browser would drop it at the old one
   * (docs/product/auth.md#sessions).
   */
  async function resolveUserId(request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return null;
    // A socket upgrade's answer is written by the socket library, not this reply: a cookie set on it
    // would be lost while the row moved on, so the next ordinary request renews instead.
    const isUpgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    const session = await sessions.find(token, { canRenew: !isUpgrade });
    if (!session) return null;
    if (session.renewed) setSessionCookie(request, reply, token, session.expire);
    return session.userId;
  }

  /** preValidation hook of every protected route: 401 when signed out, before the body is judged. */
  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const userId = await resolveUserId(request, reply);
    if (!userId) throw unauthorized();
    request.userId = userId;
  }

  return { resolveUserId, requireUser };
}
export type SessionResolver = ReturnType<typeof createSessionResolver>;

/** For handlers behind `requireUser`: the id is there, or the hook would have answered 401. */
export function userIdOf(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}
