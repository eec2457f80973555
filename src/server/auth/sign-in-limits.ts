import type { AttemptLimits } from './attempt-limiter';

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
 * device always gets in, whoever else is guessing. Counted in the database, so every instance behind a
 * proxy enforces the same limit (docs/DEPLOY.md#shared-limits).
 */
export function createSignInLimits(limits: AttemptLimits) {
  const perAddress = limits.signIn('perAddress');
  const perAccountAndClient = limits.signIn('perAccountAndClient');
  const perAccount = limits.signIn('perAccount');
  const registrationsPerEmail = limits.signIn('registrationsPerEmail');
  const accountAndClient = (attempt: SignInAttempt) => `${attempt.account}\n${attempt.client}`;

  return {
    async isSignInBlocked(attempt: SignInAttempt): Promise<boolean> {
      if (await perAccountAndClient.isBlocked(accountAndClient(attempt))) return true;
      if (attempt.isKnownDevice) return false;
      return (await perAddress.isBlocked(attempt.address)) || perAccount.isBlocked(attempt.account);
    },
    async recordSignInFailure(attempt: SignInAttempt): Promise<void> {
      await Promise.all([
        perAddress.record(attempt.address),
        perAccountAndClient.record(accountAndClient(attempt)),
        perAccount.record(attempt.account),
      ]);
    },
    /** The client's own count starts again; the account's stays, or each success would refill a guesser. */
    recordSignInSuccess: (attempt: SignInAttempt): Promise<void> =>
      perAccountAndClient.reset(accountAndClient(attempt)),
    isRegistrationBlocked: async (email: string, address: string): Promise<boolean> =>
      (await perAddress.isBlocked(address)) || registrationsPerEmail.isBlocked(email),
    async recordRegistration(email: string, address: string): Promise<void> {
      await Promise.all([perAddress.record(address), registrationsPerEmail.record(email)]);
    },
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;
