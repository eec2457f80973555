import type { FastifyInstance } from 'fastify';
import type { AttemptLimits } from '../../auth/attempt-limiter';
import type { Env } from '../../env';
import { createExternalSignIn } from '../../auth/external-sign-in';
import type { SessionStore } from '../../auth/sessions';
import { createPasswordHasher, type PasswordHashCost } from '../../auth/password';
import { createSignInLimits } from '../../auth/sign-in-limits';
import type { AreaContext } from '../area-context';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createUsersRepository } from './users.repository';

/** Accounts: registration, sign-in (password, OIDC, Google) within the sign-in limits, sign-out. */
export async function registerAuth(
  app: FastifyInstance,
  deps: AreaContext & {
    sessions: SessionStore;
    attemptLimits: AttemptLimits;
    oidc?: Env['oidc'];
    google?: Env['google'];
    passwordHashCost?: PasswordHashCost;
  },
): Promise<void> {
  const { sessions } = deps;
  const auth = createAuthService({
    users: createUsersRepository(deps.db),
    limits: createSignInLimits(deps.attemptLimits),
    hasSessionFrom: (userId, address) => sessions.hasSessionFrom(userId, address),
    passwords: createPasswordHasher(deps.passwordHashCost),
  });
  await app.register(authRoutes, {
    auth,
    sessions,
    sessionResolver: deps.sessionResolver,
    externalSignIn: createExternalSignIn({ oidc: deps.oidc, google: deps.google }),
  });
}
