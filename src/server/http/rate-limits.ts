const MINUTE = 60 * 1000;

/** Counted in the database every instance shares, or by each instance in its memory. */
type Scope = 'shared' | 'instance';
const SHARED: Scope = 'shared';
/**
 * The hot path of play-all and review, one request a card or more: a write per request to count it in the
 * database would cost every play; behind N instances a learner gets N times these generous caps, which
 * guard the learner's own quota against a runaway client, not the server against an attacker.
 */
const INSTANCE: Scope = 'instance';

/**
 * Every rate limit of the server, in one table: each is a number of attempts in a fixed window, counted in
 * the database every instance shares, so N instances enforce one limit, or (the hottest calls) by each
 * instance in memory (docs/DEPLOY.md#shared-limits, docs/SECURITY.md).
 * - `signIn`: failed sign-ins and registrations (docs/product/auth.md#attempt-limits).
 * - `calls`: how often one learner may call a route that spends their own provider quota or starts
 *   background work; a runaway client gets 429 `rate_limited` rather than emptying the quota.
 */
export const RATE_LIMITS = {
  signIn: {
    /** Failed sign-ins and registrations from one network address, whatever the account. */
    perAddress: { max: 50, windowMs: 60 * MINUTE, scope: SHARED },
    /** Failed sign-ins to one account from one client: a network address, or a remembered device. */
    perAccountAndClient: { max: 10, windowMs: 15 * MINUTE, scope: SHARED },
    /** Failed sign-ins to one account from everywhere: bounds guessing spread over many addresses. */
    perAccount: { max: 30, windowMs: 60 * MINUTE, scope: SHARED },
    /** Registrations of one e-mail. */
    registrationsPerEmail: { max: 5, windowMs: 60 * MINUTE, scope: SHARED },
  },
  calls: {
    providerKeyChecks: { max: 20, windowMs: MINUTE, scope: SHARED },
    speech: { max: 240, windowMs: MINUTE, scope: INSTANCE },
    pictures: { max: 30, windowMs: MINUTE, scope: SHARED },
    reviewGrades: { max: 1200, windowMs: MINUTE, scope: INSTANCE },
    dictionaryWordChanges: { max: 30, windowMs: MINUTE, scope: SHARED },
    dictionaryJobStarts: { max: 10, windowMs: MINUTE, scope: SHARED },
    uploads: { max: 30, windowMs: MINUTE, scope: SHARED },
    wordMaintenanceStarts: { max: 10, windowMs: MINUTE, scope: SHARED },
    audiobookPaidChanges: { max: 30, windowMs: MINUTE, scope: SHARED },
    audiobookMaintenance: { max: 20, windowMs: MINUTE, scope: SHARED },
    audiobookCreations: { max: 10, windowMs: MINUTE, scope: SHARED },
    learnWordChanges: { max: 30, windowMs: MINUTE, scope: SHARED },
    learnCardAudio: { max: 240, windowMs: MINUTE, scope: INSTANCE },
    learnPlays: { max: 240, windowMs: MINUTE, scope: INSTANCE },
    exports: { max: 10, windowMs: MINUTE, scope: SHARED },
    imports: { max: 20, windowMs: MINUTE, scope: SHARED },
  },
} as const satisfies Record<string, Record<string, RateLimit>>;

export interface RateLimit {
  max: number;
  windowMs: number;
  scope: Scope;
}
export type SignInLimitName = keyof typeof RATE_LIMITS.signIn;
export type CallLimitName = keyof typeof RATE_LIMITS.calls;
