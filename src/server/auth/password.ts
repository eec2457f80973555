import argon2 from 'argon2';

/** argon2id's cost: memory in KiB and passes (docs/product/auth.md#registration). */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

export const PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 19456, timeCost: 2 };

/**
 * Hashing and checking passwords at a cost. A hash carries its own cost, so a check costs what its hash
 * did; test apps, which register hundreds of learners, pass a lower one (tests/support/build-test-app.ts).
 */
export function createPasswordHasher(cost: PasswordHashCost = PASSWORD_HASH_COST) {
  const hashOptions = { type: argon2.argon2id, parallelism: 1, ...cost } as const;
  const hash = (password: string) => argon2.hash(password, hashOptions);
  // Verified against when the e-mail is unknown, so both failures cost one argon2 verification.
  let dummyHash: Promise<string> | undefined;

  const verify = async (storedHash: string | null, password: string): Promise<boolean> => {
    if (!storedHash) {
      dummyHash ??= hash('not-a-real-password');
      await argon2.verify(await dummyHash, password);
      return false;
    }
    try {
      return await argon2.verify(storedHash, password);
    } catch {
      return false;
    }
  };
  return { hash, verify };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

const productionHasher = createPasswordHasher();
export const hashPassword = productionHasher.hash;
export const verifyPassword = productionHasher.verify;
