import { hashPassword } from '../src/server/auth/password';
import { rmSync } from 'node:fs';
import { openDatabase } from '../src/server/db/client';
import { clusterDirOf, stopOrphan } from '../src/server/db/embedded-server';
import { lockDataDir } from '../src/server/lib/data-dir';
import { createSessionStore, SESSION_COOKIE } from '../src/server/auth/sessions';
import { createUsersRepository } from '../src/server/modules/auth/users.repository';
import {
  LEARNER_PASSWORD,
  LEARNER_POOL_SIZE,
  poolLearner,
  resetLearnerClaims,
  saveLearnerSessions,
} from './learner-pool';

/**
 * Makes the browser tests' learners in a fresh data folder before the server opens it
 * (playwright.config.ts), with the same argon2id hash a registration stores, and a session for each, as a
 * sign-in makes it: a test starts signed in from its cookie (support.ts, `signInLearner`).
 */
async function main(dataDir: string): Promise<void> {
  // A database server an interrupted run left behind would outlive its deleted folder.
  await stopOrphan(clusterDirOf(dataDir));
  rmSync(dataDir, { recursive: true, force: true });
  const lock = lockDataDir(dataDir);
  const database = await openDatabase({ kind: 'embedded', dataDir });
  try {
    const passwordHash = await hashPassword(LEARNER_PASSWORD);
    const users = createUsersRepository(database.db);
    const sessions = createSessionStore(database.db);
    const tokens: string[] = [];
    for (let index = 0; index < LEARNER_POOL_SIZE; index++) {
      const learner = poolLearner(index);
      const user = await users.insert({
        email: learner.email,
        passwordHash,
        firstName: learner.firstName,
        lastName: learner.lastName,
        authProvider: 'password',
      });
      if (!user) throw new Error(`Pool learner ${index} was not made`);
      tokens.push((await sessions.create(user.id, 'password', '127.0.0.1')).token);
    }
    saveLearnerSessions({ cookie: SESSION_COOKIE, tokens });
    resetLearnerClaims();
  } finally {
    await database.close();
    lock.release();
  }
}

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tsx e2e/seed-learners.ts <data dir>');
await main(dataDir);
