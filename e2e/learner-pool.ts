import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Learners the browser tests sign in as, made once before the server starts (seed-learners.ts), so the
 * suite never runs into the registration or sign-in limits (docs/product/auth.md#attempt-limits) however
 * many tests it grows: each test claims a learner no other test has and starts signed in with the session
 * the seed made for it (its cookie), which costs no sign-in at all. Only the tests of registration and
 * sign-in themselves go through the forms.
 */
export const LEARNER_POOL_SIZE = 200;
export const LEARNER_PASSWORD = 'секрет-123';
const CLAIMS_DIR = '.tmp/e2e-learner-claims';
const SESSIONS_FILE = '.tmp/e2e-learner-sessions.json';

export interface PoolLearner {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** The session cookie (its name and token) of the session the seed made for this learner. */
  sessionCookie: string;
  sessionToken: string;
}

interface LearnerSessions {
  cookie: string;
  /** By the learner's index in the pool. */
  tokens: string[];
}

let sessions: LearnerSessions | undefined;

/** Kept by the seed: the session cookie's name and each pool learner's token. */
export function saveLearnerSessions(saved: LearnerSessions): void {
  mkdirSync(path.dirname(SESSIONS_FILE), { recursive: true });
  writeFileSync(SESSIONS_FILE, JSON.stringify(saved));
}

export function poolLearner(index: number): Omit<PoolLearner, 'sessionCookie' | 'sessionToken'> {
  return {
    firstName: 'Марина',
    lastName: 'Тестова',
    email: `pool-learner-${index}@example.com`,
    password: LEARNER_PASSWORD,
  };
}

function sessionOf(index: number): Pick<PoolLearner, 'sessionCookie' | 'sessionToken'> {
  sessions ??= JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as LearnerSessions;
  const token = sessions.tokens[index];
  if (!token) throw new Error(`No session for pool learner ${index}: the seed (seed-learners.ts) made none`);
  return { sessionCookie: sessions.cookie, sessionToken: token };
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
      return { ...poolLearner(index), ...sessionOf(index) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(
    `All ${LEARNER_POOL_SIZE} pool learners are taken: raise LEARNER_POOL_SIZE in e2e/learner-pool.ts`,
  );
}
