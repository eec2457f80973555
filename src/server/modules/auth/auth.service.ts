import type { RegisterRequest, User } from '../../../shared/api/auth';
import type { AttemptLimiter } from '../../auth/attempt-limiter';
import type { ExternalIdentity } from '../../auth/external-sign-in';
import { hashPassword, verifyPassword } from '../../auth/password';
import { AppError } from '../../http/app-error';
import type { UserRow, UsersRepository } from './users.repository';

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    claims: { first_name: row.firstName },
  };
}

export const tooManyAttempts = () => new AppError('too_many_attempts', 429);

export function createAuthService(deps: {
  users: UsersRepository;
  loginLimiter: AttemptLimiter;
  registrationLimiter: AttemptLimiter;
}) {
  const { users, loginLimiter, registrationLimiter } = deps;

  return {
    async register(input: Required<RegisterRequest>): Promise<UserRow> {
      if (registrationLimiter.isBlocked(input.email)) throw tooManyAttempts();
      registrationLimiter.record(input.email);
      const created = await users.insert({
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        authProvider: 'password',
      });
      if (!created) throw new AppError('email_taken', 409);
      return created;
    },

    /** Unknown e-mail and wrong password take the same path, time and answer. */
    async login(email: string, password: string): Promise<UserRow> {
      if (loginLimiter.isBlocked(email)) throw tooManyAttempts();
      const user = await users.findByEmail(email);
      const isValid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !isValid) {
        loginLimiter.record(email);
        throw new AppError('invalid_credentials', 401);
      }
      loginLimiter.reset(email);
      return user;
    },

    /**
     * The user behind an identity provider's answer. An existing account is joined by e-mail only when
     * the provider vouches for the address; otherwise someone could claim another learner's account.
     */
    async signInExternal(identity: ExternalIdentity): Promise<UserRow | null> {
      const profile = {
        firstName: identity.firstName,
        lastName: identity.lastName,
        profileImageUrl: identity.profileImageUrl,
      };
      const known = await users.findByExternalIdentity(identity.provider, identity.subject);
      if (known) return (await users.updateProfile(known.id, profile)) ?? known;
      if (identity.email && identity.isEmailVerified) {
        const byEmail = await users.findByEmail(identity.email);
        if (byEmail) return byEmail;
      }
      const emailIsFree = identity.email ? !(await users.findByEmail(identity.email)) : false;
      return users.insert({
        ...profile,
        email: emailIsFree ? identity.email : null,
        authProvider: identity.provider,
        authSubject: identity.subject,
      });
    },

    findUser: (id: string) => users.findById(id),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
