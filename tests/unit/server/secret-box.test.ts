import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret } from '../../../src/server/lib/secret-box';

const APP_SECRET = 'an-app-secret-that-is-long-enough-0123456789';

/** Flips one bit of one dot-separated part, on the decoded bytes (a base64url tail can hide a change). */
function tamper(sealed: string, partIndex: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[partIndex] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join('.');
}

describe('createSecretBox', () => {
  it.each(['sk-proj-abc123XYZ', 'ключ с ñ y emoji 🔑', ''])('opens what it sealed: %j', (plaintext) => {
    const box = createSecretBox(APP_SECRET);
    expect(box.open(box.seal(plaintext))).toBe(plaintext);
  });

  it('seals to a versioned value that does not contain the plaintext', () => {
    const sealed = createSecretBox(APP_SECRET).seal('sk-proj-abc123XYZ');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]*$/);
    expect(sealed).not.toContain('abc123XYZ');
  });

  it('gives a different ciphertext every time', () => {
    const box = createSecretBox(APP_SECRET);
    const sealed = new Set(Array.from({ length: 5 }, () => box.seal('sk-same-key')));
    expect(sealed.size).toBe(5);
  });

  it('opens with a new box from the same app secret, as after a restart', () => {
    const sealed = createSecretBox(APP_SECRET).seal('sk-proj-abc123XYZ');
    expect(createSecretBox(APP_SECRET).open(sealed)).toBe('sk-proj-abc123XYZ');
  });

  it('cannot open with a different app secret', () => {
    const sealed = createSecretBox(APP_SECRET).seal('sk-proj-abc123XYZ');
    expect(() => createSecretBox(`${APP_SECRET}-other`).open(sealed)).toThrow();
  });

  it.each([
    [1, 'iv'],
    [2, 'auth tag'],
    [3, 'ciphertext'],
  ])('rejects a value whose part %i (%s) was tampered with', (partIndex) => {
    const box = createSecretBox(APP_SECRET);
    const sealed = box.seal('sk-proj-abc123XYZ');
    const tampered = tamper(sealed, partIndex);
    expect(tampered).not.toBe(sealed);
    expect(() => box.open(tampered)).toThrow();
  });

  it.each(['', 'sk-plain-text-key', 'v2.aaaa.bbbb.cccc', 'v1.aaaa.bbbb'])(
    'refuses a value that is not a sealed one: %j',
    (value) => {
      expect(() => createSecretBox(APP_SECRET).open(value)).toThrow('Unreadable sealed value');
    },
  );
});

describe('maskSecret', () => {
  it.each([
    ['sk-proj-abcdefghijkl9fA2', 'sk-…9fA2'],
    ['sk_live_1234567890abcd', 'sk_…abcd'],
    ['xi-0123456789abcdef', 'xi-…cdef'],
    ['0123456789abcdef0123', '…0123'],
  ])('masks %s as %s', (secret, masked) => {
    expect(maskSecret(secret)).toBe(masked);
  });

  it('never shows more than the prefix and the last four characters', () => {
    const secret = 'sk-proj-VERYSECRETMIDDLEPARTwxyz';
    const masked = maskSecret(secret);
    expect(masked).not.toContain('VERYSECRET');
    expect(masked.endsWith('wxyz')).toBe(true);
  });
});
