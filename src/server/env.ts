import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MIN_FREE_DISK_MB } from './lib/disk-space';

/**
 * `ALLOWED_ORIGINS`: comma-separated origins (`scheme://host[:port]`) whose pages may change state besides
 * the app's own (docs/product/auth.md#forged-requests).
 */
const originList = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const isOrigin =
      url !== undefined &&
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username;
    if (!url || !isOrigin) {
      context.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${entry}` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` reads as it does an address. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR), or one of `PROXY_RANGE_NAMES`. */
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * `TRUST_PROXY`: comma-separated addresses, CIDRs or range names (`loopback`, `linklocal`, `uniquelocal`)
 * of the proxies whose `X-Forwarded-*` headers count (docs/DEPLOY.md#behind-a-proxy).
 */
const proxyList = z.string().transform((value, context) => {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (isProxyAddress(entry)) continue;
    context.addIssue({ code: 'custom', message: `not an address, CIDR or range name: ${entry}` });
    return z.NEVER;
  }
  return entries;
});

/** The only reader of process.env: every setting the server takes, parsed once. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url().optional(),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    OPENAI_BASE_URL: z.url().optional(),
    ELEVENLABS_BASE_URL: z.url().optional(),
    LEONARDO_BASE_URL: z.url().optional(),
    /** May a learner's own provider URL reach private and loopback addresses? */
    ALLOW_PRIVATE_PROVIDER_URLS: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], {
        error: 'ALLOW_PRIVATE_PROVIDER_URLS must be true or false',
      })
      .transform((value) => value === 'true' || value === '1' || value === 'yes')
      .optional(),
    OIDC_ISSUER_URL: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    ALLOWED_ORIGINS: originList.optional(),
    TRUST_PROXY: proxyList.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Uploads and imports are refused while the data folder's disk has less free (0: never). */
    MIN_FREE_DISK_MB: z.coerce
      .number({ error: 'MIN_FREE_DISK_MB must be a whole number of megabytes' })
      .int('MIN_FREE_DISK_MB must be a whole number of megabytes')
      .min(0, 'MIN_FREE_DISK_MB must be 0 or more')
      .default(DEFAULT_MIN_FREE_DISK_MB),
  })
  // Instances sharing one database must share the secret that seals provider keys, or a key saved
  // through one is unreadable on the other (docs/product/providers.md#keys).
  .refine((env) => !env.DATABASE_URL || env.APP_SECRET, {
    path: ['APP_SECRET'],
    message:
      'APP_SECRET is required with DATABASE_URL, so every instance reads the provider keys the others saved. ' +
      'An existing deployment sets it to the contents of DATA_DIR/app-secret, so no saved key is lost.',
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appSecret: env.APP_SECRET,
    providerBaseUrls: {
      openai: env.OPENAI_BASE_URL,
      elevenlabs: env.ELEVENLABS_BASE_URL,
      leonardo: env.LEONARDO_BASE_URL,
    },
    // A local model server is the point of the embedded single-machine default; a shared deployment
    // (DATABASE_URL) keeps learners off its private network unless the operator says otherwise
    // (docs/product/providers.md#endpoint-addresses).
    allowPrivateProviderUrls: env.ALLOW_PRIVATE_PROVIDER_URLS ?? env.DATABASE_URL === undefined,
    oidc:
      env.OIDC_ISSUER_URL && env.OIDC_CLIENT_ID
        ? {
            issuerUrl: env.OIDC_ISSUER_URL,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
          }
        : undefined,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    allowedOrigins: env.ALLOWED_ORIGINS ?? [],
    // A proxy on this machine by default: Caddy beside the app.
    trustProxy: env.TRUST_PROXY ?? ['loopback'],
    logLevel: env.LOG_LEVEL,
    minFreeDiskMb: env.MIN_FREE_DISK_MB,
  }));

export type Env = z.infer<typeof envSchema>;
export type OidcClientConfig = { issuerUrl: string; clientId: string; clientSecret?: string | undefined };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable means "unset", as in most shells' `VAR= command`.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
