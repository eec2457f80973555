import { RATE_LIMITS } from '../http/rate-limits';
import { createAttemptLimiter } from './attempt-limiter';

/** The numbers of docs/product/auth.md#attempt-limits, in the server's one table of limits. */
export const SIGN_IN_LIMITS = RATE_LIMITS.signIn;

/** One sign-in attempt as the limits see it. */
export interface SignInAttempt {
  /** The e-mail as typed (normalised): unknown and known e-mails are counted alike. */
  account: string;
  address: string;
  /**
   * Who is trying: `device:<id>` for a device that signed in to this account before (its remembered-device
   * cookie), else `address:<ip>`.
   */
  client: string;
  /** The remembered device of this account, or an address the account has a live session from. */
  isKnownDevice: boolean;
}

/**
 * Sign-in and registration limits (docs/product/auth.md#attempt-limits). Wrong passwords are counted per
 * address, per account and client, and per account. A stranger can exhaust the first and the last, so a
 * known device is held only to its own account-and-client count: the owner's right password from their own
 * device always gets in, whoever else is guessing.
 */
export function createSignInLimits(options: { now?: () => number } = {}) {
  const limiter = (limits: { max: number; windowMs: number }) =>
    createAttemptLimiter({ ...limits, now: options.now });
  const perAddress = limiter(SIGN_IN_LIMITS.perAddress);
  const perAccountAndClient = limiter(SIGN_IN_LIMITS.perAccountAndClient);
  const perAccount = limiter(SIGN_IN_LIMITS.perAccount);
  const registrationsPerEmail = limiter(SIGN_IN_LIMITS.registrationsPerEmail);
  const accountAndClient = (attempt: SignInAttempt) => `${attempt.account}\n${attempt.client}`;

  return {
    isSignInBlocked(attempt: SignInAttempt): boolean {
      if (perAccountAndClient.isBlocked(accountAndClient(attempt))) return true;
      if (attempt.isKnownDevice) return false;
      return perAddress.isBlocked(attempt.address) || perAccount.isBlocked(attempt.account);
    },
    recordSignInFailure(attempt: SignInAttempt): void {
      perAddress.record(attempt.address);
      perAccountAndClient.record(accountAndClient(attempt));
      perAccount.record(attempt.account);
    },
    /** The client's own count starts again; the account's stays, or each success would refill a guesser. */
    recordSignInSuccess(attempt: SignInAttempt): void {
      perAccountAndClient.reset(accountAndClient(attempt));
    },
    isRegistrationBlocked: (email: string, address: string) =>
      perAddress.isBlocked(address) || registrationsPerEmail.isBlocked(email),
    recordRegistration(email: string, address: string): void {
      perAddress.record(address);
      registrationsPerEmail.record(email);
    },
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;
