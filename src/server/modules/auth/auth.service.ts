import type { RegisterRequest, User } from '../../../shared/api/auth';
import type { ExternalIdentity } from '../../auth/external-sign-in';
import type { PasswordHasher } from '../../auth/password';
import type { SignInAttempt, SignInLimits } from '../../auth/sign-in-limits';
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

/** Where a sign-in comes from (docs/product/auth.md#attempt-limits). */
export interface SignInClient {
  address: string;
  /** The remembered-device cookie, when it is valid: the account it names and the device's id. */
  rememberedDevice: { userId: string; deviceId: string } | null;
}

export function createAuthService(deps: {
  users: UsersRepository;
  limits: SignInLimits;
  /** Whether the account has a live session opened from this address. */
  hasSessionFrom: (userId: string, address: string) => Promise<boolean>;
  passwords: PasswordHasher;
}) {
  const { users, limits, hasSessionFrom, passwords } = deps;

  async function attemptOf(email: string, user: UserRow | null, client: SignInClient) {
    const deviceId =
      user && client.rememberedDevice?.userId === user.id ? client.rememberedDevice.deviceId : null;
    const isKnownDevice = deviceId !== null || (user ? await hasSessionFrom(user.id, client.address) : false);
    const attempt: SignInAttempt = {
      account: email,
      address: client.address,
      client: deviceId ? `device:${deviceId}` : `address:${client.address}`,
      isKnownDevice,
    };
    return attempt;
  }

  return {
    async register(input: Required<RegisterRequest>, address: string): Promise<UserRow> {
      if (await limits.isRegistrationBlocked(input.email, address)) throw tooManyAttempts();
      await limits.recordRegistration(input.email, address);
      const created = await users.insert({
        email: input.email,
        passwordHash: await passwords.hash(input.password),
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        authProvider: 'password',
      });
      if (!created) throw new AppError('email_taken', 409);
      return created;
    },

    /**
     * Unknown e-mail and wrong password take the same path, time and answer. The limits are judged before
     * the password, so a blocked guess costs no argon2 verification.
     */
    async login(email: string, password: string, client: SignInClient): Promise<UserRow> {
      const user = await users.findByEmail(email);
      const attempt = await attemptOf(email, user, client);
      if (await limits.isSignInBlocked(attempt)) throw tooManyAttempts();
      const isValid = await passwords.verify(user?.passwordHash ?? null, password);
      if (!user || !isValid) {
        await limits.recordSignInFailure(attempt);
        throw new AppError('invalid_credentials', 401);
      }
      await limits.recordSignInSuccess(attempt);
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
