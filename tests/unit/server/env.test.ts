import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../src/server/env';

const validSecret = 'a-secret-that-is-at-least-thirty-two-characters';

describe('readEnv', () => {
  it('falls back to the documented defaults when nothing is set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: './data',
      logLevel: 'info',
      databaseUrl: undefined,
      appSecret: undefined,
      oidc: undefined,
      google: undefined,
    });
    expect(env.providerBaseUrls).toEqual({ openai: undefined, elevenlabs: undefined, leonardo: undefined });
  });

  it('treats an empty variable as unset', () => {
    const env = readEnv({
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      APP_SECRET: '',
      LOG_LEVEL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
    });
    expect(env).toMatchObject({
      port: 5000,
      dataDir: './data',
      databaseUrl: undefined,
      appSecret: undefined,
      logLevel: 'info',
      google: undefined,
    });
  });

  it('reads the values it is given and ignores unrelated variables', () => {
    const env = readEnv({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/palabra',
      DATABASE_URL: 'postgres://palabra:pw@db:5432/palabra',
      APP_SECRET: validSecret,
      OPENAI_BASE_URL: 'http://localhost:4010/v1',
      LOG_LEVEL: 'warn',
      PATH: '/usr/bin',
    });
    expect(env).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/palabra',
      databaseUrl: 'postgres://palabra:pw@db:5432/palabra',
      appSecret: validSecret,
      logLevel: 'warn',
      providerBaseUrls: { openai: 'http://localhost:4010/v1' },
    });
    expect(env).not.toHaveProperty('PATH');
  });

  it('lets learners’ own provider URLs reach private addresses on the embedded database only, unless told', () => {
    expect(readEnv({}).allowPrivateProviderUrls).toBe(true);
    const server = { DATABASE_URL: 'postgres://db/palabra', APP_SECRET: validSecret };
    expect(readEnv(server).allowPrivateProviderUrls).toBe(false);
    expect(readEnv({ ...server, ALLOW_PRIVATE_PROVIDER_URLS: 'true' }).allowPrivateProviderUrls).toBe(true);
    expect(readEnv({ ALLOW_PRIVATE_PROVIDER_URLS: '0' }).allowPrivateProviderUrls).toBe(false);
    expect(() => readEnv({ ALLOW_PRIVATE_PROVIDER_URLS: 'maybe' })).toThrow(
      /ALLOW_PRIVATE_PROVIDER_URLS: ALLOW_PRIVATE_PROVIDER_URLS must be true or false/,
    );
  });

  it('accepts port 0 (any free port) and the highest port', () => {
    expect(readEnv({ PORT: '0' }).port).toBe(0);
    expect(readEnv({ PORT: '65535' }).port).toBe(65535);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '65536'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'not a url'],
    ['OIDC_ISSUER_URL', 'issuer'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%j, naming the variable', (name, value) => {
    expect(() => readEnv({ [name]: value })).toThrow(new RegExp(`^Invalid environment:\\n {2}${name}: `));
  });

  it('refuses DATABASE_URL without APP_SECRET, telling an existing deployment which secret to keep', () => {
    expect(() => readEnv({ DATABASE_URL: 'postgres://palabra:pw@db:5432/palabra' })).toThrow(
      /APP_SECRET: APP_SECRET is required with DATABASE_URL.*contents of DATA_DIR\/app-secret/,
    );
    expect(readEnv({ DATABASE_URL: 'postgres://db/palabra', APP_SECRET: validSecret }).appSecret).toBe(
      validSecret,
    );
  });

  it('explains that APP_SECRET is too short', () => {
    expect(() => readEnv({ APP_SECRET: 'short' })).toThrow(
      'APP_SECRET: APP_SECRET must be at least 32 characters',
    );
  });

  it('reports every invalid variable at once', () => {
    let message = '';
    try {
      readEnv({ PORT: 'abc', LOG_LEVEL: 'loud' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/\n {2}PORT: /);
    expect(message).toMatch(/\n {2}LOG_LEVEL: /);
  });

  describe('hosted sign-in (OIDC)', () => {
    it('is configured by an issuer and a client id; the secret is optional', () => {
      expect(readEnv({ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'palabra' }).oidc).toEqual({
        issuerUrl: 'https://id.example.com',
        clientId: 'palabra',
        clientSecret: undefined,
      });
      expect(
        readEnv({
          OIDC_ISSUER_URL: 'https://id.example.com',
          OIDC_CLIENT_ID: 'palabra',
          OIDC_CLIENT_SECRET: 's3cret',
        }).oidc,
      ).toEqual({ issuerUrl: 'https://id.example.com', clientId: 'palabra', clientSecret: 's3cret' });
    });

    it.each([
      [{ OIDC_ISSUER_URL: 'https://id.example.com' }],
      [{ OIDC_CLIENT_ID: 'palabra', OIDC_CLIENT_SECRET: 's3cret' }],
      [{ OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: '' }],
    ])('is off with only %j', (source) => {
      expect(readEnv(source).oidc).toBeUndefined();
    });
  });

  describe('Google sign-in', () => {
    it('is configured only when both the client id and the secret are set', () => {
      expect(readEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
        clientId: 'id',
        clientSecret: 'secret',
      });
      expect(readEnv({ GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
      expect(readEnv({ GOOGLE_CLIENT_SECRET: 'secret' }).google).toBeUndefined();
      expect(readEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: '' }).google).toBeUndefined();
    });
  });

  describe('MIN_FREE_DISK_MB', () => {
    it('keeps 1024 MB free by default and takes a whole number of megabytes, 0 included', () => {
      expect(readEnv({}).minFreeDiskMb).toBe(1024);
      expect(readEnv({ MIN_FREE_DISK_MB: '' }).minFreeDiskMb).toBe(1024);
      expect(readEnv({ MIN_FREE_DISK_MB: '4096' }).minFreeDiskMb).toBe(4096);
      expect(readEnv({ MIN_FREE_DISK_MB: '0' }).minFreeDiskMb).toBe(0);
    });

    it.each([
      ['abc', 'a whole number of megabytes'],
      ['1.5', 'a whole number of megabytes'],
      ['-1', '0 or more'],
    ])('refuses %j', (value, message) => {
      expect(() => readEnv({ MIN_FREE_DISK_MB: value })).toThrow(
        `MIN_FREE_DISK_MB: MIN_FREE_DISK_MB must be ${message}`,
      );
    });
  });

  describe('ALLOWED_ORIGINS', () => {
    it('is empty by default and lists each origin, normalised, when set', () => {
      expect(readEnv({}).allowedOrigins).toEqual([]);
      expect(
        readEnv({ ALLOWED_ORIGINS: 'https://Palabra.example, http://localhost:3000/ ,' }).allowedOrigins,
      ).toEqual(['https://palabra.example', 'http://localhost:3000']);
    });

    it.each(['palabra.example', 'https://palabra.example/app', 'ftp://palabra.example'])(
      'refuses %s, which is not an origin',
      (value) => {
        expect(() => readEnv({ ALLOWED_ORIGINS: value })).toThrow(/ALLOWED_ORIGINS/);
      },
    );
  });

  describe('TRUST_PROXY', () => {
    it('trusts a proxy on this machine by default, and the addresses, CIDRs and ranges listed when set', () => {
      expect(readEnv({}).trustProxy).toEqual(['loopback']);
      expect(readEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8 , uniquelocal' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '192.0.2.7',
        'fd00::/8',
        'uniquelocal',
      ]);
    });

    it.each(['proxy.example', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '10.0.0/8', '*'])(
      'refuses %s, which is not an address, CIDR or range name',
      (value) => {
        expect(() => readEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
      },
    );
  });
});
