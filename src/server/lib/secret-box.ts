import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived from APP_SECRET (docs/product/providers.md#keys): provider keys are
 * unreadable at rest.
 */
export function createSecretBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'palabra', 'provider-keys', 32));
  return {
    seal(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('Unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;

/** `sk-…9fA2`: enough to recognise a key, too little to use it. */
export function maskSecret(secret: string): string {
  const visibleTail = secret.slice(-4);
  const prefix = /^[a-z]{2,4}[-_]/i.exec(secret)?.[0] ?? '';
  return `${prefix}…${visibleTail}`;
}
