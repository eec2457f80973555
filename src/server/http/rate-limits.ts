const MINUTE = 60 * 1000;

/**
 * Every rate limit of the server, in one table: each is a number of attempts in a fixed window, counted per
 * instance in memory (docs/SECURITY.md).
 * - `signIn`: failed sign-ins and registrations (docs/product/auth.md#attempt-limits).
 * - `calls`: how often one learner may call a route that spends their own provider quota or starts
 *   background work; a runaway client gets 429 `rate_limited` rather than emptying the quota.
 */
export const RATE_LIMITS = {
  signIn: {
    /** Failed sign-ins and registrations from one network address, whatever the account. */
    perAddress: { max: 50, windowMs: 60 * MINUTE },
    /** Failed sign-ins to one account from one client: a network address, or a remembered device. */
    perAccountAndClient: { max: 10, windowMs: 15 * MINUTE },
    /** Failed sign-ins to one account from everywhere: bounds guessing spread over many addresses. */
    perAccount: { max: 30, windowMs: 60 * MINUTE },
    /** Registrations of one e-mail. */
    registrationsPerEmail: { max: 5, windowMs: 60 * MINUTE },
  },
  calls: {
    providerKeyChecks: { max: 20, windowMs: MINUTE },
    speech: { max: 240, windowMs: MINUTE },
    pictures: { max: 30, windowMs: MINUTE },
    reviewGrades: { max: 1200, windowMs: MINUTE },
    dictionaryWordChanges: { max: 30, windowMs: MINUTE },
    dictionaryJobStarts: { max: 10, windowMs: MINUTE },
    uploads: { max: 30, windowMs: MINUTE },
    wordMaintenanceStarts: { max: 10, windowMs: MINUTE },
    audiobookPaidChanges: { max: 30, windowMs: MINUTE },
    audiobookMaintenance: { max: 20, windowMs: MINUTE },
    audiobookCreations: { max: 10, windowMs: MINUTE },
    learnWordChanges: { max: 30, windowMs: MINUTE },
    learnCardAudio: { max: 240, windowMs: MINUTE },
    learnPlays: { max: 240, windowMs: MINUTE },
    exports: { max: 10, windowMs: MINUTE },
    imports: { max: 20, windowMs: MINUTE },
  },
} as const satisfies Record<string, Record<string, { max: number; windowMs: number }>>;

export type CallLimitName = keyof typeof RATE_LIMITS.calls;
