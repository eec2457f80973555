import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Learners the browser tests sign in as, made once before the server starts (seed-learners.ts), so the
 * suite never runs into the registration or sign-in limits (docs/product/auth.md#attempt-limits) however
 * many tests it grows: each test claims a learner no other test has and signs in, which counts against
 * nothing. Only the tests of registration itself register through the form.
 */
export const LEARNER_POOL_SIZE = 200;
export const LEARNER_PASSWORD = 'секрет-123';
const CLAIMS_DIR = '.tmp/e2e-learner-claims';

export interface PoolLearner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function poolLearner(index: number): PoolLearner {
  return {
    firstName: 'Марина',
    lastName: 'Тестова',
    email: `pool-learner-${index}@example.com`,
    password: LEARNER_PASSWORD,
  };
}

/** Forgets every claim: called when the pool is made afresh. */
export function resetLearnerClaims(): void {
  rmSync(CLAIMS_DIR, { recursive: true, force: true });
  mkdirSync(CLAIMS_DIR, { recursive: true });
}

/**
 * The next unclaimed learner. Creating a directory is atomic, so two workers (separate processes) never
 * get the same one.
 */
export function claimLearner(): PoolLearner {
  for (let index = 0; index < LEARNER_POOL_SIZE; index++) {
    try {
      mkdirSync(path.join(CLAIMS_DIR, String(index)));
      return poolLearner(index);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(
    `All ${LEARNER_POOL_SIZE} pool learners are taken: raise LEARNER_POOL_SIZE in e2e/learner-pool.ts`,
  );
}
