import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/server/auth/password';

describe('password hashing', () => {
  it('hashes with argon2id at the chosen cost, never keeping the password', async () => {
    const hash = await hashPassword('secreto123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    const parameters = hash.split('$')[3]?.split(',').sort();
    expect(parameters).toEqual(['m=19456', 'p=1', 't=2']);
    expect(hash).not.toContain('secreto123');
  });

  it('salts every hash', async () => {
    expect(await hashPassword('secreto123')).not.toBe(await hashPassword('secreto123'));
  });

  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('secreto123');
    expect(await verifyPassword(hash, 'secreto123')).toBe(true);
    expect(await verifyPassword(hash, 'secreto124')).toBe(false);
    expect(await verifyPassword(hash, '')).toBe(false);
  });

  it('fails, without throwing, for an account without a password or a damaged hash', async () => {
    expect(await verifyPassword(null, 'secreto123')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'secreto123')).toBe(false);
  });
});
